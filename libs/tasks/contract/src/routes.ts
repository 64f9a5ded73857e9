import { access, defineRoute, Id, z } from '@intranet/platform-contracts';
import { defineModule, moduleCall } from './modules.ts';
import {
  boardSchema,
  deskFields,
  deskSchema,
  DESK_STATUSES,
  laneNameSchema,
  lanesInput,
  myTaskSchema,
  taskFields,
  taskIndex,
  taskSchema,
  taskUpdateSchema,
  TASKS_LIMITS,
} from './schemas.ts';

const L = TASKS_LIMITS;

export const desk = defineModule({ domain: 'tasks', module: 'desk', access: access.feature('task_tracker'), spec: '§3 Task board, §6' });
export const taskModule = defineModule({ domain: 'tasks', module: 'task', access: access.feature('task_tracker'), spec: '§3 Task, §6' });

const page = { page: z.coerce.number().int().min(1).max(100_000).default(1), limit: z.coerce.number().int().min(1).max(100).default(50) };
/** Board lists of /task-tracker/: mine (I own), member (I am on, not owner), finished (mine or on, finished), all (active ones I own or am on). */
export const DESK_FILTERS = ['all', 'mine', 'member', 'finished'] as const;

/**
 * The task tracker's routes (§7 Task tracker and the generic module calls of modules `desk` and `task`), keyed
 * `<entity><Verb>` of their subject `tasks.<entity>.<verb>` (issue 30 §1); the HTTP paths are the spec's.
 */
export const tasksRoutes = {
  // §7 generic module calls, module `desk` (boards and their lanes).
  deskList: moduleCall.list(desk, {
    summary: 'Boards of the caller: filter mine, member, finished or all (active), newest first',
    query: z.object({ filter: z.enum(DESK_FILTERS).default('all'), ...page }),
    result: z.object({ items: z.array(deskSchema), total: z.number().int() }),
  }),
  deskGet: moduleCall.get(desk, { summary: 'A board with its lanes and tasks in order (members only; others 404)', result: boardSchema }),
  deskCreate: moduleCall.create(desk, {
    summary: 'Create a board with lanes (desk_add right); the caller owns it',
    access: access.feature('desk_add'),
    body: z.object({
      ...deskFields,
      lanes: z.array(laneNameSchema).max(L.lanes).optional(),
    }),
    result: deskSchema,
  }),
  deskUpdate: moduleCall.update(desk, {
    summary:
      'Change a board (owner, admins): name, description, admins, members, lanes (order, rename, add; a dropped lane must be empty), status active restores a finished board',
    body: z.object({ ...deskFields, name: deskFields.name.optional(), lanes: lanesInput.optional(), status: z.enum(DESK_STATUSES).optional() }),
    result: deskSchema,
  }),
  deskDelete: moduleCall.delete(desk, { summary: 'Delete a board with its lanes and tasks (owner only)', result: z.object({ _id: z.string() }) }),

  // §7 generic module call, module `task`: my tasks across boards.
  taskList: moduleCall.list(taskModule, {
    summary: 'Tasks of the caller across boards: filter mine (performer or co-performer), observed or created; open ones first by deadline',
    query: z.object({ filter: z.enum(['mine', 'observed', 'created']).default('mine'), finished: z.enum(['0', '1']).default('0'), ...page }),
    result: z.object({ items: z.array(myTaskSchema), total: z.number().int() }),
  }),

  // §7 Task tracker.
  taskGet: defineRoute({
    method: 'GET',
    path: 'api/task/{id}',
    subject: 'tasks.task.get',
    summary: 'A task (members of its board, its people)',
    spec: '§7 Task tracker',
    access: access.feature('task_tracker'),
    params: z.object({ id: Id }),
    result: taskSchema,
  }),
  taskCreate: defineRoute({
    method: 'POST',
    path: 'api/task',
    subject: 'tasks.task.create',
    summary: 'Create a task in a lane of a board (owner, admins)',
    spec: '§7 Task tracker',
    access: access.feature('task_tracker'),
    body: z.object({ ...taskFields, desk_id: Id, lane_id: Id, index: taskIndex }),
    result: taskSchema,
  }),
  taskAdd: defineRoute({
    method: 'PUT',
    path: 'api/task_tracker/{desk_id}/{lane_id}/add_task',
    subject: 'tasks.task.add',
    summary: 'Add a task to a lane (owner, admins); index 0 puts it on top, none at the bottom',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ desk_id: Id, lane_id: Id }),
    body: z.object({ ...taskFields, index: taskIndex }),
    result: taskSchema,
  }),
  taskUpdate: defineRoute({
    method: 'PUT',
    path: 'api/task/{id}',
    subject: 'tasks.task.update',
    summary: 'Change a task: owner and admins of its board any field; performer and co-performers type, checklist and actual hours',
    spec: '§7 Task tracker, §6',
    access: access.feature('task_tracker'),
    params: z.object({ id: Id }),
    body: taskUpdateSchema,
    result: taskSchema,
  }),
  taskDelete: defineRoute({
    method: 'DELETE',
    path: 'api/task/{id}',
    subject: 'tasks.task.delete',
    summary: 'Delete a task (owner, admins of its board)',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ id: Id }),
    result: z.object({ _id: z.string() }),
  }),
  laneDelete: defineRoute({
    method: 'DELETE',
    path: 'api/task_tracker/{desk_id}/lane/{lane_id}',
    subject: 'tasks.lane.delete',
    summary:
      'Delete a lane (owner, admins). A lane with tasks needs tasks=move&to=<lane> (appended there in order) or tasks=delete; otherwise 409 laneHasTasks {count}',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ desk_id: Id, lane_id: Id }),
    query: z.object({ tasks: z.enum(['move', 'delete']).optional(), to: Id.optional() }),
    result: deskSchema,
  }),
  taskMove: defineRoute({
    method: 'PUT',
    path: 'api/task_tracker/{desk_id}/move_task',
    subject: 'tasks.task.move',
    summary:
      "Move a task to a lane and position (index among the lane's other tasks, 0 = top). Owner, admins, the task's performer and co-performers. Concurrent moves are serialised per lane",
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ desk_id: Id }),
    body: z.object({ task_id: Id, lane_id: Id, index: z.number().int().min(0).max(1_000_000) }),
    result: taskSchema,
  }),
  deskFinish: defineRoute({
    method: 'PUT',
    path: 'api/task_tracker/{id}/finish',
    subject: 'tasks.desk.finish',
    summary: 'Finish a board (owner, admins): every task ends (closed); PUT api/desk/{id} {status: active} restores both',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ id: Id }),
    result: deskSchema,
  }),
};
