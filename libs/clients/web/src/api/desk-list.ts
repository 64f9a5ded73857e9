import { useQuery } from '@tanstack/react-query';
import { tasksRoutes } from '@intranet/tasks-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/desk?filter=all&page (§7 generic module call, module desk): the workspace's boards the caller sees. */
export const deskListQueryOptions = (workspace: string, page: number) =>
  routeQuery(clientKeys.moduleList(workspace, 'desk', page), tasksRoutes.deskList, { query: { filter: 'all', page, limit: 20 } });
/** Boards on the "all data" tab. */
export const useDeskList = (workspace: string, page: number, enabled: boolean) => useQuery({ ...deskListQueryOptions(workspace, page), enabled });
