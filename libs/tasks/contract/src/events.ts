import { defineEvent, defineSubject, z } from '@intranet/platform-contracts';

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
