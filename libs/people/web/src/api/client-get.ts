import { useQuery } from '@tanstack/react-query';
import { clientRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/clients/{id} (§7 Clients): the client a settings tab edits (the session's copy may be older). */
export const clientGetQueryOptions = (id: string) => routeQuery(peopleKeys.client(id), clientRoutes.clientGet, { params: { id } });
/** The client of a settings tab, loaded fresh. */
export const useClient = (id: string) => useQuery(clientGetQueryOptions(id));
