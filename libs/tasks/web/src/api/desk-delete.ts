import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/desk/{id} (§7 generic module call `desk`; owner only): the board with its lanes and tasks. */
export const deleteDesk = (id: string) => call(tasksRoutes.deskDelete, { params: { id }, silent: true });
