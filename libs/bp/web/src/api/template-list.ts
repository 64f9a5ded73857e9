import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/bp/tmpls/{client}?bp (§7 Services): the caller's templates of service `bp`. */
export const templateListQueryOptions = (client: string, bp: string) =>
  routeQuery(bpKeys.templates(), bpRoutes.templateList, { params: { client }, query: { bp } });
/** The caller's templates of service `bp` in client `client` (null: not fetched). */
export const useTemplates = (client: string | null, bp: string) => useQuery({ ...templateListQueryOptions(client ?? '', bp), enabled: !!client });
