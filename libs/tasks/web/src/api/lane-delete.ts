import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/** What happens to a deleted lane's tasks: moved to the end of lane `to`, or deleted; none for an empty lane. */
export type LaneTasks = { tasks: 'move'; to: string } | { tasks: 'delete' } | Record<string, never>;

/**
 * DELETE /api/task_tracker/{desk_id}/lane/{lane_id} (§7 Task tracker, §4; owner, admins). A lane with tasks and no
 * choice is refused 409 laneHasTasks {count}. Resolves to the board.
 */
export const deleteLane = (deskId: string, laneId: string, query: LaneTasks) =>
  call(tasksRoutes.laneDelete, { params: { desk_id: deskId, lane_id: laneId }, query, silent: true });
