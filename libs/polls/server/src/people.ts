import type { Grant, WORKING_TIME } from '@intranet/kb-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';

/** Role string of a department head (§6 "all heads", "head"; the knowledge base reads the same role). */
export const HEAD_ROLE = 'head';

export const isAdmin = (roles: readonly string[]) => roles.includes('admin') || roles.includes('superadmin');
/**
 * §6 "poll managers": the contextual role an administrator grants (`poll_manager`, people's GRANTABLE_ROLES) and the
 * administrators create polls; a poll is managed by its author and administrators.
 */
export const POLL_MANAGER_ROLE = 'poll_manager';
export const isPollManager = (roles: readonly string[]) => isAdmin(roles) || roles.includes(POLL_MANAGER_ROLE);

/** A recipient as polls keeps it: id, name and department (for the not-passed tab). */
export interface Recipient {
  userId: string;
  name: string;
  department: string | null;
}

/** §9 working-time filter of a YYYY-MM-DD start date on `today` (the knowledge base's ranges). */
export function workingTimeOf(since: string | null | undefined, today = new Date()): (typeof WORKING_TIME)[number] | null {
  if (!since) return null;
  const [y, m, d] = since.split('-').map(Number);
  if (!y || !m || !d) return null;
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  if (months < 3) return 'lt3m';
  if (months < 12) return '3m_1y';
  if (months < 60) return '1y_5y';
  if (months < 120) return '5y_10y';
  return '10y_plus';
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The level (0 none, 1 read, 2 write) §6 grants give a user — the knowledge base's resolution (kb.grant_level):
 * the most specific matching tier wins (manual/head, then position, department, city, working time, all heads,
 * then all); within it an explicit 'none' denies, else the highest level applies. A recipient has level ≥ 1.
 */
export function grantLevel(grants: readonly Grant[], u: Pick<User, '_id' | 'roles' | 'department' | 'position' | 'city' | 'workingSince'>): number {
  const head = u.roles.includes(HEAD_ROLE);
  const wt = workingTimeOf(u.workingSince);
  let tier = 0;
  let levels: number[] = [];
  for (const g of grants) {
    const match =
      g.target === 'all'
        ? true
        : g.target === 'all_heads'
          ? head
          : g.target === 'head'
            ? head && g.value === u._id
            : g.target === 'position'
              ? same(g.value, u.position)
              : g.target === 'department'
                ? same(g.value, u.department)
                : g.target === 'city'
                  ? same(g.value, u.city)
                  : g.target === 'working_time'
                    ? g.value === wt
                    : g.target === 'manual'
                      ? !!g.users?.includes(u._id)
                      : false;
    if (!match) continue;
    const t = g.target === 'manual' || g.target === 'head' ? 3 : g.target === 'all' ? 1 : 2;
    const lvl = g.level === 'write' ? 2 : g.level === 'read' ? 1 : 0;
    if (t > tier) {
      tier = t;
      levels = [lvl];
    } else if (t === tier) levels.push(lvl);
  }
  if (!levels.length) return 0;
  return levels.includes(0) ? 0 : Math.max(...levels);
}

/**
 * The client's active employees as people gives them (a bus request to people.user.forClient as the system: polls
 * never reads another schema). Errors: 503-class bus errors pass through.
 */
export async function employeesOf(bus: Bus, clientId: string): Promise<User[]> {
  const users = await bus.request<User[]>(peopleRoutes.forClient.subject, {
    ctx: systemContext(clientId),
    input: { params: { clientId }, query: {}, body: {} },
  });
  return users.filter((u) => u.client_id === clientId && !u.deletion_mark && u.status === 'active' && !u.roles.includes('superadmin'));
}

/**
 * The recipients of a poll's grants, resolved now: every active employee of the client a grant gives read or
 * write; no grants at all means everyone (§6 "if no rights are set, all may view"; closed polls must name them).
 */
export async function resolveRecipients(bus: Bus, clientId: string, grants: readonly Grant[]): Promise<Recipient[]> {
  const users = await employeesOf(bus, clientId);
  refuseForeignGrants(grants, new Set(users.map((u) => u._id)));
  return users.filter((u) => !grants.length || grantLevel(grants, u) > 0).map((u) => ({ userId: u._id, name: u.fullName, department: u.department }));
}

/**
 * Every user a grant names (manual users, a head) must be an active employee of the client (issue 38 §6): else
 * 400 'Invalid id' on `recipients.<i>.users.<j>` / `recipients.<i>.value`, and nothing is stored.
 */
function refuseForeignGrants(grants: readonly Grant[], employees: ReadonlySet<string>): void {
  const bad: string[] = [];
  grants.forEach((g, i) => {
    if (g.target === 'head' && g.value && !employees.has(g.value)) bad.push(`recipients.${i}.value`);
    g.users?.forEach((id, j) => {
      if (!employees.has(id)) bad.push(`recipients.${i}.users.${j}`);
    });
  });
  if (bad.length) throw Errors.unknownIds(bad);
}

/** One user of the caller's client (people.user.get as the system). Errors: 404 'User not found'. */
export async function userOf(bus: Bus, ctx: RequestContext, userId: string): Promise<User> {
  const u = await bus
    .request<User>(peopleRoutes.get.subject, { ctx: systemContext(ctx.clientId), input: { params: { id: userId }, query: {}, body: {} } })
    .catch(() => null);
  if (!u || u.client_id !== ctx.clientId) throw Errors.userNotFound();
  return u;
}
