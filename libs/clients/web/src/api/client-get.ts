import { useQuery } from '@tanstack/react-query';
import { clientRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/clients/{id} (§7 Clients): one client. */
export const clientGetQueryOptions = (id: string) => routeQuery(clientKeys.client(id), clientRoutes.clientGet, { params: { id } });
/** The client behind the client screen (nothing is loaded without an id). */
export const useClient = (id: string | null) => useQuery({ ...clientGetQueryOptions(id ?? ''), enabled: !!id });
