/** Exposed as `wall/PostPage` (libs/social/web). */
export { PostPage as default } from '@intranet/social-web';
