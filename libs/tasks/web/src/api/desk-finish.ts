import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/** PUT /api/task_tracker/{id}/finish (§7 Task tracker, §4; owner, admins): every task closes. Resolves to the board. */
export const finishDesk = (id: string) => call(tasksRoutes.deskFinish, { params: { id }, silent: true });
