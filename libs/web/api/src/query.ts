import { queryOptions } from '@tanstack/react-query';
import type { RouteRef } from '@intranet/platform-contracts/base';
import type { RouteDef, RouteResult } from '@intranet/platform-contracts';
import { call, type CallArgs, type CallInput } from './client.ts';
import type { ApiError } from './errors.ts';

/**
 * The `queryOptions` of one contract route (issue 31 §1, bulletproof-react's `features/*\/api` files): the query key is
 * the domain's key for this route (`key`, from the domain's `api/keys.ts`) followed by the call's params and query, and
 * the fetch goes through `call` with the query's abort signal, silently (the screen shows a failed load inline).
 * Output: options for `useQuery`/`useSuspenseQuery`/`queryClient.fetchQuery`, typed with the route's result; errors are
 * `ApiError` (§8).
 */
export function routeQuery<D extends RouteDef>(key: readonly unknown[], route: D | RouteRef<D>, ...args: CallArgs<D>) {
  const input = (args[0] ?? {}) as CallInput<D> & { params?: unknown; query?: unknown };
  return queryOptions<RouteResult<D>, ApiError, RouteResult<D>, readonly unknown[]>({
    queryKey: [...key, { params: input.params ?? null, query: input.query ?? null }],
    queryFn: ({ signal }) => call(route, ...([{ ...input, signal, silent: true }] as unknown as CallArgs<D>)),
  });
}
