import { useQuery } from '@tanstack/react-query';
import { tasksRoutes } from '@intranet/tasks-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/desk/{id} (§7 generic module call, module desk): one board with its lanes and tasks. */
export const deskGetQueryOptions = (workspace: string, id: string) =>
  routeQuery(clientKeys.moduleRecord(workspace, 'desk', id), tasksRoutes.deskGet, { params: { id } });
/** One board's record on the "all data" tab. */
export const useDesk = (workspace: string, id: string | null) => useQuery({ ...deskGetQueryOptions(workspace, id ?? ''), enabled: !!id });
