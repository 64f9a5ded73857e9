/** Exposed as `wall/IdeaPage` (libs/social/web). */
export { IdeaPage as default } from '@intranet/social-web';
