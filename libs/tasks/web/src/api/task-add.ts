import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/** PUT /api/task_tracker/{desk_id}/{lane_id}/add_task (§7 Task tracker; owner, admins): a named task on top of the lane. */
export const addTask = (deskId: string, laneId: string, name: string) =>
  call(tasksRoutes.taskAdd, { params: { desk_id: deskId, lane_id: laneId }, body: { name, index: 0 }, silent: true });
