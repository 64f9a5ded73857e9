import type { Caller } from '@intranet/platform-bus';
import type { RequestRow, ServiceRow } from './schema.ts';

/**
 * §6 "services" right, §5 Service access: whether the caller may start (and read) the service — administrators
 * always; otherwise a service for all, one naming them, or one naming their department (`department`: theirs, case
 * and surrounding spaces ignored).
 */
export function mayStart(
  s: Pick<ServiceRow, 'forAll' | 'users' | 'departments'>,
  caller: Pick<Caller, 'userId' | 'admin'>,
  department: string | null | undefined,
): boolean {
  if (caller.admin || s.forAll) return true;
  if (s.users.includes(caller.userId)) return true;
  const d = department?.trim().toLowerCase();
  return !!d && s.departments.some((x) => x.trim().toLowerCase() === d);
}

/** Whether `mayStart` needs the caller's department (asked of people) to decide: not for administrators or a service for all. */
export const needsDepartment = (services: readonly Pick<ServiceRow, 'forAll'>[], caller: Pick<Caller, 'admin'>): boolean =>
  !caller.admin && services.some((s) => !s.forAll);

/** Who may read a request (§4): its initiator, anyone ever assigned to it, administrators. */
export function maySeeRequest(r: Pick<RequestRow, 'initiatorId' | 'participants'>, caller: Pick<Caller, 'userId' | 'admin'>): boolean {
  return caller.admin || r.initiatorId === caller.userId || r.participants.includes(caller.userId);
}

/** Whether `userId` may pass the request's current step now (an active request, one of its current performers). */
export function mayPass(r: Pick<RequestRow, 'status' | 'currentPerformers'>, userId: string | null): boolean {
  return r.status === 'active' && !!userId && r.currentPerformers.includes(userId);
}

/** Whether `userId` may read the runned list of `owner` (their own, or anyone's for an administrator). */
export const mayListRequestsOf = (owner: string, caller: Pick<Caller, 'userId' | 'admin'>): boolean => owner === caller.userId || caller.admin;
