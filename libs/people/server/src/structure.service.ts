import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS } from '@intranet/people-contract';
import { structureEvents, type Department, type DeptUsers, type structureRoutes } from '@intranet/people-contract/structure';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { structureClient } from './access.ts';
import { departmentEvent, toDepartment, toDeptUsers } from './mapping.ts';
import type { DepartmentRow } from './schema.ts';
import { StructureEvents } from './structure-events.ts';
import { StructureRepository, type Members } from './structure.repository.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof structureRoutes> = RouteInput<(typeof structureRoutes)[K]>;

/**
 * Company structure (§7 Structure, §5 Department, §6 structures): departments of four kinds as a tree kept as a
 * materialised path (a subtree is one indexed range read), and their department-user records (members, one head).
 * Every accepted write adds its structureEvents event (evt.people.department.*, evt.people.dept_users.updated) to its
 * own transaction (outbox); a write that changes nothing publishes nothing.
 */
@Injectable()
export class StructureService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly structure: StructureRepository,
    private readonly users: UsersRepository,
    private readonly events: StructureEvents,
  ) {}

  /**
   * §7 GET api/structure/byClient/{client}?kind&root → departments ordered by path (parents before children),
   * each with its head (`manager`) and `employees`. `root` reads that department's subtree only (one indexed
   * range read). Errors: 404 another client or an unknown root.
   */
  async structureByClient({ params, query }: In<'structureByClient'>, ctx: RequestContext): Promise<Department[]> {
    const clientId = structureClient(ctx, params.client);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      let root: DepartmentRow | undefined;
      if (query.root) {
        root = await this.structure.byId(tx, query.root);
        if (!root) throw Errors.notFound();
      }
      const rows = await this.structure.tree(tx, clientId, { kind: query.kind, root });
      const members = await this.structure.membersOf(
        tx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toDepartment(r, members.get(r.id)));
    });
  }

  /**
   * §7 POST api/structure {kind, name, description?, parent?, client_id?}: a department under `parent` (same
   * client and kind); without a parent, the root of its kind (one per kind). Errors: field `parent`
   * 'Choose the parent department' (a root exists), 'The parent department belongs to another structure',
   * 'The requested resource was not found' for an unknown parent.
   */
  async structureCreate({ body }: In<'structureCreate'>, ctx: RequestContext): Promise<Department> {
    const clientId = structureClient(ctx, body.client_id);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      await this.structure.lock(tx, clientId, body.kind);
      const id = uuidv7();
      let path = `/${id}/`;
      if (body.parent) {
        const parent = await this.structure.byId(tx, body.parent);
        if (!parent) throw Errors.fieldCoded('parent', GENERIC.not_found);
        if (parent.kind !== body.kind) throw Errors.fieldCoded('parent', PEOPLE_ERRORS.deptParentKind);
        path = `${parent.path}${id}/`;
      } else if (await this.structure.hasRoot(tx, clientId, body.kind)) throw Errors.fieldCoded('parent', PEOPLE_ERRORS.deptParentRequired);
      const row = await this.structure.insert(tx, {
        id,
        clientId,
        kind: body.kind,
        name: body.name,
        description: body.description ?? null,
        parentId: body.parent ?? null,
        path,
      });
      await this.outbox.add(tx, structureEvents.departmentCreated, clientId, departmentEvent(row, ctx.userId));
      return toDepartment(row);
    });
  }

  /**
   * §7 PUT api/structure/{id} {name?, description?, parent?}: renames, or moves the department with its whole
   * subtree under `parent` (one UPDATE of the subtree's paths). Errors: 400 'A department cannot be moved into
   * itself or its child' (also any move of the root), field `parent` for another kind or an unknown parent, 404.
   */
  async structureUpdate({ params, body }: In<'structureUpdate'>, ctx: RequestContext): Promise<Department> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const dept = await this.lockedDept(tx, clientId, params.id);
      let cur = dept;
      if (body.parent !== undefined && body.parent !== dept.parentId) {
        if (body.parent === dept.id) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.deptMoveIntoChild);
        const parent = await this.structure.byId(tx, body.parent);
        if (!parent) throw Errors.fieldCoded('parent', GENERIC.not_found);
        if (parent.kind !== dept.kind) throw Errors.fieldCoded('parent', PEOPLE_ERRORS.deptParentKind);
        // The root's every possible parent is in its own subtree: it cannot move either.
        if (parent.path.startsWith(dept.path)) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.deptMoveIntoChild);
        await this.structure.moveSubtree(tx, clientId, dept.kind, dept.path, `${parent.path}${dept.id}/`);
        cur = await this.structure.update(tx, dept.id, { parentId: parent.id });
      }
      if (body.name !== undefined || body.description !== undefined) {
        cur = await this.structure.update(tx, dept.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          updatedAt: new Date(),
        });
      }
      if (cur !== dept)
        await this.outbox.add(tx, structureEvents.departmentUpdated, clientId, departmentEvent(cur, ctx.userId, cur.parentId !== dept.parentId));
      return toDepartment(cur, (await this.structure.membersOf(tx, [cur.id])).get(cur.id));
    });
  }

  /**
   * DELETE api/structure/{id} (added, §5 Department): deletes the department and its subtree. Errors: 400
   * 'The root department cannot be deleted', 400 'A department with employees cannot be deleted' (anyone in
   * the subtree), 404.
   */
  async structureDelete({ params }: In<'structureDelete'>, ctx: RequestContext): Promise<{ deleted: number }> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const dept = await this.lockedDept(tx, clientId, params.id);
      if (!dept.parentId) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.deptDeleteRoot);
      if (await this.structure.subtreeHasMembers(tx, clientId, dept.kind, dept.path)) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.deptHasEmployees);
      const ids = await this.structure.deleteSubtree(tx, clientId, dept.kind, dept.path);
      await this.outbox.add(tx, structureEvents.departmentDeleted, clientId, { _id: dept.id, kind: dept.kind, name: dept.name, ids, by: ctx.userId ?? null });
      return { deleted: ids.length };
    });
  }

  /** §7 GET api/structure/byClient/{client}/dept_users?kind → one department-user record per department. */
  async deptUsersByClient({ params, query }: In<'deptUsersByClient'>, ctx: RequestContext): Promise<DeptUsers[]> {
    const clientId = structureClient(ctx, params.client);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const rows = await this.structure.byPath(tx, clientId, query.kind);
      const members = await this.structure.membersOf(
        tx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toDeptUsers(r.id, clientId, members.get(r.id)!));
    });
  }

  /** §7 POST api/dept_users/{client}/{dept} {users}: adds employees (already there: kept). Errors: field `users`, 404. */
  async deptUsersAdd({ params, body }: In<'deptUsersAdd'>, ctx: RequestContext): Promise<DeptUsers> {
    const clientId = structureClient(ctx, params.client);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const dept = await this.lockedDept(tx, clientId, params.dept);
      await this.checkUsers(tx, body.users);
      const before = await this.membersBefore(tx, dept);
      await this.structure.addMembers(tx, dept.id, clientId, [...new Set(body.users)]);
      return this.events.membersChanged(tx, ctx.userId, dept, before);
    });
  }

  /**
   * §7 PUT api/dept_users {dept_id, users?, headUser?}: `users` replaces the members; `headUser` makes one
   * member the head (added as a member if needed; the previous head stops being one — one head per
   * department), null clears it. Errors: field `users` / `headUser`, 404.
   */
  async deptUsersUpdate({ body }: In<'deptUsersUpdate'>, ctx: RequestContext): Promise<DeptUsers> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const dept = await this.lockedDept(tx, clientId, body.dept_id);
      const before = await this.membersBefore(tx, dept);
      if (body.users) {
        await this.checkUsers(tx, body.users);
        const keep = [...new Set(body.users)];
        await this.structure.removeMembersBut(tx, dept.id, keep);
        await this.structure.addMembers(tx, dept.id, clientId, keep);
      }
      if (body.headUser !== undefined) {
        await this.structure.clearHead(tx, dept.id);
        if (body.headUser) {
          await this.checkUsers(tx, [body.headUser], 'headUser');
          await this.structure.setHead(tx, dept.id, clientId, body.headUser);
        }
      }
      return this.events.membersChanged(tx, ctx.userId, dept, before);
    });
  }

  /** §7 DELETE api/dept_users/{dept}/{user}: removes the employee (a head stops being the head). Errors: 404. */
  async deptUsersRemove({ params }: In<'deptUsersRemove'>, ctx: RequestContext): Promise<DeptUsers> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const dept = await this.lockedDept(tx, clientId, params.dept);
      const before = await this.membersBefore(tx, dept);
      if (!(await this.structure.removeMember(tx, dept.id, params.user))) throw Errors.notFound();
      return this.events.membersChanged(tx, ctx.userId, dept, before);
    });
  }

  /** §7 PUT api/dept_users/clear_chief/{id}: the department (id) has no head afterwards. Errors: 404. */
  async deptUsersClearChief({ params }: In<'deptUsersClearChief'>, ctx: RequestContext): Promise<DeptUsers> {
    const clientId = structureClient(ctx);
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      const dept = await this.lockedDept(tx, clientId, params.id);
      const before = await this.membersBefore(tx, dept);
      await this.structure.clearHead(tx, dept.id);
      return this.events.membersChanged(tx, ctx.userId, dept, before);
    });
  }

  /** The caller's department, locked with its structure for a change. Errors: 404 when missing (or another client's). */
  private async lockedDept(tx: Tx, clientId: string, id: string): Promise<DepartmentRow> {
    const probe = await this.structure.byId(tx, id);
    if (!probe) throw Errors.notFound();
    await this.structure.lock(tx, clientId, probe.kind);
    const dept = await this.structure.byId(tx, id, true);
    if (!dept) throw Errors.notFound();
    return dept;
  }

  private async membersBefore(tx: Tx, dept: DepartmentRow): Promise<Members> {
    return (await this.structure.membersOf(tx, [dept.id])).get(dept.id)!;
  }

  /** Checks that every id names a non-deleted employee of the transaction's client. Errors: field `field` 400. */
  private async checkUsers(tx: Tx, ids: string[], field = 'users'): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length && (await this.users.activeIds(tx, unique)).length !== unique.length) throw Errors.fieldCoded(field, PEOPLE_ERRORS.deptUserNotFound);
  }
}
