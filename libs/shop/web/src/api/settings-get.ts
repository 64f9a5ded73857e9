import { useQuery } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { routeQuery } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** GET api/shop/byClient/{client}: the shop settings and the caller's abilities. */
export const settingsGetQueryOptions = (client: string) => routeQuery(shopKeys.settings(client), shopRoutes.settingsGet, { params: { client } });
export const useShopSettings = (client: string) => useQuery(settingsGetQueryOptions(client));
