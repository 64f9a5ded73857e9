import type { Board, Card as TaskCard } from '@intranet/tasks-contract';

/** Lane id → task ids in order. */
export type Columns = Record<string, string[]>;

/** Space picks a card up and drops it; Escape cancels; Enter stays free to open the task. */
export const KEYS = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** Lane → task ids in the board's order. */
export function columnsOf(b: Board): Columns {
  const out: Columns = Object.fromEntries(b.lanes.map((l) => [l._id, [] as string[]]));
  for (const t of b.tasks) out[t.lane_id]?.push(t._id);
  return out;
}

/** The board's filters ('' = any). */
export interface Filters {
  performer: string;
  tag: string;
  priority: string;
  deadline: '' | 'overdue' | 'week' | 'none';
}

/** Whether a card passes the board's filters (performer or co-performer, tag, priority, deadline; `now` in ms). */
export function matches(t: TaskCard, f: Filters, now = Date.now()): boolean {
  if (f.performer && t.performer !== f.performer && !t.co_performers.includes(f.performer)) return false;
  if (f.tag && !t.tags.includes(f.tag)) return false;
  if (f.priority && t.priority !== f.priority) return false;
  if (f.deadline === 'overdue' && !t.overdue) return false;
  if (f.deadline === 'none' && t.deadline) return false;
  if (f.deadline === 'week' && (!t.deadline || new Date(t.deadline).getTime() > now + 7 * 86400_000)) return false;
  return true;
}

/** Whether any filter is set (cards cannot be dragged then: a drop among hidden cards has no clear place). */
export const filtering = (f: Filters) => !!(f.performer || f.tag || f.priority || f.deadline);

/**
 * The standard multi-lane sortable drop: the lane's ids after `taskId` is dropped over `over` (a card of the lane takes
 * its place; the lane itself or none: the lane's end). `cur` already holds the card when it was dragged over the lane.
 */
export function dropOrder(cur: string[], taskId: string, over: string | null, lane: string): string[] {
  const oldIndex = cur.indexOf(taskId);
  const overIndex = over && over !== lane ? cur.indexOf(over) : cur.length - 1;
  if (oldIndex < 0) return [...cur, taskId];
  const to = overIndex < 0 ? cur.length - 1 : overIndex;
  const out = [...cur];
  out.splice(to, 0, ...out.splice(oldIndex, 1));
  return out;
}
