import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { clientRoutes, type Client } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';
import { sessionKeys } from '@intranet/web-session';

export const clientKeys = {
  all: ['clients'] as const,
  list: (search: string) => ['clients', 'list', search] as const,
  one: (id: string) => ['clients', 'one', id] as const,
};

/** GET /api/clients (superadmin): all clients with their employee counts. */
export function useClients(search: string) {
  return useQuery({
    queryKey: clientKeys.list(search),
    queryFn: ({ signal }) => call(clientRoutes.clientList, { query: search ? { search } : {}, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/clients/{id}. */
export function useClient(id: string | null) {
  return useQuery({
    queryKey: clientKeys.one(id ?? ''),
    queryFn: ({ signal }) => call(clientRoutes.clientGet, { params: { id: id! }, signal, silent: true }),
    enabled: !!id,
  });
}

/** After a change: put the new client into the caches (detail and session) and refresh the list. */
export function clientChanged(qc: QueryClient, client: Client): void {
  qc.setQueryData(clientKeys.one(client._id), client);
  if (qc.getQueryData(sessionKeys.client(client._id))) qc.setQueryData(sessionKeys.client(client._id), client);
  void qc.invalidateQueries({ queryKey: ['clients', 'list'] });
}
