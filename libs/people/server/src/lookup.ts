import type { peopleLookupSubjects } from '@intranet/people-contract/lookup';
import type { Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps, SubjectHandlers } from '@intranet/platform-host';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { toUser } from './mapping.ts';
import { departments, deptUsers, users, type UserRow } from './schema.ts';

/** Active, not deleted users (the ones a look-up may name). */
const live = and(eq(users.deletionMark, false), ne(users.status, 'blocked'));

/**
 * The direct chief of `user` in one structure (`kind`): the head of the user's deepest department of that kind, else
 * of the nearest ancestor department with a head other than the user. Undefined when none.
 */
async function chiefFromStructure(tx: Tx, user: UserRow, kind: 'adm' | 'org'): Promise<UserRow | undefined> {
  const [dept] = await tx
    .select({ path: departments.path })
    .from(deptUsers)
    .innerJoin(departments, eq(departments.id, deptUsers.deptId))
    .where(and(eq(deptUsers.userId, user.id), eq(departments.kind, kind)))
    .orderBy(desc(sql`length(${departments.path})`), departments.id)
    .limit(1);
  if (!dept) return undefined;
  // '/root/child/leaf/' → the leaf first, then its ancestors up to the root.
  const chain = dept.path.split('/').filter(Boolean).reverse();
  const heads = await tx
    .select({ deptId: deptUsers.deptId, user: users })
    .from(deptUsers)
    .innerJoin(users, eq(users.id, deptUsers.userId))
    .where(and(inArray(deptUsers.deptId, chain), eq(deptUsers.isHead, true), ne(deptUsers.userId, user.id), live));
  const byDept = new Map(heads.map((h) => [h.deptId, h.user]));
  for (const id of chain) if (byDept.has(id)) return byDept.get(id);
  return undefined;
}

/** The employee the user's §3 `chiefCode` names (by id, login or e-mail, case-insensitive), not the user. */
async function chiefFromCode(tx: Tx, user: UserRow): Promise<UserRow | undefined> {
  const code = user.chiefCode?.trim();
  if (!code) return undefined;
  const l = code.toLowerCase();
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(code);
  const match = or(sql`lower(${users.login}) = ${l}`, sql`lower(${users.email}) = ${l}`, ...(isUuid ? [eq(users.id, l)] : []));
  const [row] = await tx
    .select()
    .from(users)
    .where(and(match, ne(users.id, user.id), live))
    .orderBy(users.id)
    .limit(1);
  return row;
}

/**
 * The direct chief of `user`, looked up in this order: the administrative structure (the company's official
 * hierarchy), then the organisational one (what /structure_new opens on, so a company that built only that one still
 * has chiefs), then the user's §3 `chiefCode`. Undefined when none of them names an active user other than `user`.
 * Used by services (bp's "direct chief" steps) and by vacation approval.
 */
export async function directChiefOf(tx: Tx, user: UserRow): Promise<UserRow | undefined> {
  return (await chiefFromStructure(tx, user, 'adm')) ?? (await chiefFromStructure(tx, user, 'org')) ?? (await chiefFromCode(tx, user));
}

/**
 * Handlers of `peopleLookupSubjects` (bus-only, for other domains such as services/bp). Each runs in the caller
 * context's client (RLS); a request without a client is a 404.
 */
export function lookupSubjects({ db }: Pick<DomainDeps, 'db'>): SubjectHandlers<typeof peopleLookupSubjects> {
  return {
    /** { userId } → the direct chief (directChiefOf: administrative, organisational, chiefCode) or null. Errors: 404 'User not found'. */
    directChief: async ({ userId }, ctx) => {
      if (!ctx.clientId) throw Errors.userNotFound();
      return db.inTenant({ clientId: ctx.clientId, userId: ctx.userId }, async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user || user.deletionMark) throw Errors.userNotFound();
        const chief = await directChiefOf(tx, user);
        return chief ? toUser(chief) : null;
      });
    },

    /** { ids } → the active users of the client among `ids`. */
    usersByIds: async ({ ids }, ctx) => {
      if (!ctx.clientId || !ids.length) return [];
      return db.inTenant({ clientId: ctx.clientId, userId: ctx.userId }, async (tx) =>
        (
          await tx
            .select()
            .from(users)
            .where(and(inArray(users.id, [...new Set(ids)]), live))
        ).map(toUser),
      );
    },
  };
}
