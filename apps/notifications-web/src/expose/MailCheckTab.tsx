/** Exposed as `notifications/MailCheckTab`: the admin panel's mail check tab (widget slot `admin:mail`). */
export { MailCheckTab as default } from '@intranet/notifications-web/admin';
