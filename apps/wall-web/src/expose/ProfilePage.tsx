/** Exposed as `wall/ProfilePage` (libs/social/web). */
export { ProfilePage as default } from '@intranet/social-web';
