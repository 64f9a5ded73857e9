import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/idp/{id} (§7 generic module call, module idp): one plan. */
export const idpGetQueryOptions = (workspace: string, id: string) =>
  routeQuery(clientKeys.moduleRecord(workspace, 'idp', id), lmsRoutes.idpGet, { params: { id } });
/** One plan's record on the "all data" tab. */
export const useIdp = (workspace: string, id: string | null) => useQuery({ ...idpGetQueryOptions(workspace, id ?? ''), enabled: !!id });
