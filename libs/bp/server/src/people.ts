import type { Field, Step, Values } from '@intranet/bp-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { peopleLookupSubjects } from '@intranet/people-contract/lookup';
import { Id } from '@intranet/platform-contracts';
import { ask, systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { bpError } from './view.ts';

export const isAdmin = (roles: readonly string[]) => roles.includes('admin') || roles.includes('superadmin');

const usable = (u: User, clientId: string) => u.client_id === clientId && !u.deletion_mark && u.status === 'active' && !u.roles.includes('superadmin');

/**
 * The active employees of the client among `ids` (people.internal.usersByIds as the system of that client: the
 * services domain never reads another schema; only the ids it needs cross the bus). Output keyed by id; ids that are
 * not such employees are absent. Errors: 503-class bus errors pass through.
 */
export async function usersByIds(bus: Bus, clientId: string, ids: Iterable<string>): Promise<Map<string, User>> {
  const want = [...new Set(ids)];
  if (!want.length) return new Map();
  const found = await ask(bus, peopleLookupSubjects.usersByIds, systemContext(clientId), { ids: want });
  return new Map(found.filter((u) => usable(u as User, clientId)).map((u) => [u._id, u as User]));
}

/** One user of the caller's client (people.user.get as the system). Errors: 404 'User not found'. */
export async function userOf(bus: Bus, ctx: RequestContext, userId: string): Promise<User> {
  const u = await bus
    .request<User>(peopleRoutes.get.subject, { ctx: systemContext(ctx.clientId), input: { params: { id: userId }, query: {}, body: {} } })
    .catch(() => null);
  if (!u || u.client_id !== ctx.clientId) throw Errors.userNotFound();
  return u;
}

/**
 * The initiator's direct chief, resolved when the step starts by people (people.internal.directChief): the head of
 * the initiator's administrative department, else of the nearest ancestor department with a head; when the
 * structure names nobody, the initiator's chiefCode. Output: the chief, or null (also a deleted or blocked one).
 */
export async function chiefOf(bus: Bus, clientId: string, initiatorId: string): Promise<User | null> {
  const c = (await ask(bus, peopleLookupSubjects.directChief, systemContext(clientId), { userId: initiatorId })) as User | null;
  return c && usable(c, clientId) ? c : null;
}

/** Ids a form's user and users fields name (uuid-looking strings only; checkValues rejects the rest). */
export function usersInValues(fields: readonly Field[], values: Values): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const v = values[f._id];
    if (f.type === 'user' && typeof v === 'string') out.push(v);
    if (f.type === 'users' && Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  }
  return out.filter((x) => Id.safeParse(x).success);
}

/** Ids of the employees a step's performers name (employee, several employees). */
export const namedInStep = (step: Step | undefined) => step?.performers.flatMap((p) => p.users ?? []) ?? [];

/**
 * The people who perform `step` for `initiator` (deduplicated, in the order named): the initiator, the direct chief
 * (asked of people only when the step names one), the chosen employees still active in the client. Errors: 400 'The
 * direct chief was not found' (bpChiefNotFound) when a chief performer has none; 400 'The step has no performers'
 * when it names nobody active.
 */
export async function performersOf(bus: Bus, clientId: string, step: Step, initiator: User): Promise<User[]> {
  const out = new Map<string, User>();
  const byId = await usersByIds(bus, clientId, namedInStep(step));
  for (const p of step.performers) {
    if (p.kind === 'initiator') out.set(initiator._id, initiator);
    else if (p.kind === 'chief') {
      const c = await chiefOf(bus, clientId, initiator._id);
      if (!c) throw bpError('chiefNotFound');
      out.set(c._id, c);
    } else for (const id of p.users ?? []) if (byId.has(id)) out.set(id, byId.get(id)!);
  }
  if (!out.size) throw bpError('noPerformers');
  return [...out.values()];
}
