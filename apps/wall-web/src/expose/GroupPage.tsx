/** Exposed as `wall/GroupPage` (libs/social/web). */
export { GroupPage as default } from '@intranet/social-web';
