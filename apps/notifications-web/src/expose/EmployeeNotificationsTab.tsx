/** Exposed as `notifications/EmployeeNotificationsTab`: employee administration's notifications tab (slot `employees:notifications`). */
export { EmployeeNotificationsTab as default } from '@intranet/notifications-web/admin';
