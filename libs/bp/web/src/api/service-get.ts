import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/bp/{id} (§7 Services): one service with its steps (those who may start it, and administrators). */
export const serviceGetQueryOptions = (id: string) => routeQuery(bpKeys.service(id), bpRoutes.serviceGet, { params: { id } });
/** The service behind /service/:id (`enabled` false: not fetched, e.g. /service/new). */
export const useService = (id: string, enabled = true) => useQuery({ ...serviceGetQueryOptions(id), enabled });
/** The service a service request names, kept a minute and not retried (a deleted one answers 404). */
export const useAskedService = (id: string) => useQuery({ ...serviceGetQueryOptions(id), staleTime: 60_000, retry: false });
