/** Exposed as `wall/BirthdaysPage` (libs/social/web). */
export { BirthdaysPage as default } from '@intranet/social-web';
