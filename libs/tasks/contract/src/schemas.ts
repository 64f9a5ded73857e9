import { Id, requiredString, safeUrl, V, z } from '@intranet/platform-contracts';
import { TASKS_TEXT } from './codes.ts';

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
export const taskFields = {
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
export const taskIndex = z.number().int().min(0).max(1_000_000).optional();

/** A lane's name (§5 generic: required, at most TASKS_LIMITS.laneName symbols). */
export const laneNameSchema = requiredString().max(L.laneName, V.max(L.laneName));

export const deskFields = {
  name: requiredString().max(L.deskName, V.max(L.deskName)),
  description: text(L.deskDescription).optional(),
  admins: ids.optional(),
  members: z.array(memberSchema).max(L.people).optional(),
};
/** A board's name, description and people as POST and PUT api/desk take them (the board settings form's fields). */
export const deskFieldsSchema = z.object(deskFields);
/** Lanes of PUT api/desk/{id}: the whole list in order; `_id` for an existing lane, none for a new one. */
export const lanesInput = z.array(z.object({ _id: Id.optional(), name: laneNameSchema })).max(L.lanes);
