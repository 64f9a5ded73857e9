import { useQuery } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET /api/adaptation/items (§7 Adaptation): the client's items, newest first, with their total. */
export const itemListQueryOptions = () => routeQuery(adaptationKeys.items(), adaptationRoutes.itemList, { query: {} });
/** The client's items (first page). */
export const useItems = () => useQuery(itemListQueryOptions());
