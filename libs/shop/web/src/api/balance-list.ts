import { useQuery } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { routeQuery } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** GET api/shop/balances/{client}: per-employee balances, highest first. */
export const balanceListQueryOptions = (client: string) => routeQuery(shopKeys.balances(client), shopRoutes.balanceList, { params: { client }, query: {} });
export const useBalances = (client: string, enabled: boolean) => useQuery({ ...balanceListQueryOptions(client), enabled });
