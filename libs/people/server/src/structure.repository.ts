import { Injectable } from '@nestjs/common';
import { sql, type Tx } from '@intranet/platform-db';
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, ne, notInArray, or } from 'drizzle-orm';
import { departments, deptUsers, users, type DepartmentRow, type UserRow } from './schema.ts';
import { LIVE } from './users.repository.ts';

/** Members and head of one department (deptUsers rows, in the order they joined). */
export interface Members {
  users: string[];
  head: string | null;
}

type NewDepartment = typeof departments.$inferInsert;
/** A department kind (adm, org, func, project). */
type Kind = DepartmentRow['kind'];

/**
 * SQL of the company structure (§3 Department, department-user records): departments kept as a materialised path
 * (`/root/child/`: a subtree is one indexed range read) and their members. Every method runs inside a transaction
 * opened by Database.inTenant/asSystem; RLS limits it to the transaction's client.
 */
@Injectable()
export class StructureRepository {
  /** The department with this id, locked for the change when `lock`; undefined when missing (or another client's). */
  async byId(tx: Tx, id: string, lock = false): Promise<DepartmentRow | undefined> {
    const q = tx.select().from(departments).where(eq(departments.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  /**
   * Serialises structure writes of one client and kind (a move reads paths and rewrites a subtree: two concurrent
   * moves could otherwise make a cycle). Transaction-scoped advisory lock.
   */
  async lock(tx: Tx, clientId: string, kind: Kind): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`people:structure:${clientId}:${kind}`}))`);
  }

  /** Members and head of each of these departments (one query); every id has an entry. */
  async membersOf(tx: Tx, deptIds: string[]): Promise<Map<string, Members>> {
    const out = new Map<string, Members>(deptIds.map((id) => [id, { users: [], head: null }]));
    if (!deptIds.length) return out;
    const rows = await tx
      .select({ deptId: deptUsers.deptId, userId: deptUsers.userId, isHead: deptUsers.isHead })
      .from(deptUsers)
      .where(inArray(deptUsers.deptId, deptIds))
      .orderBy(asc(deptUsers.createdAt), asc(deptUsers.userId));
    for (const r of rows) {
      const m = out.get(r.deptId)!;
      m.users.push(r.userId);
      if (r.isHead) m.head = r.userId;
    }
    return out;
  }

  /** The client's departments by kind then path (parents first): of one kind, or `root`'s subtree (its kind). */
  tree(tx: Tx, clientId: string, f: { kind?: Kind; root?: DepartmentRow }): Promise<DepartmentRow[]> {
    const conds = [eq(departments.clientId, clientId)];
    if (f.root) conds.push(eq(departments.kind, f.root.kind), like(departments.path, `${f.root.path}%`));
    else if (f.kind) conds.push(eq(departments.kind, f.kind));
    return tx
      .select()
      .from(departments)
      .where(and(...conds))
      .orderBy(asc(departments.kind), asc(departments.path));
  }

  /** The client's departments (of `kind` if given) by path. */
  byPath(tx: Tx, clientId: string, kind?: Kind): Promise<DepartmentRow[]> {
    return tx
      .select()
      .from(departments)
      .where(and(eq(departments.clientId, clientId), kind ? eq(departments.kind, kind) : undefined))
      .orderBy(asc(departments.path));
  }

  /** Every department of one kind of the client (unordered). */
  ofKind(tx: Tx, clientId: string, kind: Kind): Promise<DepartmentRow[]> {
    return tx
      .select()
      .from(departments)
      .where(and(eq(departments.clientId, clientId), eq(departments.kind, kind)));
  }

  /** Whether the client's structure of `kind` has its root (a department without a parent). */
  async hasRoot(tx: Tx, clientId: string, kind: Kind): Promise<boolean> {
    const rows = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.clientId, clientId), eq(departments.kind, kind), isNull(departments.parentId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Inserts one department; returns its row. */
  async insert(tx: Tx, values: NewDepartment): Promise<DepartmentRow> {
    const [row] = await tx.insert(departments).values(values).returning();
    return row;
  }

  /** Applies `patch` to one department as given (callers set updatedAt where they mean to); returns the new row. */
  async update(tx: Tx, id: string, patch: Partial<NewDepartment>): Promise<DepartmentRow> {
    const [row] = await tx.update(departments).set(patch).where(eq(departments.id, id)).returning();
    return row;
  }

  /** Rewrites the paths of the subtree at `oldPath` (client and kind) to start with `newPath` (one UPDATE). */
  async moveSubtree(tx: Tx, clientId: string, kind: Kind, oldPath: string, newPath: string): Promise<void> {
    await tx
      .update(departments)
      .set({ path: sql`${newPath} || substr(${departments.path}, ${oldPath.length + 1})`, updatedAt: new Date() })
      .where(and(eq(departments.clientId, clientId), eq(departments.kind, kind), like(departments.path, `${oldPath}%`)));
  }

  /** Whether anyone is a member of a department of the subtree at `path`. */
  async subtreeHasMembers(tx: Tx, clientId: string, kind: Kind, path: string): Promise<boolean> {
    const rows = await tx
      .select({ userId: deptUsers.userId })
      .from(deptUsers)
      .innerJoin(departments, eq(departments.id, deptUsers.deptId))
      .where(this.subtree(clientId, kind, path))
      .limit(1);
    return rows.length > 0;
  }

  /** Deletes the subtree at `path`; returns the deleted ids. */
  async deleteSubtree(tx: Tx, clientId: string, kind: Kind, path: string): Promise<string[]> {
    const gone = await tx
      .delete(departments)
      .where(this.subtree(clientId, kind, path))
      .returning({ id: departments.id });
    return gone.map((g) => g.id);
  }

  /** Adds members to a department (present ones kept). */
  async addMembers(tx: Tx, deptId: string, clientId: string, userIds: string[]): Promise<void> {
    if (!userIds.length) return;
    await tx
      .insert(deptUsers)
      .values(userIds.map((userId) => ({ deptId, userId, clientId })))
      .onConflictDoNothing();
  }

  /** Removes every member of a department but `keep`. */
  async removeMembersBut(tx: Tx, deptId: string, keep: string[]): Promise<void> {
    await tx.delete(deptUsers).where(and(eq(deptUsers.deptId, deptId), keep.length ? notInArray(deptUsers.userId, keep) : undefined));
  }

  /** Removes one member; false when they were not one. */
  async removeMember(tx: Tx, deptId: string, userId: string): Promise<boolean> {
    const gone = await tx
      .delete(deptUsers)
      .where(and(eq(deptUsers.deptId, deptId), eq(deptUsers.userId, userId)))
      .returning({ userId: deptUsers.userId });
    return gone.length > 0;
  }

  /** Removes a user from these departments. */
  async leave(tx: Tx, userId: string, deptIds: string[]): Promise<void> {
    if (deptIds.length) await tx.delete(deptUsers).where(and(eq(deptUsers.userId, userId), inArray(deptUsers.deptId, deptIds)));
  }

  /** The department has no head afterwards. */
  async clearHead(tx: Tx, deptId: string): Promise<void> {
    await tx.update(deptUsers).set({ isHead: false }).where(eq(deptUsers.deptId, deptId));
  }

  /** Makes `userId` the head (a member if not yet); call clearHead first: one head per department. */
  async setHead(tx: Tx, deptId: string, clientId: string, userId: string): Promise<void> {
    await tx
      .insert(deptUsers)
      .values({ deptId, userId, clientId, isHead: true })
      .onConflictDoUpdate({ target: [deptUsers.deptId, deptUsers.userId], set: { isHead: true } });
  }

  /** The client's administrative departments loaded from HR (those with an hr_ref). */
  hrLoaded(tx: Tx, clientId: string): Promise<{ id: string; name: string; hrRef: string | null }[]> {
    return tx
      .select({ id: departments.id, name: departments.name, hrRef: departments.hrRef })
      .from(departments)
      .where(and(eq(departments.clientId, clientId), eq(departments.kind, 'adm'), isNotNull(departments.hrRef)));
  }

  /**
   * The head of `user`'s deepest department of `kind`, else of the nearest ancestor department with an active head
   * other than the user (lookup's direct chief). Undefined when none.
   */
  async chiefFromStructure(tx: Tx, user: UserRow, kind: 'adm' | 'org'): Promise<UserRow | undefined> {
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
      .where(and(inArray(deptUsers.deptId, chain), eq(deptUsers.isHead, true), ne(deptUsers.userId, user.id), LIVE));
    const byDept = new Map(heads.map((h) => [h.deptId, h.user]));
    for (const id of chain) if (byDept.has(id)) return byDept.get(id);
    return undefined;
  }

  /** The active user other than `user` that `code` names by id, login or e-mail (case-insensitive); the first by id. */
  async chiefFromCode(tx: Tx, user: UserRow, code: string): Promise<UserRow | undefined> {
    const l = code.toLowerCase();
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(code);
    const match = or(sql`lower(${users.login}) = ${l}`, sql`lower(${users.email}) = ${l}`, ...(isUuid ? [eq(users.id, l)] : []));
    const [row] = await tx
      .select()
      .from(users)
      .where(and(match, ne(users.id, user.id), LIVE))
      .orderBy(users.id)
      .limit(1);
    return row;
  }

  /** The administrative and organisational departments `userId` heads (kind and path). */
  headed(tx: Tx, userId: string): Promise<{ kind: Kind; path: string }[]> {
    return tx
      .select({ kind: departments.kind, path: departments.path })
      .from(deptUsers)
      .innerJoin(departments, eq(departments.id, deptUsers.deptId))
      .where(and(eq(deptUsers.userId, userId), eq(deptUsers.isHead, true), inArray(departments.kind, ['adm', 'org'])));
  }

  /** The ids among `ids` of members of a department in one of these subtrees. */
  async inSubtrees(tx: Tx, ids: string[], subtrees: { kind: Kind; path: string }[]): Promise<string[]> {
    if (!subtrees.length || !ids.length) return [];
    const rows = await tx
      .selectDistinct({ id: deptUsers.userId })
      .from(deptUsers)
      .innerJoin(departments, eq(departments.id, deptUsers.deptId))
      .where(
        and(
          inArray(deptUsers.userId, ids),
          sql`(${sql.join(
            subtrees.map((h) => sql`(${departments.kind} = ${h.kind} AND ${departments.path} LIKE ${`${h.path}%`})`),
            sql` OR `,
          )})`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /** The ids among `ids` of users with a non-empty chiefCode. */
  async withChiefCode(tx: Tx, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNotNull(users.chiefCode), ne(users.chiefCode, '')));
    return rows.map((r) => r.id);
  }

  private subtree(clientId: string, kind: Kind, path: string) {
    return and(eq(departments.clientId, clientId), eq(departments.kind, kind), like(departments.path, `${path}%`));
  }
}
