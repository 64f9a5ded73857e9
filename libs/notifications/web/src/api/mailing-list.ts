import { useQuery } from '@tanstack/react-query';
import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET /api/mailing (§7 Mailings): the mailings of the caller's workspace with their job state. */
export const mailingListQueryOptions = () => routeQuery(notificationKeys.mailings(), mailingRoutes.mailingList, { query: {} });
/** The workspace's mailings. */
export const useMailings = () => useQuery(mailingListQueryOptions());
