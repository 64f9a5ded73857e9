import { useQuery } from '@tanstack/react-query';
import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/clients/stat/{id} (§7 Clients, superadmin): employees, posts, articles, files, storage, rows per table. */
export const clientStatQueryOptions = (id: string) => routeQuery(clientKeys.stat(id), clientLifecycleRoutes.clientStat, { params: { id } });
/** A workspace's statistics on its maintenance tab. */
export const useClientStat = (id: string) => useQuery(clientStatQueryOptions(id));
