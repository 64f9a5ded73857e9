/** Exposed as `notifications/NotifSettingsTab`: the admin panel's notification settings tab (slot `admin:notifSettings`). */
export { NotifSettingsTab as default } from '@intranet/notifications-web/admin';
