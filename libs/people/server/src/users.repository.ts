import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type Tx } from '@intranet/platform-db';
import { users, type UserRow } from './schema.ts';

export type NewUser = typeof users.$inferInsert;

const SORT = {
  lastName: users.lastName,
  firstName: users.firstName,
  email: users.email,
  position: users.position,
  department: users.department,
  city: users.city,
  created: users.createdAt,
} as const;

/** Active, not deleted users (the ones a look-up may name). */
export const LIVE = and(eq(users.deletionMark, false), ne(users.status, 'blocked'))!;

/** A LIKE pattern's wildcards taken literally. */
export const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

const userById = preparedQuery<{ id: string }, UserRow[]>('people_user_by_id', (tx) =>
  tx
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

/**
 * SQL of the people service's users (§3 User). Every method runs inside a transaction opened by
 * Database.inTenant/asSystem (`tx`); RLS limits reads to the transaction's client.
 */
@Injectable()
export class UsersRepository {
  /** One user by id, deleted ones too, or undefined; RLS limits it to the transaction's client (a prepared statement: the most frequent read of the service, GET api/user/{id} and look-ups). */
  async byId(tx: Tx, id: string): Promise<UserRow | undefined> {
    const [row] = await userById.execute(tx, { id });
    return row;
  }

  /** Accounts whose e-mail or login equals `login` (case-insensitive), optionally within one client. */
  byLogin(tx: Tx, login: string, clientId?: string): Promise<UserRow[]> {
    const l = login.toLowerCase();
    const match = or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.login}) = ${l}`)!;
    return tx
      .select()
      .from(users)
      .where(clientId ? and(match, eq(users.clientId, clientId)) : match)
      .limit(10);
  }

  /** Accounts with this e-mail (case-insensitive), optionally within one client; at most 10 (forgot password). */
  byEmail(tx: Tx, email: string, clientId?: string): Promise<UserRow[]> {
    const e = sql`lower(${users.email}) = ${email.toLowerCase()}`;
    return tx
      .select()
      .from(users)
      .where(clientId ? and(e, eq(users.clientId, clientId)) : e)
      .limit(10);
  }

  /** E-mails and logins already used in a client among the given ones (lower-cased). */
  async taken(tx: Tx, clientId: string, emails: string[], logins: string[], exceptId?: string): Promise<{ emails: Set<string>; logins: Set<string> }> {
    const conds: SQL[] = [];
    if (emails.length)
      conds.push(
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      );
    if (logins.length)
      conds.push(
        inArray(
          sql`lower(${users.login})`,
          logins.map((e) => e.toLowerCase()),
        ),
      );
    if (!conds.length) return { emails: new Set(), logins: new Set() };
    const where = and(eq(users.clientId, clientId), or(...conds), exceptId ? ne(users.id, exceptId) : undefined);
    const rows = await tx.select({ email: users.email, login: users.login }).from(users).where(where);
    return {
      emails: new Set(rows.map((r) => r.email.toLowerCase())),
      logins: new Set(rows.filter((r) => r.login).map((r) => r.login!.toLowerCase())),
    };
  }

  /**
   * Inserts users in one statement; rows clashing with a unique e-mail/login of their client are skipped, so the
   * result may be shorter than `rows` (callers report those as taken).
   */
  async insertMany(tx: Tx, rows: NewUser[]): Promise<UserRow[]> {
    if (!rows.length) return [];
    return tx.insert(users).values(rows).onConflictDoNothing().returning();
  }

  /** Applies `patch` (and updatedAt) to one user; returns the new row, undefined for an unknown id. */
  async update(tx: Tx, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Every user of a client, deleted ones too, by id (what the projections of people hold). */
  everyOfClient(tx: Tx, clientId: string): Promise<UserRow[]> {
    return tx.select().from(users).where(eq(users.clientId, clientId)).orderBy(asc(users.id));
  }

  /** Active (not deleted) users of a client ordered by name. */
  forClient(tx: Tx, clientId: string): Promise<UserRow[]> {
    return tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  /**
   * Address-book style search: words match name, e-mail, login, position, department, city or phone.
   * `namesFirst` (the mention box) ranks the people whose name holds every word before the other matches.
   * Returns one page and the total.
   */
  async filter(
    tx: Tx,
    f: {
      clientId: string;
      search?: string;
      deleted?: boolean;
      namesFirst?: boolean;
      sort: keyof typeof SORT;
      order: 'asc' | 'desc';
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: UserRow[]; total: number }> {
    const conds: SQL[] = [eq(users.clientId, f.clientId), eq(users.deletionMark, Boolean(f.deleted))];
    const inName: SQL[] = [];
    for (const word of (f.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
      const like = `%${escapeLike(word.toLowerCase())}%`;
      conds.push(sql`${users.searchText} LIKE ${like}`);
      inName.push(sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.middleName}, '')) LIKE ${like}`);
    }
    const rank = f.namesFirst && inName.length ? [sql`(${and(...inName)}) DESC`] : [];
    const where = and(...conds);
    const col = SORT[f.sort];
    // One scan for the page and the total (the LIKEs cannot use an index under row-level security: they are not
    // leakproof); a page past the end has no row to carry the total, so only then is it counted apart.
    const page = await tx
      .select({ ...getTableColumns(users), total: sql<number>`(count(*) OVER ())::int` })
      .from(users)
      .where(where)
      .orderBy(...rank, f.order === 'desc' ? desc(col) : asc(col), asc(users.id))
      .limit(f.limit)
      .offset(f.offset);
    if (!page.length && f.offset > 0) {
      const [{ total }] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(users)
        .where(where);
      return { rows: [], total };
    }
    return { rows: page.map(({ total: _total, ...row }) => row), total: page[0]?.total ?? 0 };
  }

  /** Adds `role` to every user of a client except `exceptId`; returns how many changed. */
  async addRoleAll(tx: Tx, clientId: string, role: string, exceptId: string | null): Promise<number> {
    const res = await tx
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, ${role})`, updatedAt: new Date() })
      .where(and(eq(users.clientId, clientId), sql`NOT (${role} = ANY(${users.roles}))`, exceptId ? ne(users.id, exceptId) : undefined))
      .returning({ id: users.id });
    return res.length;
  }

  /** Removes `role` from every non-deleted user of a client except `exceptId` (§6: removal skips deleted users). */
  async removeRoleAll(tx: Tx, clientId: string, role: string, exceptId: string | null): Promise<number> {
    const res = await tx
      .update(users)
      .set({ roles: sql`array_remove(${users.roles}, ${role})`, updatedAt: new Date() })
      .where(
        and(eq(users.clientId, clientId), eq(users.deletionMark, false), sql`${role} = ANY(${users.roles})`, exceptId ? ne(users.id, exceptId) : undefined),
      )
      .returning({ id: users.id });
    return res.length;
  }

  /** Employee counts per client (active users). */
  async counts(tx: Tx): Promise<Record<string, number>> {
    const rows = await tx
      .select({ clientId: users.clientId, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.deletionMark, false), sql`${users.clientId} IS NOT NULL`))
      .groupBy(users.clientId);
    return Object.fromEntries(rows.map((r) => [r.clientId!, r.n]));
  }

  /** The superadmin account (no client, role 'superadmin'), as a list of at most one. */
  superadmin(tx: Tx): Promise<UserRow[]> {
    return tx
      .select()
      .from(users)
      .where(and(isNull(users.clientId), sql`'superadmin' = ANY(${users.roles})`))
      .limit(1);
  }

  /** Takes the transaction lock of the first-start bootstrap (replicas starting together create one superadmin). */
  async lockSuperadmin(tx: Tx): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('intranet:superadmin'))`);
  }

  /** Every user of a client, deleted ones too (the HR load matches them by tab number and tax id). */
  ofClient(tx: Tx, clientId: string): Promise<UserRow[]> {
    return tx.select().from(users).where(eq(users.clientId, clientId));
  }

  /** The ids among `ids` naming non-deleted users of the transaction's client. */
  async activeIds(tx: Tx, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.deletionMark, false)));
    return rows.map((r) => r.id);
  }

  /** The active (not deleted, not blocked) users among `ids`: what a look-up may name. */
  activeByIds(tx: Tx, ids: string[]): Promise<UserRow[]> {
    return tx
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), LIVE));
  }

  /** Whether the transaction's client has a user with this id (deleted ones too). */
  async exists(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return rows.length > 0;
  }

  /** Serialises pin changes of one client (slots are unique per client; two admins may move pins at once). */
  async lockPins(tx: Tx, clientId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`people:pins:${clientId}`}))`);
  }

  /** The user pinned into `slot` in the client, if any (`except`: not this user). */
  async inSlot(tx: Tx, clientId: string, slot: number, except?: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.pinnedNum, slot), isNotNull(users.pinnedNum), except ? ne(users.id, except) : undefined))
      .limit(1);
    return row;
  }

  /** The client's pinned users that are not deleted, in slot order. */
  pinned(tx: Tx, clientId: string): Promise<UserRow[]> {
    return tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), isNotNull(users.pinnedNum), eq(users.deletionMark, false)))
      .orderBy(asc(users.pinnedNum));
  }

  /** One keyset page of the client's non-deleted users by id, after id `after` (null: from the start). */
  exportPage(tx: Tx, clientId: string, after: string | null, limit: number): Promise<UserRow[]> {
    return tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false), after ? gt(users.id, after) : undefined))
      .orderBy(asc(users.id))
      .limit(limit);
  }
}
