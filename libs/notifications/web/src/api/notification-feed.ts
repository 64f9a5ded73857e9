import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NOTIF_LIMITS, notificationsRoutes } from '@intranet/notifications-contract';
import { call, routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** Who reads: the client and the user of the session. */
export interface Reader {
  client: string;
  user: string;
}

/**
 * GET /api/notification/{client}/{section}/{user}/{time} (§7 Notifications, §2 /notifications tabs) as pages: the
 * first page is `now`, each next page starts at the previous page's `next` time; 20 per page, newest first.
 */
export const notificationFeedInfiniteOptions = (reader: Reader, section: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.feed(section),
    initialPageParam: 'now',
    queryFn: ({ pageParam, signal }) =>
      call(notificationsRoutes.notificationFeed, {
        params: { client: reader.client, section, user: reader.user, time: pageParam },
        query: { limit: NOTIF_LIMITS.page },
        signal,
        silent: true,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
/** A tab's notifications, paged ("show more" fetches the next page). */
export const useNotificationFeed = (reader: Reader, section: string) => useInfiniteQuery(notificationFeedInfiniteOptions(reader, section));

/** The bell's latest `limit` notifications of every section (the same route, one page from `now`). */
export const notificationFeedQueryOptions = (reader: Reader, limit: number) =>
  routeQuery(notificationKeys.latest(), notificationsRoutes.notificationFeed, {
    params: { client: reader.client, section: 'all', user: reader.user, time: 'now' },
    query: { limit },
  });
/** The bell's latest notifications; not asked while `reader` is null (no client or user). */
export const useLatestNotifications = (reader: Reader | null, limit: number) =>
  useQuery({ ...notificationFeedQueryOptions(reader ?? { client: '', user: '' }, limit), enabled: !!reader });
