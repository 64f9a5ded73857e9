import { clientSubjects } from '@intranet/clients-contract';
import {
  HR_TEXT,
  STRUCTURE_TEXT,
  structureEvents,
  type Department,
  type DepartmentEvent,
  type DepartmentKind,
  type DeptUsers,
  type HrCheckResult,
  type structureRoutes,
} from '@intranet/people-contract/structure';
import { ask, systemContext, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { sql, uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, asc, eq, inArray, isNull, like, notInArray } from 'drizzle-orm';
import { ZUP_EMPTY_REF, zupDepartments, type ZupDepartment } from './hr.ts';
import { isSuper } from './mapping.ts';
import { departments, deptUsers, users, type DepartmentRow } from './schema.ts';

type StructureRoutes = Pick<
  typeof structureRoutes,
  | 'structureByClient'
  | 'structureCreate'
  | 'structureUpdate'
  | 'structureDelete'
  | 'deptUsersByClient'
  | 'deptUsersAdd'
  | 'deptUsersUpdate'
  | 'deptUsersRemove'
  | 'deptUsersClearChief'
>;

/**
 * The client a structure route acts on: the caller's own (another client's id answers 404, as if it did not
 * exist); the superadmin names any (or uses the selected workspace). Errors: 403 without a client.
 */
export function structureClient(ctx: RequestContext, requested?: string): string {
  if (isSuper(ctx)) {
    const id = requested ?? ctx.clientId;
    if (!id) throw Errors.forbidden();
    return id;
  }
  if (!ctx.clientId) throw Errors.forbidden();
  if (requested && requested !== ctx.clientId) throw Errors.notFound();
  return ctx.clientId;
}

/** Depth of a materialised path: '/root/' is 0, '/root/child/' 1. */
const depthOf = (path: string) => path.split('/').length - 3;

/** The department with this id in the transaction's client (RLS), locked for the change when `lock`. */
async function deptById(tx: Tx, id: string, lock = false): Promise<DepartmentRow | undefined> {
  const q = tx.select().from(departments).where(eq(departments.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * Serialises structure writes of one client and kind (a move reads paths and rewrites a subtree: two concurrent
 * moves could otherwise make a cycle). Transaction-scoped advisory lock.
 */
const lockStructure = (tx: Tx, clientId: string, kind: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`people:structure:${clientId}:${kind}`}))`);

/** Members and head of each of these departments (one query). */
export async function membersOf(tx: Tx, deptIds: string[]): Promise<Map<string, { users: string[]; head: string | null }>> {
  const out = new Map<string, { users: string[]; head: string | null }>(deptIds.map((id) => [id, { users: [], head: null }]));
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

const toDepartment = (r: DepartmentRow, m?: { users: string[]; head: string | null }): Department => ({
  _id: r.id,
  client_id: r.clientId,
  kind: r.kind,
  name: r.name,
  description: r.description,
  parent: r.parentId,
  depth: depthOf(r.path),
  manager: m?.head ?? null,
  employees: m?.users ?? [],
});

/** The §3 department-user record of one department. */
async function recordOf(tx: Tx, dept: DepartmentRow): Promise<DeptUsers> {
  const m = (await membersOf(tx, [dept.id])).get(dept.id)!;
  return { _id: dept.id, dept_id: dept.id, users: m.users, headUser: m.head, client_id: dept.clientId };
}

/** The evt.people.department.created|updated payload of a department row (`moved`: updated only). */
const departmentEvent = (r: DepartmentRow, by: string | null | undefined, moved?: boolean): DepartmentEvent => ({
  _id: r.id,
  kind: r.kind,
  name: r.name,
  parent: r.parentId,
  ...(moved !== undefined ? { moved } : {}),
  by: by ?? null,
});

/** Checks that every id names a non-deleted employee of the transaction's client. Errors: field `users` 400. */
async function checkUsers(tx: Tx, ids: string[], field = 'users'): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.deletionMark, false)));
  if (found.length !== unique.length) throw Errors.field(field, STRUCTURE_TEXT.userNotInClient);
}

/**
 * The evt.people.dept_users.updated payload of a department's record `rec` against its members and head `before`
 * (membersOf); null when neither changed (nothing to publish).
 */
function deptUsersEvent(rec: DeptUsers, kind: DepartmentKind, before: { users: string[]; head: string | null }, by: string | null | undefined) {
  const was = new Set(before.users);
  const now = new Set(rec.users);
  const added = rec.users.filter((u) => !was.has(u));
  const removed = before.users.filter((u) => !now.has(u));
  if (!added.length && !removed.length && before.head === rec.headUser) return null;
  return { ...rec, kind, added, removed, previousHead: before.head, by: by ?? null };
}

/**
 * After a bulk change of memberships outside the structure routes (POST api/user/load_hrm moving employees between
 * HR-loaded departments): one evt.people.dept_users.updated per department of `before` whose members or head differ
 * now, added to `tx` (outbox), so an open /structure_new chart reloads. Input: `before` = membersOf the departments
 * the change touched, read in the same transaction before it; `kind` theirs; `by` who ran it. Output: the number of
 * events added.
 */
export async function addMembershipEvents(
  tx: Tx,
  outbox: DomainDeps['outbox'],
  clientId: string,
  kind: DepartmentKind,
  before: Map<string, { users: string[]; head: string | null }>,
  by: string | null | undefined,
): Promise<number> {
  const after = await membersOf(tx, [...before.keys()]);
  let added = 0;
  for (const [id, was] of before) {
    const m = after.get(id)!;
    const event = deptUsersEvent({ _id: id, dept_id: id, users: m.users, headUser: m.head, client_id: clientId }, kind, was, by);
    if (!event) continue;
    await outbox.add(tx, structureEvents.deptUsersUpdated, clientId, event);
    added++;
  }
  return added;
}

/**
 * Company structure (§7 Structure, §5 Department, §6 structures): departments of four kinds as a tree kept as a
 * materialised path (a subtree is one indexed range read), and their department-user records (members, one head).
 * Every accepted write adds its structureEvents event (evt.people.department.*, evt.people.dept_users.updated) to its
 * own transaction (outbox); a write that changes nothing publishes nothing.
 */
export function structureHandlers(deps: DomainDeps): RouteHandlers<StructureRoutes> {
  const { db, outbox } = deps;
  /**
   * After a change of `dept`'s members or head (`before`: membersOf before it): its record, and, when anything
   * changed, evt.people.dept_users.updated in the same transaction (added / removed employees, head before and after).
   */
  const membersChanged = async (tx: Tx, ctx: RequestContext, dept: DepartmentRow, before: { users: string[]; head: string | null }) => {
    const rec = await recordOf(tx, dept);
    const event = deptUsersEvent(rec, dept.kind, before, ctx.userId);
    if (event) await outbox.add(tx, structureEvents.deptUsersUpdated, dept.clientId, event);
    return rec;
  };
  const membersBefore = async (tx: Tx, dept: DepartmentRow) => (await membersOf(tx, [dept.id])).get(dept.id)!;
  /** The caller's department, locked with its structure for a change; 404 when missing (or another client's). */
  const lockedDept = async (tx: Tx, clientId: string, id: string) => {
    const probe = await deptById(tx, id);
    if (!probe) throw Errors.notFound();
    await lockStructure(tx, clientId, probe.kind);
    const dept = await deptById(tx, id, true);
    if (!dept) throw Errors.notFound();
    return dept;
  };

  return {
    /**
     * §7 GET api/structure/byClient/{client}?kind&root → departments ordered by path (parents before children),
     * each with its head (`manager`) and `employees`. `root` reads that department's subtree only (one indexed
     * range read). Errors: 404 another client or an unknown root.
     */
    structureByClient: async ({ params, query }, ctx) => {
      const clientId = structureClient(ctx, params.client);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const conds = [eq(departments.clientId, clientId)];
        if (query.root) {
          const root = await deptById(tx, query.root);
          if (!root) throw Errors.notFound();
          conds.push(eq(departments.kind, root.kind), like(departments.path, `${root.path}%`));
        } else if (query.kind) conds.push(eq(departments.kind, query.kind));
        const rows = await tx
          .select()
          .from(departments)
          .where(and(...conds))
          .orderBy(asc(departments.kind), asc(departments.path));
        const members = await membersOf(
          tx,
          rows.map((r) => r.id),
        );
        return rows.map((r) => toDepartment(r, members.get(r.id)));
      });
    },

    /**
     * §7 POST api/structure {kind, name, description?, parent?, client_id?}: a department under `parent` (same
     * client and kind); without a parent, the root of its kind (one per kind). Errors: field `parent`
     * 'Choose the parent department' (a root exists), 'The parent department belongs to another structure',
     * 404-like 'The requested resource was not found' for an unknown parent.
     */
    structureCreate: async ({ body }, ctx) => {
      const clientId = structureClient(ctx, body.client_id);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        await lockStructure(tx, clientId, body.kind);
        const id = uuidv7();
        let path = `/${id}/`;
        if (body.parent) {
          const parent = await deptById(tx, body.parent);
          if (!parent) throw Errors.field('parent', 'The requested resource was not found');
          if (parent.kind !== body.kind) throw Errors.field('parent', STRUCTURE_TEXT.parentOtherKind);
          path = `${parent.path}${id}/`;
        } else {
          const [root] = await tx
            .select({ id: departments.id })
            .from(departments)
            .where(and(eq(departments.clientId, clientId), eq(departments.kind, body.kind), isNull(departments.parentId)))
            .limit(1);
          if (root) throw Errors.field('parent', STRUCTURE_TEXT.parentRequired);
        }
        const [row] = await tx
          .insert(departments)
          .values({ id, clientId, kind: body.kind, name: body.name, description: body.description ?? null, parentId: body.parent ?? null, path })
          .returning();
        await outbox.add(tx, structureEvents.departmentCreated, clientId, departmentEvent(row, ctx.userId));
        return toDepartment(row);
      });
    },

    /**
     * §7 PUT api/structure/{id} {name?, description?, parent?}: renames, or moves the department with its whole
     * subtree under `parent` (one UPDATE of the subtree's paths). Errors: 400 'A department cannot be moved into
     * itself or its child' (also any move of the root), field `parent` for another kind or an unknown parent, 404.
     */
    structureUpdate: async ({ params, body }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const dept = await lockedDept(tx, clientId, params.id);
        let cur = dept;
        if (body.parent !== undefined && body.parent !== dept.parentId) {
          if (body.parent === dept.id) throw Errors.badRequest(STRUCTURE_TEXT.moveIntoChild);
          const parent = await deptById(tx, body.parent);
          if (!parent) throw Errors.field('parent', 'The requested resource was not found');
          if (parent.kind !== dept.kind) throw Errors.field('parent', STRUCTURE_TEXT.parentOtherKind);
          // The root's every possible parent is in its own subtree: it cannot move either.
          if (parent.path.startsWith(dept.path)) throw Errors.badRequest(STRUCTURE_TEXT.moveIntoChild);
          const newPath = `${parent.path}${dept.id}/`;
          await tx
            .update(departments)
            .set({ path: sql`${newPath} || substr(${departments.path}, ${dept.path.length + 1})`, updatedAt: new Date() })
            .where(and(eq(departments.clientId, clientId), eq(departments.kind, dept.kind), like(departments.path, `${dept.path}%`)));
          [cur] = await tx.update(departments).set({ parentId: parent.id }).where(eq(departments.id, dept.id)).returning();
        }
        if (body.name !== undefined || body.description !== undefined) {
          [cur] = await tx
            .update(departments)
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.description !== undefined ? { description: body.description } : {}),
              updatedAt: new Date(),
            })
            .where(eq(departments.id, dept.id))
            .returning();
        }
        if (cur !== dept) await outbox.add(tx, structureEvents.departmentUpdated, clientId, departmentEvent(cur, ctx.userId, cur.parentId !== dept.parentId));
        return toDepartment(cur, (await membersOf(tx, [cur.id])).get(cur.id));
      });
    },

    /**
     * DELETE api/structure/{id} (added, §5 Department): deletes the department and its subtree. Errors: 400
     * 'The root department cannot be deleted', 400 'A department with employees cannot be deleted' (anyone in
     * the subtree), 404.
     */
    structureDelete: async ({ params }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const dept = await lockedDept(tx, clientId, params.id);
        if (!dept.parentId) throw Errors.badRequest(STRUCTURE_TEXT.deleteRoot);
        const subtree = and(eq(departments.clientId, clientId), eq(departments.kind, dept.kind), like(departments.path, `${dept.path}%`));
        const [busy] = await tx
          .select({ userId: deptUsers.userId })
          .from(deptUsers)
          .innerJoin(departments, eq(departments.id, deptUsers.deptId))
          .where(subtree)
          .limit(1);
        if (busy) throw Errors.badRequest(STRUCTURE_TEXT.hasEmployees);
        const gone = await tx.delete(departments).where(subtree).returning({ id: departments.id });
        await outbox.add(tx, structureEvents.departmentDeleted, clientId, {
          _id: dept.id,
          kind: dept.kind,
          name: dept.name,
          ids: gone.map((g) => g.id),
          by: ctx.userId ?? null,
        });
        return { deleted: gone.length };
      });
    },

    /** §7 GET api/structure/byClient/{client}/dept_users?kind → one department-user record per department. */
    deptUsersByClient: async ({ params, query }, ctx) => {
      const clientId = structureClient(ctx, params.client);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const rows = await tx
          .select()
          .from(departments)
          .where(and(eq(departments.clientId, clientId), query.kind ? eq(departments.kind, query.kind) : undefined))
          .orderBy(asc(departments.path));
        const members = await membersOf(
          tx,
          rows.map((r) => r.id),
        );
        return rows.map((r) => {
          const m = members.get(r.id)!;
          return { _id: r.id, dept_id: r.id, users: m.users, headUser: m.head, client_id: clientId };
        });
      });
    },

    /** §7 POST api/dept_users/{client}/{dept} {users}: adds employees (already there: kept). Errors: field `users`, 404. */
    deptUsersAdd: async ({ params, body }, ctx) => {
      const clientId = structureClient(ctx, params.client);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const dept = await lockedDept(tx, clientId, params.dept);
        await checkUsers(tx, body.users);
        const before = await membersBefore(tx, dept);
        await tx
          .insert(deptUsers)
          .values([...new Set(body.users)].map((userId) => ({ deptId: dept.id, userId, clientId })))
          .onConflictDoNothing();
        return membersChanged(tx, ctx, dept, before);
      });
    },

    /**
     * §7 PUT api/dept_users {dept_id, users?, headUser?}: `users` replaces the members; `headUser` makes one
     * member the head (added as a member if needed; the previous head stops being one — one head per
     * department), null clears it. Errors: field `users` / `headUser`, 404.
     */
    deptUsersUpdate: async ({ body }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const dept = await lockedDept(tx, clientId, body.dept_id);
        const before = await membersBefore(tx, dept);
        if (body.users) {
          await checkUsers(tx, body.users);
          const keep = [...new Set(body.users)];
          await tx.delete(deptUsers).where(and(eq(deptUsers.deptId, dept.id), keep.length ? notInArray(deptUsers.userId, keep) : undefined));
          if (keep.length)
            await tx
              .insert(deptUsers)
              .values(keep.map((userId) => ({ deptId: dept.id, userId, clientId })))
              .onConflictDoNothing();
        }
        if (body.headUser !== undefined) {
          await tx.update(deptUsers).set({ isHead: false }).where(eq(deptUsers.deptId, dept.id));
          if (body.headUser) {
            await checkUsers(tx, [body.headUser], 'headUser');
            await tx
              .insert(deptUsers)
              .values({ deptId: dept.id, userId: body.headUser, clientId, isHead: true })
              .onConflictDoUpdate({ target: [deptUsers.deptId, deptUsers.userId], set: { isHead: true } });
          }
        }
        return membersChanged(tx, ctx, dept, before);
      });
    },

    /** §7 DELETE api/dept_users/{dept}/{user}: removes the employee (a head stops being the head). Errors: 404. */
    deptUsersRemove: async ({ params }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const dept = await lockedDept(tx, clientId, params.dept);
        const before = await membersBefore(tx, dept);
        const gone = await tx
          .delete(deptUsers)
          .where(and(eq(deptUsers.deptId, dept.id), eq(deptUsers.userId, params.user)))
          .returning({ userId: deptUsers.userId });
        if (!gone.length) throw Errors.notFound();
        return membersChanged(tx, ctx, dept, before);
      });
    },

    /** §7 PUT api/dept_users/clear_chief/{id}: the department (id) has no head afterwards. Errors: 404. */
    deptUsersClearChief: async ({ params }, ctx) => {
      const clientId = structureClient(ctx);
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        const dept = await lockedDept(tx, clientId, params.id);
        const before = await membersBefore(tx, dept);
        await tx.update(deptUsers).set({ isHead: false }).where(eq(deptUsers.deptId, dept.id));
        return membersChanged(tx, ctx, dept, before);
      });
    },
  };
}

type LoadRoutes = Pick<typeof structureRoutes, 'structureLoad' | 'hrCheck'>;

/**
 * POST api/structure/load_struct (§5 HR integration): departments of 1C:ZUP into the client's administrative
 * structure. The HR data is read first, then applied in one transaction (all or nothing).
 */
export function structureLoadHandlers({ db, bus, outbox }: DomainDeps): RouteHandlers<LoadRoutes> {
  /** The client's HR connection, checked for §5 (tax id, an address). Errors: 400 §5 texts, 404 another client. */
  const connection = async (clientId: string) => {
    const hr = await ask(bus, clientSubjects.internalHr, systemContext(), { id: clientId }).catch(() => {
      throw Errors.notFound();
    });
    if (!hr.taxNumber) throw Errors.badRequest(HR_TEXT.needsTaxId);
    if (!hr.url) throw Errors.badRequest(HR_TEXT.notConnected);
    return { url: hr.url, login: hr.login, password: hr.password };
  };
  return {
    /**
     * POST api/structure/hr_check {client_id} → { ok, departments, reason, status }: reads the HR system's
     * departments once (`departments`: those not marked for deletion, what load_struct would load) with the saved address, login and password (never returned) and reports the outcome; a
     * failed connection is an answer (ok: false, reason of HR_CHECK_REASONS, the HTTP status if any), not an error.
     * Writes nothing. Errors: 400 'HR integration needs tax id', 400 'Connect the HR system first', 404 another client.
     */
    hrCheck: async ({ body }, ctx) => {
      const conn = await connection(structureClient(ctx, body.client_id));
      try {
        const rows = await zupDepartments(conn);
        return { ok: true, departments: rows.filter((r) => !r.DeletionMark).length, reason: null, status: null } satisfies HrCheckResult;
      } catch (e) {
        if (!(e instanceof DomainError) || e.kind !== 'unavailable') throw e;
        const details = (e.details ?? {}) as { reason?: string; status?: number };
        const status = typeof details.status === 'number' ? details.status : null;
        const reason: HrCheckResult['reason'] =
          status === 401 || status === 403
            ? 'unauthorized'
            : status === 404
              ? 'not_found'
              : status
                ? 'status'
                : details.reason === 'not OData JSON'
                  ? 'not_odata'
                  : 'unreachable';
        return { ok: false, departments: null, reason, status };
      }
    },

    /**
     * POST api/structure/load_struct {client_id} → { created, updated, unchanged, failed[] }: each HR department
     * matched by its key (hr_ref) is created, renamed or moved (with its subtree), or left as it is; top-level HR
     * departments hang under the structure's root (created with the client's name if missing); ones marked for
     * deletion in HR are not created, and nothing is ever deleted here. Errors: 400 'HR integration needs tax id',
     * 400 'Connect the HR system first', 503 'Loading the structure from the HR system failed' (code
     * loading_struct_hrm_error; nothing is changed), 404 another client. When anything was written, one
     * evt.people.structure.loaded with the counts goes out with the transaction.
     */
    structureLoad: async ({ body }, ctx) => {
      const clientId = structureClient(ctx, body.client_id);
      const rows = await zupDepartments(await connection(clientId));
      const client = await ask(bus, clientSubjects.internalGet, systemContext(), { id: clientId });
      const kind = 'adm' as const;
      return db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
        await lockStructure(tx, clientId, kind);
        const all = await tx
          .select()
          .from(departments)
          .where(and(eq(departments.clientId, clientId), eq(departments.kind, kind)));
        let root = all.find((d) => !d.parentId);
        const rootMade = !root;
        if (!root) {
          const id = uuidv7();
          [root] = await tx
            .insert(departments)
            .values({ id, clientId, kind, name: client.name, path: `/${id}/` })
            .returning();
          all.push(root);
        }
        const byRef = new Map(all.filter((d) => d.hrRef).map((d) => [d.hrRef!, d]));
        const byId = new Map(all.map((d) => [d.id, d]));
        const hrByRef = new Map(rows.map((r) => [r.Ref_Key, r]));
        const out = { created: 0, updated: 0, unchanged: 0, failed: [] as { ref: string; name: string; reason: string }[] };
        // Parents before children: depth along the HR parent chain (a cycle or a missing parent fails the row).
        const depth = (r: ZupDepartment, seen = new Set<string>()): number => {
          const p = r.Parent_Key && r.Parent_Key !== ZUP_EMPTY_REF ? hrByRef.get(r.Parent_Key) : undefined;
          if (!p || seen.has(r.Ref_Key)) return 0;
          seen.add(r.Ref_Key);
          return 1 + depth(p, seen);
        };
        const ordered = rows.filter((r) => !r.DeletionMark).sort((a, b) => depth(a) - depth(b));
        for (const r of ordered) {
          const name = String(r.Description ?? '')
            .trim()
            .slice(0, 200);
          const parentRef = r.Parent_Key && r.Parent_Key !== ZUP_EMPTY_REF ? r.Parent_Key : null;
          const parent = parentRef ? byRef.get(parentRef) : root;
          if (!name || !parent) {
            out.failed.push({ ref: r.Ref_Key, name, reason: !name ? 'no name' : 'parent not loaded' });
            continue;
          }
          const cur = byRef.get(r.Ref_Key);
          if (!cur) {
            const id = uuidv7();
            const [row] = await tx
              .insert(departments)
              .values({ id, clientId, kind, name, parentId: parent.id, path: `${parent.path}${id}/`, hrRef: r.Ref_Key })
              .returning();
            byRef.set(r.Ref_Key, row);
            byId.set(row.id, row);
            out.created++;
            continue;
          }
          if (cur.name === name && cur.parentId === parent.id) {
            out.unchanged++;
            continue;
          }
          if (cur.parentId !== parent.id) {
            if (parent.path.startsWith(cur.path)) {
              out.failed.push({ ref: r.Ref_Key, name, reason: STRUCTURE_TEXT.moveIntoChild });
              continue;
            }
            const newPath = `${parent.path}${cur.id}/`;
            await tx
              .update(departments)
              .set({ path: sql`${newPath} || substr(${departments.path}, ${cur.path.length + 1})`, updatedAt: new Date() })
              .where(and(eq(departments.clientId, clientId), eq(departments.kind, kind), like(departments.path, `${cur.path}%`)));
            // Paths below changed: keep the in-memory copies in step for later rows.
            for (const d of byId.values()) if (d.path.startsWith(cur.path)) d.path = newPath + d.path.slice(cur.path.length);
          }
          const [row] = await tx.update(departments).set({ name, parentId: parent.id, updatedAt: new Date() }).where(eq(departments.id, cur.id)).returning();
          Object.assign(cur, row);
          out.updated++;
        }
        if (rootMade || out.created || out.updated)
          await outbox.add(tx, structureEvents.structureLoaded, clientId, {
            kind,
            created: out.created,
            updated: out.updated,
            unchanged: out.unchanged,
            failed: out.failed.length,
            by: ctx.userId ?? null,
          });
        return out;
      });
    },
  };
}
