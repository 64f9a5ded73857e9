import { useQuery } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';
import type { Reader } from './notification-feed.ts';

/** GET /api/notification/unread/{client}/{user} (§7 Notifications, §4 unread count): the count and per section. */
export const notificationUnreadQueryOptions = (reader: Reader) =>
  routeQuery(notificationKeys.unread(), notificationsRoutes.notificationUnread, { params: { client: reader.client, user: reader.user } });
/** The reader's unread count; not asked while `reader` is null (no client or user yet). */
export const useUnreadCount = (reader: Reader | null) => useQuery({ ...notificationUnreadQueryOptions(reader ?? { client: '', user: '' }), enabled: !!reader });
