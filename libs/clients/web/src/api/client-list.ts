import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clientRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/clients?search (§7 Clients, superadmin): every client with its employee count. */
export const clientListQueryOptions = (search: string) => routeQuery(clientKeys.list(search), clientRoutes.clientList, { query: search ? { search } : {} });
/** The clients matching `search`, the previous list kept while the next loads. */
export const useClients = (search: string) => useQuery({ ...clientListQueryOptions(search), placeholderData: keepPreviousData });
