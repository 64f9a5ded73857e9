import { useQuery } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/stats { dateFrom, dateTo }: the period's statistics (a read sent as POST). */
export const statsGetQueryOptions = (dateFrom: string, dateTo: string) => ({
  queryKey: shopKeys.stats(dateFrom, dateTo),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(shopRoutes.statsGet, { body: { dateFrom: dateFrom || undefined, dateTo: dateTo || undefined }, signal, silent: true }),
});
export const useStats = (dateFrom: string, dateTo: string) => useQuery(statsGetQueryOptions(dateFrom, dateTo));
