import { POLL_ERRORS, type PollResults } from '@intranet/polls-contract';
import { isAdmin, type Caller } from '@intranet/platform-bus';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { PollRow } from './schema.ts';

/**
 * The polls domain's can-rules (§6) as pure functions: no I/O, the caller and the poll as given. Services call them
 * and throw what they answer; access.spec.ts checks every rule.
 */

/** The caller as the rules need it: who and with which roles (platform-bus `Caller`, or a context). */
export type Who = Pick<Caller, 'userId' | 'roles'>;

/** A poll with the caller's relation to it (what PollsRepository.find answers). */
export interface PollWithMe extends PollRow {
  answersCount: number;
  passedByMe: boolean;
  recipient: boolean;
}

/**
 * §6 "poll managers": the contextual role an administrator grants (`poll_manager`, people's GRANTABLE_ROLES); the
 * administrators create polls too. A poll is managed by its author and the administrators.
 */
export const POLL_MANAGER_ROLE = 'poll_manager';

/** Whether `roles` may create polls (§6): administrators and poll managers. */
export const isPollManager = (roles: readonly string[]) => isAdmin(roles) || roles.includes(POLL_MANAGER_ROLE);

/** Today's UTC date, YYYY-MM-DD (the day polls close on, and the only time an anonymous answer keeps). */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

/** Whether the poll takes no more answers: finished, or its end date (inclusive, UTC) is before `day`. */
export const isClosed = (p: Pick<PollRow, 'status' | 'endDate'>, day = utcDay()) => p.status === 'finished' || (!!p.endDate && p.endDate < day);

/** The caller manages the poll: its author or an administrator (§6). */
export const canManage = (p: Pick<PollRow, 'authorId'>, who: Who) => isAdmin(who.roles) || (!!who.userId && p.authorId === who.userId);

/** §6: managers always; recipients of opened and closed polls (closed: their own answers only); anonymous: managers only. */
export const canSeeResults = (p: PollWithMe, who: Who) => canManage(p, who) || (p.recipient && p.type !== 'anonymous');

/** §7 accessFor: one's own /polls tabs, or anyone's of the client for an administrator. */
export const canListFor = (caller: Who, userId: string) => caller.userId === userId || isAdmin(caller.roles);

/** Whether the caller may export the results for `uid` (§7 excel): themselves, or anyone for an administrator. */
export const canExportFor = (caller: Who, uid: string | undefined) => !uid || uid === caller.userId || isAdmin(caller.roles);

/** The §5/§6 refusals of the polls domain with their codes (403, 409 or 400 as each one's meaning says). */
export function pollError(key: 'notRecipient' | 'resultsManagersOnly' | 'alreadyAnswered' | 'finished'): DomainError {
  const def = {
    notRecipient: POLL_ERRORS.pollNotRecipient,
    resultsManagersOnly: POLL_ERRORS.pollResultsManagersOnly,
    alreadyAnswered: POLL_ERRORS.pollAlreadyAnswered,
    finished: POLL_ERRORS.pollFinished,
  }[key];
  // The contract's code is kept for every kind (a 409 included, which `Errors.coded` would answer as plain `conflict`).
  return new DomainError(def.kind ?? 'bad_request', def.text, { code: def.code });
}

/** The poll if the caller may open it. Errors: 404 when absent; 403 'This poll is not for you' for someone neither managing nor receiving it. */
export function visiblePoll(p: PollWithMe | undefined, who: Who): PollWithMe {
  if (!p) throw Errors.notFound();
  if (!canManage(p, who) && !p.recipient) throw pollError('notRecipient');
  return p;
}

/** The poll if the caller manages it. Errors: 404 when absent; 403 'No access' unless its author or an administrator. */
export function managedPoll(p: PollWithMe | undefined, who: Who): PollWithMe {
  if (!p) throw Errors.notFound();
  if (!canManage(p, who)) throw Errors.noAccess();
  return p;
}

/**
 * The poll if the caller may answer it now (§5): a recipient, open, not answered yet. Errors: 404 absent, 403 'This
 * poll is not for you', 400 'The poll is finished', 409 'You have already answered this poll'.
 */
export function answerablePoll(p: PollWithMe | undefined, day = utcDay()): PollWithMe {
  if (!p) throw Errors.notFound();
  if (!p.recipient) throw pollError('notRecipient');
  if (isClosed(p, day)) throw pollError('finished');
  if (p.passedByMe) throw pollError('alreadyAnswered');
  return p;
}

/**
 * What the caller may see of a poll's results (§6): 'all' for managers and recipients of an opened poll, 'own' for
 * recipients of a closed one, 'anonymous' (depersonalised) for managers of an anonymous one. Errors: 403 — for a
 * recipient of an anonymous poll pollResultsManagersOnly (they are told why), else 'No access'.
 */
export function resultsScope(p: PollWithMe, who: Who): PollResults['scope'] {
  if (!canSeeResults(p, who)) throw p.type === 'anonymous' ? pollError('resultsManagersOnly') : Errors.noAccess();
  if (p.type === 'anonymous') return 'anonymous';
  return canManage(p, who) || p.type === 'opened' ? 'all' : 'own';
}

/** §7 remind: managers only, and never for anonymous polls (they keep no not-passed list). Errors: 403, 400 finished. */
export function remindablePoll(p: PollWithMe | undefined, who: Who, day = utcDay()): PollWithMe {
  const poll = managedPoll(p, who);
  if (poll.type === 'anonymous') throw Errors.noAccess();
  if (isClosed(poll, day)) throw pollError('finished');
  return poll;
}
