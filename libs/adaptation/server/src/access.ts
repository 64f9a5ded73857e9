import type { AdaptRole } from '@intranet/adaptation-contract';
import { isAdmin, type Caller } from '@intranet/platform-bus';
import { access, allows } from '@intranet/platform-contracts';

/**
 * The adaptation domain's can-rules (§6) as pure functions: no I/O, the caller and the row as given. HR is whoever
 * holds the `adaptation` right (admins too); the contextual roles of one adaptation are its newcomer, mentor, HR and
 * chief. Services call them and throw what they answer; access.spec.ts checks every rule.
 */

type Who = Pick<Caller, 'userId' | 'roles'>;
/** The people of an adaptation. */
export interface People {
  userId: string;
  mentorId: string;
  hrId: string | null;
  chiefId: string | null;
}

/** HR: the `adaptation` right, or an administrator. */
export const isHr = (c: Pick<Caller, 'roles'>) => isAdmin(c.roles) || allows(access.feature('adaptation'), c.roles);

/** The person of `role` in the adaptation (null: nobody). */
export function personOf(a: People, role: AdaptRole): string | null {
  return role === 'newcomer' ? a.userId : role === 'mentor' ? a.mentorId : role === 'hr' ? a.hrId : a.chiefId;
}

/** The caller's roles in the adaptation. */
export function rolesIn(a: People, userId: string): AdaptRole[] {
  return (['newcomer', 'mentor', 'hr', 'chief'] as const).filter((r) => personOf(a, r) === userId);
}

/** Sees the adaptation: its people and HR. */
export const canView = (a: People, c: Who) => isHr(c) || rolesIn(a, c.userId).length > 0;

/** Sees it as `role`: the person in that role and HR. */
export const canViewAs = (a: People, role: AdaptRole, c: Who) => isHr(c) || personOf(a, role) === c.userId;

/** Finishes a step of `scenario`: the person of that scenario, and HR for any. */
export const canFinish = (a: People, scenario: AdaptRole, c: Who) => isHr(c) || personOf(a, scenario) === c.userId;

/** Marks probation passed: HR and the chief. */
export const canPassProbation = (a: People, c: Who) => isHr(c) || a.chiefId === c.userId;

/** Lists a person's adaptations: oneself, or HR for anyone. */
export const canListFor = (userId: string, c: Who) => userId === c.userId || isHr(c);
