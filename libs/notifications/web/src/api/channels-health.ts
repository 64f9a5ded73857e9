import { useQuery } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** How often the failing-channel report refreshes while shown (ms). */
const REFRESH_MS = 60_000;

/** GET /api/notification/channels/{client} (issue 10): the client's channels that keep failing. */
export const channelsHealthQueryOptions = (client: string) =>
  routeQuery(notificationKeys.failing(client), notificationsAdminRoutes.channelsHealth, { params: { client } });
/** The failing channels, refreshed every minute. */
export const useFailingChannels = (client: string) => useQuery({ ...channelsHealthQueryOptions(client), refetchInterval: REFRESH_MS });
