/**
 * Realtime subjects the shell listens to, written out: importing a domain contract for one subject would put all of
 * its routes and schemas into the shell's first load (issue 8 §5). subjects.spec checks each against its contract.
 */

/** The notifications contract's `notificationsEvents.created` (a notification for this user: the bell's new count). */
export const NOTIFICATION_CREATED_SUBJECT = 'evt.notifications.notification.created';
/** The notifications contract's `notificationsEvents.unreadChanged` (marked read elsewhere). */
export const NOTIFICATION_UNREAD_SUBJECT = 'evt.notifications.unread.changed';
/** The notifications contract's `notificationsRoutes.notificationUnread`: GET its path → `{ result: { count } }` (the bell). */
export const NOTIFICATION_UNREAD_PATH = '/api/notification/unread/{client}/{user}';
