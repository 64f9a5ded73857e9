import type { Step } from '@intranet/bp-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { bpError } from './view.ts';

/** Role of a department head (people's GRANTABLE_ROLES; the chief fallback below reads it). */
export const HEAD_ROLE = 'head';

export const isAdmin = (roles: readonly string[]) => roles.includes('admin') || roles.includes('superadmin');

/**
 * The client's active employees as people gives them (a bus request to people.user.forClient as the system: the
 * services domain never reads another schema). Errors: 503-class bus errors pass through.
 */
export async function employeesOf(bus: Bus, clientId: string): Promise<User[]> {
  const users = await bus.request<User[]>(peopleRoutes.forClient.subject, {
    ctx: systemContext(clientId),
    input: { params: { clientId }, query: {}, body: {} },
  });
  return users.filter((u) => u.client_id === clientId && !u.deletion_mark && u.status === 'active' && !u.roles.includes('superadmin'));
}

/** One user of the caller's client (people.user.get as the system). Errors: 404 'User not found'. */
export async function userOf(bus: Bus, ctx: RequestContext, userId: string): Promise<User> {
  const u = await bus
    .request<User>(peopleRoutes.get.subject, { ctx: systemContext(ctx.clientId), input: { params: { id: userId }, query: {}, body: {} } })
    .catch(() => null);
  if (!u || u.client_id !== ctx.clientId) throw Errors.userNotFound();
  return u;
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The initiator's direct chief, resolved when the step starts. People has no company structure yet (no chief or
 * department-head data in its contract), so the fallback is, in order:
 * 1. the initiator's `chiefCode` naming an employee of the client — by id, login or e-mail (case-insensitive);
 * 2. a department head: an employee with the `head` role in the initiator's department (not the initiator).
 * Output: the chief's user, or null when neither finds one.
 */
export function chiefOf(initiator: User, employees: readonly User[]): User | null {
  const code = initiator.chiefCode?.trim();
  if (code) {
    const byCode = employees.find((u) => u._id !== initiator._id && (u._id === code || same(u.login, code) || same(u.email, code)));
    if (byCode) return byCode;
  }
  return employees.find((u) => u._id !== initiator._id && u.roles.includes(HEAD_ROLE) && same(u.department, initiator.department)) ?? null;
}

/**
 * The people who perform `step` for `initiator` (deduplicated, in the order named). Errors: 400 'The direct chief was
 * not found' (bpChiefNotFound) when a chief performer has none; 400 'The step has no performers' when it names nobody
 * active.
 */
export function performersOf(step: Step, initiator: User, employees: readonly User[]): User[] {
  const byId = new Map(employees.map((u) => [u._id, u]));
  const out = new Map<string, User>();
  for (const p of step.performers) {
    if (p.kind === 'initiator') out.set(initiator._id, initiator);
    else if (p.kind === 'chief') {
      const c = chiefOf(initiator, employees);
      if (!c) throw bpError('chiefNotFound');
      out.set(c._id, c);
    } else for (const id of p.users ?? []) if (byId.has(id)) out.set(id, byId.get(id)!);
  }
  if (!out.size) throw bpError('noPerformers');
  return [...out.values()];
}
