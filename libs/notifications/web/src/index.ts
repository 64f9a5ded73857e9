/** Web pages of the notifications domain (DESIGN §3), exposed to the shell by apps/notifications-web. */
export { NotificationsPage } from './NotificationsPage.tsx';
