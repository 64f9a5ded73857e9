import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/task/{id} (§7 Task tracker; owner, admins of its board). */
export const deleteTask = (id: string) => call(tasksRoutes.taskDelete, { params: { id }, silent: true });
