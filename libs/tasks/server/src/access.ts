import type { DeskRole, Task } from '@intranet/tasks-contract';
import type { TaskRow } from './tasks.repository.ts';

/** The roles that edit a board and any of its tasks (§6): its owner and its admins. */
export const EDITORS: readonly DeskRole[] = ['owner', 'admin'];

/** Whether `role` edits the board (owner, admin). */
export const isEditor = (role: DeskRole | null): boolean => !!role && EDITORS.includes(role);

/** The fields a task's performer and co-performers may change (§6): its type (status), checklist and actual hours. */
export const PROGRESS_FIELDS: readonly string[] = ['type', 'checklist', 'actual_hours'];

type TaskPeople = Pick<TaskRow, 'performerId' | 'coPerformers'>;

/** Whether `userId` performs the task (its performer or a co-performer). */
export const performs = (t: TaskPeople, userId: string | null): boolean => !!userId && (t.performerId === userId || t.coPerformers.includes(userId));

/** The task's people: performer, co-performers and observers (performer possibly null). */
export const taskPeople = (t: TaskPeople & Pick<TaskRow, 'observers'>): (string | null)[] => [t.performerId, ...t.coPerformers, ...t.observers];

/**
 * What a user may do with a task (§6): 'edit' (board owner, admins), 'progress' (performer, co-performers), 'view';
 * on a finished board everyone only views.
 */
export function canOf(t: TaskPeople, userId: string | null, role: DeskRole | null, deskStatus: 'active' | 'finished'): Task['can'] {
  if (deskStatus !== 'active') return 'view';
  if (isEditor(role)) return 'edit';
  return performs(t, userId) ? 'progress' : 'view';
}

/** Whether someone with `role` on the board sees the task: a hidden one only its board's editors and its own people. */
export function maySeeTask(t: TaskPeople & Pick<TaskRow, 'observers' | 'type'>, userId: string | null, role: DeskRole | null): boolean {
  return t.type !== 'hidden' || isEditor(role) || (!!userId && taskPeople(t).includes(userId));
}

/** Whether a change giving `fields` is allowed for `can` (§6): editors any field, performers progress fields only. */
export function mayChange(can: Task['can'], fields: readonly string[]): boolean {
  if (can === 'edit') return true;
  if (can === 'progress') return fields.every((k) => PROGRESS_FIELDS.includes(k));
  return false;
}

/**
 * Access to a task's comments (§6, §3 Comment parent task) for someone with `role` on its board (null: none): read
 * when they see the task; comment for owner, admins, `comment` members, the performer and co-performers while the
 * board is active.
 */
export function commentRights(
  t: TaskPeople & Pick<TaskRow, 'observers' | 'type'>,
  userId: string | null,
  role: DeskRole | null,
  deskStatus: 'active' | 'finished',
): { read: boolean; comment: boolean } {
  if (!role || !userId || !maySeeTask(t, userId, role)) return { read: false, comment: false };
  return { read: true, comment: deskStatus === 'active' && (isEditor(role) || role === 'comment' || performs(t, userId)) };
}
