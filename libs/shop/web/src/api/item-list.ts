import { useQuery } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { routeQuery } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** GET api/shop/{client_id}/shop_items: the catalogue, newest first. */
export const itemListQueryOptions = (client: string) => routeQuery(shopKeys.items(client), shopRoutes.itemList, { params: { client_id: client }, query: {} });
export const useItems = (client: string) => useQuery(itemListQueryOptions(client));
