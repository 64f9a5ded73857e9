import type { Grant } from '@intranet/kb-contract';
import { grantLevelOf, HEAD_ROLE, workingTimeOf } from '@intranet/kb-contract/grants';
import type { User } from '@intranet/people-contract';

/** The user fields a poll's recipient grants read. */
export type Recipient = Pick<User, '_id' | 'roles' | 'department' | 'position' | 'city' | 'workingSince'>;

/**
 * The level (0 none, 1 read, 2 write) §6 grants give a user on `today`: the knowledge base's resolution, the one
 * pure `grantLevelOf` of `@intranet/kb-contract/grants` (issue 30 §2). A recipient has level ≥ 1.
 */
export function grantLevel(grants: readonly Grant[], u: Recipient, today = new Date()): number {
  return grantLevelOf(grants, {
    userId: u._id,
    head: u.roles.includes(HEAD_ROLE),
    department: u.department ?? null,
    position: u.position ?? null,
    city: u.city ?? null,
    workingTime: workingTimeOf(u.workingSince, today),
  });
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
