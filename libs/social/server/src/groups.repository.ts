import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Injectable } from '@nestjs/common';
import { queryRows, type Tx } from '@intranet/platform-db';
import { authors, groupGrants, groupMembers, groupPending, groups, posts, type GroupRow } from './schema.ts';

/**
 * The outer group's id, qualified: drizzle writes a lone table's columns unqualified, and inside a subquery on a
 * table with its own `id` (group_pending) an unqualified "id" would name that table's column.
 */
const gid = sql.raw('"groups"."id"');
const gtype = sql.raw('"groups"."type"');

/** The caller as SQL (`null` for a call without a user: nothing private is visible to it). */
const uid = (me: string | null) => sql`${me}::uuid`;

/**
 * Visibility by group type (issue 11), the one predicate every group route and feed goes through: a public or
 * closed group is visible to every employee of the tenant; a private one only to its members, the people invited
 * to it and the holders of a grant on it.
 */
export const visibleTo = (me: string | null): SQL =>
  sql`(${gtype} <> 'private'
    OR EXISTS (SELECT 1 FROM ${groupMembers} vm WHERE vm.group_id = ${gid} AND vm.user_id = ${uid(me)})
    OR EXISTS (SELECT 1 FROM ${groupPending} vp WHERE vp.group_id = ${gid} AND vp.user_id = ${uid(me)} AND vp.kind = 'invitation' AND vp.status = 'pending')
    OR EXISTS (SELECT 1 FROM ${groupGrants} vg WHERE vg.group_id = ${gid} AND vg.user_id = ${uid(me)}))`;

/** A group with what the caller is in it (one row, no N+1). */
function groupSelect(tx: Tx, me: string | null) {
  return tx
    .select({
      g: groups,
      role: sql<'owner' | 'admin' | 'member' | null>`(SELECT m.role FROM ${groupMembers} m WHERE m.group_id = ${gid} AND m.user_id = ${uid(me)})`,
      pending: sql<'request' | 'invitation' | null>`(SELECT p.kind FROM ${groupPending} p WHERE p.group_id = ${gid} AND p.user_id = ${uid(me)}
        AND p.status = 'pending' ORDER BY (p.kind = 'invitation') DESC LIMIT 1)`,
      grant: sql<'read' | 'write' | null>`(SELECT gg.level FROM ${groupGrants} gg WHERE gg.group_id = ${gid} AND gg.user_id = ${uid(me)})`,
      admins: sql<string[]>`(SELECT coalesce(json_agg(a.user_id ORDER BY (a.role = 'owner') DESC, a.created_at), '[]'::json)
        FROM ${groupMembers} a WHERE a.group_id = ${gid} AND a.role IN ('owner', 'admin'))`,
      requests: sql<number>`(SELECT count(*)::int FROM ${groupPending} r WHERE r.group_id = ${gid} AND r.kind = 'request' AND r.status = 'pending')`,
      invitations: sql<number>`(SELECT count(*)::int FROM ${groupPending} i WHERE i.group_id = ${gid} AND i.kind = 'invitation' AND i.status = 'pending')`,
    })
    .from(groups);
}
export type GroupView = Awaited<ReturnType<ReturnType<typeof groupSelect>['execute']>>[number];

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');
const personFields = {
  id: authors.id,
  firstName: authors.firstName,
  lastName: authors.lastName,
  avatar: authors.avatar,
  position: authors.position,
};

@Injectable()
export class GroupsRepository {
  /** One group as `me` sees it; undefined when it does not exist in the tenant or is invisible to `me`. */
  async view(tx: Tx, me: string | null, id: string): Promise<GroupView | undefined> {
    const [r] = await groupSelect(tx, me)
      .where(and(eq(groups.id, id), visibleTo(me)))
      .limit(1);
    return r;
  }

  /** Locks a visible group's row for a change (same visibility as `view`). */
  async lock(tx: Tx, me: string | null, id: string): Promise<GroupRow | undefined> {
    const [r] = await tx
      .select()
      .from(groups)
      .where(and(eq(groups.id, id), visibleTo(me)))
      .limit(1)
      .for('update');
    return r;
  }

  /**
   * A page of groups visible to `me`, by name: the client's catalogue, or (`memberOf`) the groups a user belongs
   * to. Output: rows and the total.
   */
  async list(
    tx: Tx,
    me: string | null,
    q: { clientId: string; memberOf?: string; search?: string; offset: number; limit: number },
  ): Promise<{ rows: GroupView[]; total: number }> {
    const conds: SQL[] = [eq(groups.clientId, q.clientId), visibleTo(me)];
    if (q.memberOf) conds.push(sql`${groups.id} IN (SELECT bm.group_id FROM ${groupMembers} bm WHERE bm.user_id = ${q.memberOf}::uuid)`);
    if (q.search) conds.push(sql`lower(${groups.name}) LIKE ${`%${escapeLike(q.search.toLowerCase())}%`}`);
    const where = and(...conds);
    // The page's ids first (an index range on (client_id, lower(name), id), no per-row subqueries), then the
    // caller's state for those 20 rows only: a deep page costs its offset in index entries, not in subqueries.
    const page = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(where)
      .orderBy(sql`lower(${groups.name})`, groups.id)
      .limit(q.limit)
      .offset(q.offset);
    const ids = page.map((r) => r.id);
    const found = ids.length ? await groupSelect(tx, me).where(inArray(groups.id, ids)) : [];
    const byId = new Map(found.map((r) => [r.g.id, r]));
    const rows = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const [c] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(groups)
      .where(where);
    return { rows, total: c?.n ?? 0 };
  }

  async insert(tx: Tx, row: typeof groups.$inferInsert): Promise<void> {
    await tx.insert(groups).values(row);
  }

  async update(tx: Tx, id: string, patch: Partial<typeof groups.$inferInsert>): Promise<void> {
    await tx
      .update(groups)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(groups.id, id));
  }

  /** Recounts the members (after a join, leave or removal). */
  async recount(tx: Tx, id: string): Promise<void> {
    await tx.execute(sql`UPDATE ${groups} SET members_count = (SELECT count(*) FROM ${groupMembers} m WHERE m.group_id = ${id}::uuid) WHERE id = ${id}::uuid`);
  }

  /** Keeps the wall flag of the group's posts in step with its type (a public group's posts are on the wall). */
  async setPostsOnWall(tx: Tx, id: string, onWall: boolean): Promise<void> {
    await tx
      .update(posts)
      .set({ onWall })
      .where(and(eq(posts.parentType, 'group'), eq(posts.parentId, id)));
  }

  /** A member's role, or null. */
  async roleOf(tx: Tx, groupId: string, userId: string): Promise<'owner' | 'admin' | 'member' | null> {
    const [r] = await tx
      .select({ role: groupMembers.role })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    return r?.role ?? null;
  }

  /** Adds (or re-roles) a member; output: whether the user was not a member before. */
  async addMember(tx: Tx, m: { groupId: string; userId: string; clientId: string; role: 'owner' | 'admin' | 'member' }): Promise<boolean> {
    const before = await this.roleOf(tx, m.groupId, m.userId);
    await tx
      .insert(groupMembers)
      .values(m)
      .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role: m.role } });
    return before === null;
  }

  async setRole(tx: Tx, groupId: string, userId: string, role: 'owner' | 'admin' | 'member'): Promise<void> {
    await tx
      .update(groupMembers)
      .set({ role })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  }

  async removeMember(tx: Tx, groupId: string, userId: string): Promise<boolean> {
    const r = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
      .returning({ u: groupMembers.userId });
    return r.length > 0;
  }

  /** Members, owner and admins first, then by name; with the total. */
  async members(tx: Tx, groupId: string, q: { search?: string; offset: number; limit: number }) {
    const conds: SQL[] = [eq(groupMembers.groupId, groupId)];
    if (q.search)
      conds.push(sql`lower(coalesce(${authors.firstName}, '') || ' ' || coalesce(${authors.lastName}, '')) LIKE ${`%${escapeLike(q.search.toLowerCase())}%`}`);
    const rows = await tx
      .select({ userId: groupMembers.userId, role: groupMembers.role, createdAt: groupMembers.createdAt, person: personFields })
      .from(groupMembers)
      .leftJoin(authors, eq(authors.id, groupMembers.userId))
      .where(and(...conds))
      .orderBy(sql`(${groupMembers.role} = 'owner') DESC`, sql`(${groupMembers.role} = 'admin') DESC`, authors.lastName, authors.firstName, groupMembers.userId)
      .limit(q.limit)
      .offset(q.offset);
    const [c] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .leftJoin(authors, eq(authors.id, groupMembers.userId))
      .where(and(...conds));
    return { rows, total: c?.n ?? 0 };
  }

  /** Ids of the people who may read a group's posts: members and grant holders (the realtime audience). */
  async readers(tx: Tx, groupId: string): Promise<string[]> {
    const r = await queryRows<{ user_id: string }>(
      tx,
      sql`SELECT user_id FROM ${groupMembers} WHERE group_id = ${groupId}::uuid UNION SELECT user_id FROM ${groupGrants} WHERE group_id = ${groupId}::uuid`,
    );
    return r.map((x) => x.user_id);
  }

  /** A group's name and its members' ids (notifications tells the members of a new post), or undefined. */
  async nameAndMembers(tx: Tx, groupId: string): Promise<{ name: string; member_ids: string[] } | undefined> {
    const [g] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId)).limit(1);
    if (!g) return undefined;
    const rows = await tx.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
    return { name: g.name, member_ids: rows.map((r) => r.userId) };
  }

  /** Ids of a group's owner and admins (who decide its requests). */
  async deciders(tx: Tx, groupId: string): Promise<string[]> {
    const rows = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.role, ['owner', 'admin'])));
    return rows.map((r) => r.userId);
  }

  /** The open request or invitation of a user, locked. */
  async openPending(tx: Tx, groupId: string, userId: string, kind: 'request' | 'invitation') {
    const [r] = await tx
      .select()
      .from(groupPending)
      .where(and(eq(groupPending.groupId, groupId), eq(groupPending.userId, userId), eq(groupPending.kind, kind), eq(groupPending.status, 'pending')))
      .limit(1)
      .for('update');
    return r;
  }

  /** Opens a request or invitation (nothing when one is open already); output: whether one was opened. */
  async addPending(tx: Tx, row: typeof groupPending.$inferInsert): Promise<boolean> {
    const r = await tx.insert(groupPending).values(row).onConflictDoNothing().returning({ id: groupPending.id });
    return r.length > 0;
  }

  async decide(tx: Tx, id: string, status: 'approved' | 'rejected' | 'cancelled' | 'accepted' | 'declined', by: string | null): Promise<void> {
    await tx.update(groupPending).set({ status, byId: by, decidedAt: new Date() }).where(eq(groupPending.id, id));
  }

  /** Open requests or invitations, of a group or of a user, with the person and the group's name. */
  async pendingList(tx: Tx, where: { groupId?: string; userId?: string; kind: 'request' | 'invitation' }) {
    const conds: SQL[] = [eq(groupPending.kind, where.kind), eq(groupPending.status, 'pending')];
    if (where.groupId) conds.push(eq(groupPending.groupId, where.groupId));
    if (where.userId) conds.push(eq(groupPending.userId, where.userId));
    return tx
      .select({ p: groupPending, groupName: groups.name, groupType: groups.type, person: personFields })
      .from(groupPending)
      .innerJoin(groups, eq(groups.id, groupPending.groupId))
      .leftJoin(authors, eq(authors.id, groupPending.userId))
      .where(and(...conds))
      .orderBy(desc(groupPending.createdAt))
      .limit(500);
  }

  async grant(tx: Tx, row: typeof groupGrants.$inferInsert): Promise<void> {
    await tx
      .insert(groupGrants)
      .values(row)
      .onConflictDoUpdate({ target: [groupGrants.groupId, groupGrants.userId], set: { level: row.level } });
  }

  async ungrant(tx: Tx, groupId: string, userId: string): Promise<void> {
    await tx.delete(groupGrants).where(and(eq(groupGrants.groupId, groupId), eq(groupGrants.userId, userId)));
  }

  /**
   * Deletes a group and everything of it in client `clientId` (run with the audited bypass: a client admin may
   * delete a closed group whose posts they cannot read). Output: the post ids gone.
   */
  async deleteAll(tx: Tx, clientId: string, id: string): Promise<string[]> {
    const gone = await tx
      .delete(posts)
      .where(and(eq(posts.clientId, clientId), eq(posts.parentType, 'group'), eq(posts.parentId, id)))
      .returning({ id: posts.id });
    await tx.delete(groups).where(and(eq(groups.clientId, clientId), eq(groups.id, id)));
    return gone.map((g) => g.id);
  }

  /**
   * replace_owner: every group `from` owns in `clientId` gets `to` as owner (a member with the owner role; `from`
   * stays a plain member). Run with the audited bypass, explicit client filter: private groups included.
   * Output: the ids of the groups moved.
   */
  async replaceOwner(tx: Tx, clientId: string, from: string, to: string): Promise<string[]> {
    const moved = await tx
      .update(groups)
      .set({ ownerId: to, updatedAt: new Date() })
      .where(and(eq(groups.clientId, clientId), eq(groups.ownerId, from)))
      .returning({ id: groups.id });
    for (const { id } of moved) {
      await tx
        .update(groupMembers)
        .set({ role: 'member' })
        .where(and(eq(groupMembers.clientId, clientId), eq(groupMembers.groupId, id), eq(groupMembers.userId, from)));
      await tx
        .insert(groupMembers)
        .values({ groupId: id, userId: to, clientId, role: 'owner' })
        .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role: 'owner' } });
      await tx.execute(
        sql`UPDATE ${groups} SET members_count = (SELECT count(*) FROM ${groupMembers} m WHERE m.group_id = ${id}::uuid) WHERE id = ${id}::uuid AND client_id = ${clientId}::uuid`,
      );
    }
    return moved.map((m) => m.id);
  }

  /** A group's type, or undefined (the audience of its posts' events). */
  async typeOf(tx: Tx, id: string): Promise<GroupRow['type'] | undefined> {
    const [g] = await tx.select({ type: groups.type }).from(groups).where(eq(groups.id, id)).limit(1);
    return g?.type;
  }
}
