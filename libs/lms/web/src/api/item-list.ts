import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET /api/lms/items (§7 Lms): the client's items, newest first, with their total. */
export const itemListQueryOptions = () => routeQuery(lmsKeys.items(), lmsRoutes.itemList, { query: {} });
/** The client's items (first page). */
export const useItems = () => useQuery(itemListQueryOptions());
