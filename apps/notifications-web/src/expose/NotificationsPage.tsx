/** Exposed as `notifications/NotificationsPage` (libs/notifications/web). */
export { NotificationsPage as default } from '@intranet/notifications-web';
