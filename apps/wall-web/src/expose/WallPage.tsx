/** Exposed as `wall/WallPage` (libs/social/web). */
export { WallPage as default } from '@intranet/social-web';
