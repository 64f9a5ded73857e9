import { access, defineEvent, defineRoute, defineSubject, Id, requiredString, safeUrl, V, z } from '@intranet/platform-contracts';
import { defineModule, moduleCall } from './modules.ts';

export * from './codes.ts';
export { defineModule, moduleCall, type ModuleRef } from './modules.ts';

/**
 * The task tracker's API as data (DESIGN §4; spec §3 Task board and Task, §4 Task board, §6, §7 Task tracker and the
 * generic module calls for the `desk` and `task` modules).
 */

/** Limits of the task tracker (the spec gives none: these keep a board usable and a request bounded). */
export const TASKS_LIMITS = {
  deskName: 100,
  deskDescription: 2000,
  laneName: 50,
  lanes: 50,
  taskName: 200,
  taskDescription: 10_000,
  tags: 20,
  tag: 30,
  checklist: 100,
  checkText: 300,
  attachments: 20,
  people: 100,
  hours: 100_000,
  /** A task whose deadline is within this many hours is "due soon" (evt.tasks.task.due_soon). */
  dueSoonHours: 24,
} as const;

/** Error texts of the task tracker (server and web say the same; the web words them by code in ru, uk, en). */
export const TASKS_TEXT = {
  colour: 'Colour must be #rrggbb',
  laneHasTasks: 'The lane has tasks: move them or delete them',
  sameLane: 'Choose another lane',
  laneNotFound: 'Lane not found',
  deskFinished: 'The board is finished',
  notMember: 'User not found',
  notNumber: 'Must be a number',
  notNegative: 'Must be 0 or more',
} as const;

/** Error codes raised with TASKS_TEXT (the web's `codes` wording). */
export const TASKS_CODES = {
  laneHasTasks: 'laneHasTasks',
  sameLane: 'sameLane',
  laneNotFound: 'laneNotFound',
  deskFinished: 'deskFinished',
} as const;

/** §4 Task board states. */
export const DESK_STATUSES = ['active', 'finished'] as const;
/** §4 Task type. */
export const TASK_TYPES = ['open', 'active', 'closed', 'hidden'] as const;
/** Task priorities, lowest first. */
export const PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
/** §3/§6 member rights on a board. */
export const MEMBER_RIGHTS = ['view', 'comment'] as const;
/** What the caller is on a board: owner and admins change it; comment members comment; view members read. */
export const DESK_ROLES = ['owner', 'admin', 'comment', 'view'] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

const L = TASKS_LIMITS;
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, TASKS_TEXT.colour);
const text = (max: number) => z.string().trim().max(max, V.max(max));
/**
 * Planned or actual hours: a number from 0 to TASKS_LIMITS.hours. Anything else that is given (text such as "abc")
 * is 'Must be a number' (code notNumber), a negative one 'Must be 0 or more' (notNegative), more tooBig {max}.
 */
export const hoursSchema = z
  // The schema-wide `error` words only a value of the wrong type; the range checks keep their own messages.
  .number({ error: (issue) => (issue.code !== 'invalid_type' ? undefined : issue.input === undefined ? V.required : TASKS_TEXT.notNumber) })
  .min(0, TASKS_TEXT.notNegative)
  .max(L.hours);
const ids = z.array(Id).max(L.people);

export const laneSchema = z.object({ _id: z.string(), name: z.string(), tasks_count: z.number().int() });
export const memberSchema = z.object({ user: Id, right: z.enum(MEMBER_RIGHTS) });
export const checkItemSchema = z.object({ _id: z.string(), text: z.string(), done: z.boolean() });
/** §3 Task attachments: url, thumb, mime, name (files uploaded first with POST api/upload). */
export const attachmentSchema = z.object({
  url: safeUrl(2000),
  thumb: safeUrl(2000).nullable().default(null),
  mime: z.string().max(200).default('application/octet-stream'),
  name: text(300).min(1, V.required),
});

/** §3 Task board (desk) as the API returns it. */
export const deskSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(DESK_STATUSES),
  owner: z.string(),
  admins: z.array(z.string()),
  members: z.array(z.object({ user: z.string(), right: z.enum(MEMBER_RIGHTS) })),
  lanes: z.array(laneSchema),
  /** The caller's role on it. */
  my_role: z.enum(DESK_ROLES),
  tasks_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Desk = z.infer<typeof deskSchema>;

/** §3 Task, in full (GET api/task/{id}) and on the board. */
export const taskSchema = z.object({
  _id: z.string(),
  desk_id: z.string(),
  lane_id: z.string(),
  /** Fractional order key within the lane (compare as plain strings, not by locale). */
  position: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string().nullable(),
  border: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  tags: z.array(z.string()),
  checklist: z.array(checkItemSchema),
  attachments: z.array(z.object({ url: z.string(), thumb: z.string().nullable(), mime: z.string(), name: z.string() })),
  plan_hours: z.number().nullable(),
  actual_hours: z.number().nullable(),
  owner: z.string(),
  performer: z.string().nullable(),
  co_performers: z.array(z.string()),
  observers: z.array(z.string()),
  deadline: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  /** Deadline passed and the task is not closed. */
  overdue: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do: 'edit' (owner/admins of the board), 'progress' (performer, co-performers: type, checklist, actual hours), 'view'. */
  can: z.enum(['edit', 'progress', 'view']),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * A task as a card of the board: the task without its description, checklist items, attachments and observers (the
 * drawer reads them with GET api/task/{id}), with the checklist's and attachments' counts instead.
 */
export const cardSchema = taskSchema
  .omit({ description: true, checklist: true, attachments: true, observers: true })
  .extend({ checklist_done: z.number().int(), checklist_total: z.number().int(), attachments_count: z.number().int() });
export type Card = z.infer<typeof cardSchema>;

/** A board with its tasks as cards in order (lane by lane, position ascending). */
export const boardSchema = deskSchema.extend({ tasks: z.array(cardSchema) });
export type Board = z.infer<typeof boardSchema>;

/** A task of "my tasks" (with its board's name). */
export const myTaskSchema = taskSchema.extend({ desk_name: z.string(), lane_name: z.string(), desk_status: z.enum(DESK_STATUSES) });

/** The editable fields of a task (§3). */
const taskFields = {
  name: requiredString().max(L.taskName, V.max(L.taskName)),
  description: text(L.taskDescription).optional(),
  color: colour.nullable().optional(),
  border: colour.nullable().optional(),
  priority: z.enum(PRIORITIES).optional(),
  tags: z.array(text(L.tag).min(1, V.required)).max(L.tags).optional(),
  checklist: z
    .array(z.object({ _id: z.string().max(64).optional(), text: requiredString().max(L.checkText, V.max(L.checkText)), done: z.boolean().default(false) }))
    .max(L.checklist)
    .optional(),
  attachments: z.array(attachmentSchema).max(L.attachments).optional(),
  plan_hours: hoursSchema.nullable().optional(),
  actual_hours: hoursSchema.nullable().optional(),
  performer: Id.nullable().optional(),
  co_performers: ids.optional(),
  observers: ids.optional(),
  deadline: z.iso.datetime({ offset: true, message: 'Invalid date' }).nullable().optional(),
  type: z.enum(TASK_TYPES).optional(),
};
export const taskFieldsSchema = z.object(taskFields);
export const taskUpdateSchema = z.object({ ...taskFields, name: taskFields.name.optional() });
/** Where a new task goes in its lane: 0 = top; absent = bottom. */
const index = z.number().int().min(0).max(1_000_000).optional();

/** A lane's name (§5 generic: required, at most TASKS_LIMITS.laneName symbols). */
export const laneNameSchema = requiredString().max(L.laneName, V.max(L.laneName));

const deskFields = {
  name: requiredString().max(L.deskName, V.max(L.deskName)),
  description: text(L.deskDescription).optional(),
  admins: ids.optional(),
  members: z.array(memberSchema).max(L.people).optional(),
};
/** A board's name, description and people as POST and PUT api/desk take them (the board settings form's fields). */
export const deskFieldsSchema = z.object(deskFields);
/** Lanes of PUT api/desk/{id}: the whole list in order; `_id` for an existing lane, none for a new one. */
const lanesInput = z.array(z.object({ _id: Id.optional(), name: laneNameSchema })).max(L.lanes);

export const desk = defineModule({ domain: 'tasks', module: 'desk', access: access.feature('task_tracker'), spec: '§3 Task board, §6' });
export const taskModule = defineModule({ domain: 'tasks', module: 'task', access: access.feature('task_tracker'), spec: '§3 Task, §6' });

const page = { page: z.coerce.number().int().min(1).max(100_000).default(1), limit: z.coerce.number().int().min(1).max(100).default(50) };
/** Board lists of /task-tracker/: mine (I own), member (I am on, not owner), finished (mine or on, finished), all (active ones I own or am on). */
export const DESK_FILTERS = ['all', 'mine', 'member', 'finished'] as const;

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
    body: z.object({ ...taskFields, desk_id: Id, lane_id: Id, index }),
    result: taskSchema,
  }),
  addTask: defineRoute({
    method: 'PUT',
    path: 'api/task_tracker/{desk_id}/{lane_id}/add_task',
    subject: 'tasks.tracker.addTask',
    summary: 'Add a task to a lane (owner, admins); index 0 puts it on top, none at the bottom',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ desk_id: Id, lane_id: Id }),
    body: z.object({ ...taskFields, index }),
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
    subject: 'tasks.tracker.laneDelete',
    summary:
      'Delete a lane (owner, admins). A lane with tasks needs tasks=move&to=<lane> (appended there in order) or tasks=delete; otherwise 409 laneHasTasks {count}',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ desk_id: Id, lane_id: Id }),
    query: z.object({ tasks: z.enum(['move', 'delete']).optional(), to: Id.optional() }),
    result: deskSchema,
  }),
  moveTask: defineRoute({
    method: 'PUT',
    path: 'api/task_tracker/{desk_id}/move_task',
    subject: 'tasks.tracker.moveTask',
    summary:
      "Move a task to a lane and position (index among the lane's other tasks, 0 = top). Owner, admins, the task's performer and co-performers. Concurrent moves are serialised per lane",
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ desk_id: Id }),
    body: z.object({ task_id: Id, lane_id: Id, index: z.number().int().min(0).max(1_000_000) }),
    result: taskSchema,
  }),
  finish: defineRoute({
    method: 'PUT',
    path: 'api/task_tracker/{id}/finish',
    subject: 'tasks.tracker.finish',
    summary: 'Finish a board (owner, admins): every task ends (closed); PUT api/desk/{id} {status: active} restores both',
    spec: '§7 Task tracker, §4',
    access: access.feature('task_tracker'),
    params: z.object({ id: Id }),
    result: deskSchema,
  }),
};

/** Who an event concerns: the board's people (owner, admins, members, task people); the gateway relays only to them. */
const audience = { userIds: z.array(z.string()) };
const deskRef = { desk_id: z.string(), by: z.string().nullable() };

/** Events of the task tracker (DESIGN §6) for notifications and live boards. */
export const tasksEvents = {
  deskChanged: defineEvent(
    'evt.tasks.desk.changed',
    z.object({ ...deskRef, ...audience, action: z.enum(['created', 'updated', 'finished', 'restored', 'deleted', 'lane_deleted']) }),
    'A board, its lanes or its people changed',
  ),
  taskChanged: defineEvent(
    'evt.tasks.task.changed',
    z.object({ ...deskRef, ...audience, task_id: z.string(), action: z.enum(['created', 'updated', 'deleted']) }),
    'A task was created, changed or deleted',
  ),
  taskMoved: defineEvent(
    'evt.tasks.task.moved',
    z.object({ ...deskRef, ...audience, task_id: z.string(), from_lane: z.string(), lane_id: z.string(), position: z.string() }),
    'A task moved to a lane and position',
  ),
  taskAssigned: defineEvent(
    'evt.tasks.task.assigned',
    z.object({ ...deskRef, ...audience, task_id: z.string(), name: z.string(), assignees: z.array(z.string()) }),
    'People became performer or co-performers of a task (assignees: the new ones)',
  ),
  taskDueSoon: defineEvent(
    'evt.tasks.task.due_soon',
    z.object({ ...deskRef, ...audience, task_id: z.string(), name: z.string(), deadline: z.string(), people: z.array(z.string()) }),
    'A task is due within TASKS_LIMITS.dueSoonHours (once per deadline)',
  ),
  taskOverdue: defineEvent(
    'evt.tasks.task.overdue',
    z.object({ ...deskRef, ...audience, task_id: z.string(), name: z.string(), deadline: z.string(), people: z.array(z.string()) }),
    'A task passed its deadline unclosed (once per deadline)',
  ),
};

/** Bus-only subjects of the tasks service. */
export const tasksSubjects = {
  /** Scans deadlines of every client now (the service also runs it every few minutes): due-soon and overdue events, once each. */
  scanDeadlines: defineSubject(
    'tasks.internal.scanDeadlines',
    z.object({ now: z.string().optional() }),
    z.object({ dueSoon: z.number().int(), overdue: z.number().int() }),
  ),
  /**
   * Asked by social for the comments of a task (§3 Comment and Post with parent type `task`; ctx: the service in the
   * task's client): may `user_id` read / comment task `task_id`, and who hears of its comments. Read: anyone with a
   * role on the board (a hidden task: only editors and its people); comment: owner, admins, members with the
   * `comment` right, the performer and co-performers, while the board is active. A task of another client or none:
   * all false, no audience.
   */
  commentAccess: defineSubject(
    'tasks.internal.commentAccess',
    z.object({ task_id: z.string(), user_id: z.string().nullable() }),
    z.object({ read: z.boolean(), comment: z.boolean(), userIds: z.array(z.string()) }),
    'May a user read or comment a task, and its audience (for social)',
  ),
};
