import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/bp/{id}/requests?finished&page&limit (§2 requests tab, administrators): the service's requests, newest first. */
export const requestByServiceQueryOptions = (id: string, finished: '' | '0' | '1', page: number, limit: number) =>
  routeQuery(bpKeys.byService(), bpRoutes.requestByService, { params: { id }, query: { page, limit, ...(finished ? { finished } : {}) } });
/** One page of service `id`'s requests: all (''), running ('0') or finished ('1'). */
export const useServiceRequests = (id: string, finished: '' | '0' | '1', page: number, limit: number) =>
  useQuery(requestByServiceQueryOptions(id, finished, page, limit));
