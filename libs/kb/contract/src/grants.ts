import type { Grant, WORKING_TIME } from './schemas.ts';

/**
 * §6 grant resolution as ONE pure function (issue 30 §2), shared by the knowledge base (kb's SQL `kb.grant_level`
 * is checked against it by kb-server's grants.repository.spec.ts) and polls (poll recipients). Imported as
 * `@intranet/kb-contract/grants`: pure, no I/O, so a contract is its right home.
 */

/** Role string marking a head (§6 "all heads", "head"). Departments' `headUser` joins in when structure exists. */
export const HEAD_ROLE = 'head';

/** §9 working-time range of a start date. */
export type WorkingTime = (typeof WORKING_TIME)[number];

/** What §6 grants match on: the user and the attributes kb.members keeps of them. */
export interface GrantSubject {
  userId: string;
  head: boolean;
  department: string | null;
  position: string | null;
  city: string | null;
  /** §9 working-time range of `workingSince`, or null when unknown. */
  workingTime: WorkingTime | null;
}

/** §9 working-time filter of a YYYY-MM-DD start date on `today`. */
export function workingTimeOf(since: string | null | undefined, today = new Date()): WorkingTime | null {
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

/** Names match case-insensitively, trimmed; a missing side never matches (as SQL's `lower(btrim(...))` on null). */
const sameName = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether one grant names the subject (§6 targets). */
function matches(g: Grant, s: GrantSubject): boolean {
  switch (g.target) {
    case 'all':
      return true;
    case 'all_heads':
      return s.head;
    case 'head':
      return s.head && g.value === s.userId;
    case 'position':
      return sameName(g.value, s.position);
    case 'department':
      return sameName(g.value, s.department);
    case 'city':
      return sameName(g.value, s.city);
    case 'working_time':
      return g.value != null && g.value === s.workingTime;
    case 'manual':
      return Array.isArray(g.users) && g.users.includes(s.userId);
    default:
      return false;
  }
}

/**
 * The level (0 none, 1 read, 2 write) a §6 grant list gives a subject — THE grant resolution, kept equal to the
 * SQL `kb.grant_level` (migration 0001) by grant-level.spec.ts: the matching grants of the most specific tier win
 * (3 manual/head > 2 position/department/city/working time/all heads > 1 all); inside that tier an explicit `none`
 * denies, else the highest level applies; a list matching nobody (or empty) gives 0. Callers decide what an empty
 * list means (kb: no grants up the tree = everyone reads).
 */
export function grantLevelOf(grants: readonly Grant[], s: GrantSubject): 0 | 1 | 2 {
  let tier = 0;
  let levels: number[] = [];
  for (const g of grants) {
    if (!matches(g, s)) continue;
    const t = g.target === 'manual' || g.target === 'head' ? 3 : g.target === 'all' ? 1 : 2;
    const lvl = g.level === 'write' ? 2 : g.level === 'read' ? 1 : 0;
    if (t > tier) {
      tier = t;
      levels = [lvl];
    } else if (t === tier) levels.push(lvl);
  }
  if (!levels.length || levels.includes(0)) return 0;
  return Math.max(...levels) as 1 | 2;
}
