import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/idp?page (§7 generic module call, module idp): the plans the caller sees (administrators: all). */
export const idpListQueryOptions = (workspace: string, page: number) =>
  routeQuery(clientKeys.moduleList(workspace, 'idp', page), lmsRoutes.idpList, { query: { page, limit: 20 } });
/** Plans on the "all data" tab. */
export const useIdpList = (workspace: string, page: number, enabled: boolean) => useQuery({ ...idpListQueryOptions(workspace, page), enabled });
