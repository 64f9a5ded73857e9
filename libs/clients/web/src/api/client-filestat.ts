import { useQuery } from '@tanstack/react-query';
import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/clients/{id}/filestat (§7 Clients, superadmin): stored objects and bytes, in all and per folder. */
export const clientFilestatQueryOptions = (id: string) => routeQuery(clientKeys.filestat(id), clientLifecycleRoutes.clientFilestat, { params: { id } });
/** A workspace's file statistics on its maintenance tab. */
export const useClientFilestat = (id: string) => useQuery(clientFilestatQueryOptions(id));
