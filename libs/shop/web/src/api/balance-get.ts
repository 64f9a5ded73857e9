import { useQuery } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { routeQuery } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** GET api/shop/balance/{id}?page: a balance with its paged history. */
export const balanceGetQueryOptions = (id: string, page: number) =>
  routeQuery(shopKeys.balance(id, page), shopRoutes.balanceGet, { params: { id }, query: { page: String(page), limit: '20' } });
/** The balance of `id` (page `page` of its history); `enabled` false asks nothing (the user-menu widget when off). */
export const useBalance = (id: string, page: number, enabled = true) => useQuery({ ...balanceGetQueryOptions(id, page), enabled: enabled && !!id });
