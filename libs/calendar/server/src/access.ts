import { isAdmin, type RequestContext } from '@intranet/platform-bus';

/** Who asks: the caller's user and roles (a request context will do). */
export type Who = Pick<RequestContext, 'userId' | 'roles'>;

/** What the rules need of an event: its organiser and members (§3 Event). */
export interface Parties {
  row: { organiserId: string };
  members: readonly string[];
}

/** §6 calendar: an administrator sees every event of the client; others those they organise or are a member of. */
export function canSee(who: Who, ev: Parties): boolean {
  return isAdmin(who) || ev.row.organiserId === who.userId || (who.userId !== null && ev.members.includes(who.userId));
}

/** §6 calendar: the organiser and the client's administrators change and cancel an event. */
export function canEdit(who: Who, ev: Parties): boolean {
  return isAdmin(who) || ev.row.organiserId === who.userId;
}

/**
 * Whose calendar a range read shows (§7 byClient, accessFor): null for every event of the client (an
 * administrator's view), else the user whose own events (organised or member of) are shown.
 */
export function rangeOwner(who: Who): string | null {
  return isAdmin(who) ? null : who.userId;
}

/**
 * §7 accessFor: whether `who` may read the calendar of `userId`: 'self', 'admin' (someone else's, as an
 * administrator: the user must then be one of the client) or 'denied' (403 'No access').
 */
export function calendarAccess(who: Who, userId: string): 'self' | 'admin' | 'denied' {
  if (userId === who.userId) return 'self';
  return isAdmin(who) ? 'admin' : 'denied';
}
