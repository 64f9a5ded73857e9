import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/service/requests?page&limit (administrators): the client's service requests, newest first. */
export const serviceReqListQueryOptions = (page: number, limit: number) => routeQuery(bpKeys.asks(), bpRoutes.serviceReqList, { query: { page, limit } });
/** One page (1-based, `limit` a page) of the service requests. */
export const useServiceReqs = (page: number, limit: number) => useQuery(serviceReqListQueryOptions(page, limit));
