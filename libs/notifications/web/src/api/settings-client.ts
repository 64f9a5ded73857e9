import { useQuery } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET /api/user/notifications/client/{client} (§7 Users notifications settings): the client's defaults and webhooks. */
export const settingsClientQueryOptions = (client: string) =>
  routeQuery(notificationKeys.clientSettings(client), notificationsRoutes.settingsClient, { params: { client } });
/** The client's default switches and webhooks (administrators); not asked while `client` is empty. */
export const useClientSettings = (client: string) => useQuery({ ...settingsClientQueryOptions(client), enabled: !!client });
