import type { Grant, WORKING_TIME } from '@intranet/kb-contract';
import type { User } from '@intranet/people-contract';

/**
 * §6 grant resolution for poll recipients: the knowledge base's rules (kb's `kb.grant_level` SQL and its TypeScript
 * beside it), kept in this one polls file until the platform has the shared pure version (issue 30 §2; kb's files
 * belong to kb). Pure: the user as people gives it, no I/O.
 */

/** Role string of a department head (§6 "all heads", "head"; the knowledge base reads the same role). */
export const HEAD_ROLE = 'head';

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

/** The user fields the grant targets read. */
export type GrantSubject = Pick<User, '_id' | 'roles' | 'department' | 'position' | 'city' | 'workingSince'>;

/** Whether one grant's target names the user. */
function matches(g: Grant, u: GrantSubject, head: boolean, wt: string | null): boolean {
  switch (g.target) {
    case 'all':
      return true;
    case 'all_heads':
      return head;
    case 'head':
      return head && g.value === u._id;
    case 'position':
      return same(g.value, u.position);
    case 'department':
      return same(g.value, u.department);
    case 'city':
      return same(g.value, u.city);
    case 'working_time':
      return g.value === wt;
    case 'manual':
      return !!g.users?.includes(u._id);
    default:
      return false;
  }
}

/**
 * The level (0 none, 1 read, 2 write) §6 grants give a user — the knowledge base's resolution (kb.grant_level):
 * the most specific matching tier wins (manual/head, then position, department, city, working time, all heads,
 * then all); within it an explicit 'none' denies, else the highest level applies. A recipient has level ≥ 1.
 */
export function grantLevel(grants: readonly Grant[], u: GrantSubject, today = new Date()): number {
  const head = u.roles.includes(HEAD_ROLE);
  const wt = workingTimeOf(u.workingSince, today);
  let tier = 0;
  let levels: number[] = [];
  for (const g of grants) {
    if (!matches(g, u, head, wt)) continue;
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
 * The grant paths that name a user who is not an active employee of the client (issue 38 §6): a head grant's
 * `recipients.<i>.value`, a manual grant's `recipients.<i>.users.<j>`. Empty when every named user is one.
 */
export function foreignGrantPaths(grants: readonly Grant[], employees: ReadonlySet<string>): string[] {
  const bad: string[] = [];
  grants.forEach((g, i) => {
    if (g.target === 'head' && g.value && !employees.has(g.value)) bad.push(`recipients.${i}.value`);
    g.users?.forEach((id, j) => {
      if (!employees.has(id)) bad.push(`recipients.${i}.users.${j}`);
    });
  });
  return bad;
}
