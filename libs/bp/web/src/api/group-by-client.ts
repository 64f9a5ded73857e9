import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/service_group/byClient/{client}?search (§7 Services, §2 /services/): groups with the services the caller may start. */
export const groupByClientQueryOptions = (client: string, search: string) =>
  routeQuery(bpKeys.catalogue(), bpRoutes.groupByClient, { params: { client }, query: search ? { search } : {} });
/** The catalogue of client `client` (null while the session loads: not fetched), filtered by `search` when given. */
export const useCatalogue = (client: string | null, search: string) => useQuery({ ...groupByClientQueryOptions(client ?? '', search), enabled: !!client });
