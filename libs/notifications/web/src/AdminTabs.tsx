/**
 * The notifications tabs other remotes show through widget slots (the package's `./admin` export): the admin panel's
 * mail check and notification settings, and the employee administration's notifications tab.
 */
export { MailCheckTab } from './MailCheckTab.tsx';
export { NotifSettingsTab } from './NotifSettingsTab.tsx';
export { EmployeeNotificationsTab } from './EmployeeNotificationsTab.tsx';
