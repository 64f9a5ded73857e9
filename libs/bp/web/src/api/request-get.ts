import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/bp/request/{id} (§7 Services, added): one request with its steps, values, history and comments. */
export const requestGetQueryOptions = (id: string) => routeQuery(bpKeys.request(id), bpRoutes.requestGet, { params: { id } });
/** The request behind /service/request/:id. */
export const useRequest = (id: string) => useQuery(requestGetQueryOptions(id));
