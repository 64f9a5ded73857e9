import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/**
 * PUT /api/task_tracker/{desk_id}/move_task (§7 Task tracker, §4): a task to a lane at `index` among the lane's other
 * tasks (0 = top). Owner, admins, the task's performer and co-performers. Resolves to the task.
 */
export const moveTask = (deskId: string, taskId: string, laneId: string, index: number) =>
  call(tasksRoutes.taskMove, { params: { desk_id: deskId }, body: { task_id: taskId, lane_id: laneId, index }, silent: true });
