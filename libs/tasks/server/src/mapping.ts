import { uuidv7 } from '@intranet/platform-db';
import type { Card, Desk, DeskRole, Task } from '@intranet/tasks-contract';
import { canOf } from './access.ts';
import type { CheckItem } from './schema.ts';
import type { CardRow, DeskRow, LaneInfo, PersonRow, TaskRow, TaskValues } from './tasks.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Whether a task is overdue at `now` (ms): a deadline passed and not closed. */
const overdue = (r: Pick<TaskRow, 'deadline' | 'type'>, now: number) => !!r.deadline && r.deadline.getTime() < now && r.type !== 'closed';

/** A board's card (§3 Task without description, checklist items, attachments, observers; with their counts). */
export function toCard(r: CardRow, userId: string | null, role: DeskRole | null, deskStatus: 'active' | 'finished', now = Date.now()): Card {
  return {
    _id: r.id,
    desk_id: r.deskId,
    lane_id: r.laneId,
    position: r.position,
    name: r.name,
    color: r.color,
    border: r.border,
    priority: r.priority,
    tags: r.tags,
    plan_hours: r.planHours,
    actual_hours: r.actualHours,
    owner: r.ownerId,
    performer: r.performerId,
    co_performers: r.coPerformers,
    deadline: iso(r.deadline),
    type: r.type,
    overdue: overdue(r, now),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    can: canOf(r, userId, role, deskStatus),
    checklist_done: r.checkDone,
    checklist_total: r.checkTotal,
    attachments_count: r.files,
  };
}

/** §3 Task as the API returns it, with what `userId` may do with it given their role on the board. */
export function toTask(r: TaskRow, userId: string | null, role: DeskRole | null, deskStatus: 'active' | 'finished', now = Date.now()): Task {
  return {
    _id: r.id,
    desk_id: r.deskId,
    lane_id: r.laneId,
    position: r.position,
    name: r.name,
    description: r.description,
    color: r.color,
    border: r.border,
    priority: r.priority,
    tags: r.tags,
    checklist: r.checklist,
    attachments: r.attachments,
    plan_hours: r.planHours,
    actual_hours: r.actualHours,
    owner: r.ownerId,
    performer: r.performerId,
    co_performers: r.coPerformers,
    observers: r.observers,
    deadline: iso(r.deadline),
    type: r.type,
    overdue: overdue(r, now),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    can: canOf(r, userId, role, deskStatus),
  };
}

/** §3 Task board as the API returns it. */
export function toDesk(d: DeskRow, people: PersonRow[], lanes: LaneInfo[], role: DeskRole, tasksCount: number): Desk {
  return {
    _id: d.id,
    name: d.name,
    description: d.description,
    status: d.status,
    owner: d.ownerId,
    admins: people.filter((p) => p.role === 'admin').map((p) => p.userId),
    members: people.filter((p) => p.role !== 'admin').map((p) => ({ user: p.userId, right: p.role as 'view' | 'comment' })),
    lanes: lanes.map((l) => ({ _id: l.id, name: l.name, tasks_count: l.tasks })),
    my_role: role,
    tasks_count: tasksCount,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    finished_at: iso(d.finishedAt),
  };
}

/** The board's people as stored from a body's admins and members: admins win over members; the owner is neither. */
export function peopleMap(owner: string, admins: string[], members: { user: string; right: 'view' | 'comment' }[]): Map<string, 'admin' | 'comment' | 'view'> {
  const m = new Map<string, 'admin' | 'comment' | 'view'>();
  for (const x of members) if (x.user !== owner) m.set(x.user, x.right);
  for (const a of admins) if (a !== owner) m.set(a, 'admin');
  return m;
}

/** Column values of a task's §3 fields given in `b` (only those present). */
export function taskValues(b: Record<string, unknown>): TaskValues {
  const v: TaskValues = {};
  const has = (k: string) => b[k] !== undefined;
  if (has('name')) v.name = b.name as string;
  if (has('description')) v.description = b.description as string;
  if (has('color')) v.color = b.color as string | null;
  if (has('border')) v.border = b.border as string | null;
  if (has('priority')) v.priority = b.priority as TaskRow['priority'];
  if (has('tags')) v.tags = [...new Set(b.tags as string[])];
  if (has('checklist')) v.checklist = withIds(b.checklist as { _id?: string; text: string; done: boolean }[]);
  if (has('attachments')) v.attachments = b.attachments as TaskRow['attachments'];
  if (has('plan_hours')) v.planHours = b.plan_hours as number | null;
  if (has('actual_hours')) v.actualHours = b.actual_hours as number | null;
  if (has('performer')) v.performerId = b.performer as string | null;
  if (has('co_performers')) v.coPerformers = [...new Set(b.co_performers as string[])];
  if (has('observers')) v.observers = [...new Set(b.observers as string[])];
  if (has('deadline')) {
    v.deadline = b.deadline ? new Date(b.deadline as string) : null;
    v.dueSoonSent = false;
    v.overdueSent = false;
  }
  if (has('type')) v.type = b.type as TaskRow['type'];
  return v;
}

/** The task's assignees: performer (when set) and co-performers. */
export const assignees = (t: Pick<TaskRow, 'performerId' | 'coPerformers'>): string[] => [t.performerId, ...t.coPerformers].filter((x): x is string => !!x);

/** Checklist items with stable ids (new items get one). */
export function withIds(list: { _id?: string; text: string; done: boolean }[]): CheckItem[] {
  return list.map((c) => ({ _id: c._id || uuidv7(), text: c.text, done: c.done }));
}
