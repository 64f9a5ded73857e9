import type { Caller } from '@intranet/platform-bus';
import type { CourseRow, IdpRow, StoredQuestion } from './schema.ts';

/**
 * The lms domain's can-rules (§6) as pure functions: no I/O, the caller and the row as given. Services call
 * them and throw what they answer; access.spec.ts checks every rule.
 */

type Who = Pick<Caller, 'userId' | 'admin'>;

/** §6 LMS administrators: the client's administrators and the per-client list. */
export const isLmsAdmin = (caller: Who, admins: readonly string[]) => caller.admin || admins.includes(caller.userId);

/** A learner of the course: appointed by name or by department, or anyone when the course is public. */
export const isMember = (course: Pick<CourseRow, 'isPublic' | 'memberUsers' | 'memberDepartments'>, userId: string, department: string | null) =>
  course.isPublic || course.memberUsers.includes(userId) || (!!department && course.memberDepartments.includes(department));

/**
 * Who sees a course (§6, issue 33 Rules): LMS administrators always; its members (or everyone, when public) once it
 * is published. A course that is not visible answers 404, as one that does not exist.
 */
export const canSeeCourse = (
  course: Pick<CourseRow, 'status' | 'isPublic' | 'memberUsers' | 'memberDepartments'>,
  userId: string,
  department: string | null,
  lmsAdmin: boolean,
) => lmsAdmin || (course.status === 'published' && isMember(course, userId, department));

/** Who sees a development plan: its employee, creator and observer, and administrators; nobody else. */
export const canSeeIdp = (idp: Pick<IdpRow, 'employee' | 'creator' | 'observer'>, caller: Who) =>
  caller.admin || [idp.employee, idp.creator, idp.observer].includes(caller.userId);

/** Who changes a plan's fields and tasks: its creator, its employee and administrators (the observer only writes notes). */
export const canEditIdp = (idp: Pick<IdpRow, 'employee' | 'creator'>, caller: Who) =>
  caller.admin || idp.employee === caller.userId || idp.creator === caller.userId;

/** Who deletes a plan: its creator and administrators. */
export const canDeleteIdp = (idp: Pick<IdpRow, 'creator'>, caller: Who) => caller.admin || idp.creator === caller.userId;

/** Whether the chosen answers of a question are exactly its right ones. */
export const answeredRight = (q: StoredQuestion, chosen: readonly string[] | undefined) => {
  const right = q.answers.filter((a) => a.right).map((a) => a._id);
  const got = new Set(chosen ?? []);
  return got.size === right.length && right.every((id) => got.has(id));
};

/** The score of an attempt in percent (0–100, rounded): questions answered right over all questions. */
export const scoreOf = (questions: readonly StoredQuestion[], answers: Record<string, string[]>) =>
  questions.length ? Math.round((100 * questions.filter((q) => answeredRight(q, answers[q._id])).length) / questions.length) : 100;

/** Whether an attempt is over at `now`: finished, or past its deadline (the server's clock decides, §4 Test). */
export const attemptOver = (a: { finishedAt: Date | null; deadline: Date | null }, now: Date) =>
  !!a.finishedAt || (!!a.deadline && now.getTime() > a.deadline.getTime());
