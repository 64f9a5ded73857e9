/** Exposed as `wall/GroupsPage` (libs/social/web). */
export { GroupsPage as default } from '@intranet/social-web';
