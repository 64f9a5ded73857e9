import { Inject, Injectable } from '@nestjs/common';
import { requireCaller, requireClient, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { TASKS_ERRORS, tasksEvents, type Task, type tasksRoutes } from '@intranet/tasks-contract';
import { canOf, commentRights, mayChange, maySeeTask, taskPeople } from './access.ts';
import { Boards, finished } from './boards.ts';
import { assignees, taskValues, toTask } from './mapping.ts';
import { TasksPeople } from './people.ts';
import type { tasks } from './schema.ts';
import { DesksRepository, LanesRepository, TasksRepository } from './tasks.repository.ts';

type In<K extends keyof typeof tasksRoutes> = RouteInput<(typeof tasksRoutes)[K]>;

/**
 * Tasks of the boards (§7 Task tracker; the generic module calls of module `task`) and the access to their comments
 * asked by social. Each change is one transaction holding the board's lock where order matters (a share lock for
 * adding and moving tasks, which must not interleave with a finish), writing its events to the outbox.
 */
@Injectable()
export class TasksService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly boards: Boards,
    private readonly people: TasksPeople,
    private readonly desks: DesksRepository,
    private readonly lanes: LanesRepository,
    private readonly tasks: TasksRepository,
  ) {}

  /** §7 GET api/task?filter=mine|observed|created&finished=0|1 → { items, total }: "my tasks" across boards. */
  taskList({ query }: In<'taskList'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { rows, total } = await this.tasks.mine(tx, userId, query.filter, query.finished === '1', query.page, query.limit);
      const now = Date.now();
      const items = rows.map(({ t, deskName, deskStatus, laneName }) => ({
        ...toTask(t, userId, null, deskStatus, now),
        desk_name: deskName,
        lane_name: laneName,
        desk_status: deskStatus,
      }));
      return { items, total };
    });
  }

  /** §7 GET api/task/{id} → the task (anyone with a role on its board, or one of its people). Errors: 404. */
  taskGet({ params }: In<'taskGet'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.tasks.byId(tx, params.id);
      if (!t) throw Errors.notFound();
      const { desk, role } = await this.boards.of(tx, ctx, t.deskId);
      if (!maySeeTask(t, userId, role)) throw Errors.notFound();
      return toTask(t, userId, role, desk.status);
    });
  }

  /** §7 POST api/task {desk_id, lane_id, name, …§3 fields, index?} → the task (owner, admins). Errors: 404, 403, 409, 400. */
  taskCreate({ body }: In<'taskCreate'>, ctx: RequestContext) {
    const { desk_id, lane_id, ...rest } = body;
    return this.create(ctx, desk_id, lane_id, rest);
  }

  /** §7 PUT api/task_tracker/{desk_id}/{lane_id}/add_task {name, …§3 fields, index?} → the task (owner, admins). */
  taskAdd({ params, body }: In<'taskAdd'>, ctx: RequestContext) {
    return this.create(ctx, params.desk_id, params.lane_id, body);
  }

  /**
   * §7 PUT api/task/{id} {…§3 fields}: the board's owner and admins change any field; the task's performer and
   * co-performers its type (status), checklist and actual hours only (§6). Events: task changed, and assigned for
   * new performers. Errors: 404, 403 'No access', 409 deskFinished, 400 'User not found'.
   */
  async taskUpdate({ params, body }: In<'taskUpdate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    await this.people.ensureUsers(clientId, { performer: [body.performer], co_performers: body.co_performers, observers: body.observers });
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.tasks.byId(tx, params.id, true);
      if (!t) throw Errors.notFound();
      const { desk, role } = await this.boards.of(tx, ctx, t.deskId);
      const can = canOf(t, userId, role, desk.status);
      if (desk.status !== 'active') throw finished();
      const given = Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined);
      if (!mayChange(can, given)) throw Errors.noAccess();
      const row = await this.tasks.update(tx, t.id, taskValues(body));
      const userIds = await this.boards.audience(tx, desk, [...taskPeople(t), ...taskPeople(row)]);
      await this.outbox.add(tx, tasksEvents.taskChanged, clientId, { desk_id: desk.id, task_id: t.id, action: 'updated', by: userId, userIds });
      const added = assignees(row).filter((u) => !assignees(t).includes(u));
      if (added.length)
        await this.outbox.add(tx, tasksEvents.taskAssigned, clientId, {
          desk_id: desk.id,
          task_id: t.id,
          name: row.name,
          assignees: added,
          by: userId,
          userIds,
        });
      return toTask(row, userId, role, desk.status);
    });
  }

  /** §7 DELETE api/task/{id} (owner, admins of its board; §4). Errors: 404, 403, 409 deskFinished. */
  taskDelete({ params }: In<'taskDelete'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.tasks.byId(tx, params.id);
      if (!t) throw Errors.notFound();
      const { desk } = await this.boards.editable(tx, ctx, t.deskId);
      const userIds = await this.boards.audience(tx, desk, taskPeople(t));
      await this.tasks.delete(tx, t.id);
      await this.outbox.add(tx, tasksEvents.taskChanged, clientId, { desk_id: desk.id, task_id: t.id, action: 'deleted', by: userId, userIds });
      return { _id: t.id };
    });
  }

  /**
   * §7 PUT api/task_tracker/{desk_id}/move_task {task_id, lane_id, index} → the task at its new place: `index` counts
   * the target lane's other tasks (0 = top; past the end = bottom). Owner, admins, and the task's performer and
   * co-performers may move it. Moves into one lane are serialised by its lock, so concurrent moves end in one order
   * for everyone (the key is computed from the neighbours as committed; keys are unique per lane).
   * Errors: 404, 403, 409 deskFinished, 400 laneNotFound.
   */
  taskMove({ params, body }: In<'taskMove'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role, people } = await this.boards.of(tx, ctx, params.desk_id, 'share');
      if (desk.status !== 'active') throw finished();
      // The target lane's lock first, then the task's: every move takes them in this order.
      const lane = await this.lanes.byId(tx, body.lane_id, true);
      const t = await this.tasks.byId(tx, body.task_id, true);
      if (!t || t.deskId !== desk.id) throw Errors.notFound();
      if (!maySeeTask(t, userId, role)) throw Errors.notFound();
      if (canOf(t, userId, role, desk.status) === 'view') throw Errors.noAccess();
      if (!lane || lane.deskId !== desk.id) throw Errors.fieldCoded('lane_id', TASKS_ERRORS.laneNotFound);
      const position = await this.tasks.keyAt(tx, lane.id, body.index, t.id);
      const row = await this.tasks.update(tx, t.id, { laneId: lane.id, position });
      const userIds = await this.boards.audience(tx, desk, taskPeople(t), people);
      await this.outbox.add(tx, tasksEvents.taskMoved, clientId, {
        desk_id: desk.id,
        task_id: t.id,
        from_lane: t.laneId,
        lane_id: lane.id,
        position,
        by: userId,
        userIds,
      });
      return toTask(row, userId, role, desk.status);
    });
  }

  /**
   * tasks.internal.commentAccess (asked by social; §6, §3 Comment parent task) in the client of `ctx` (the service's
   * context, no user needed): see access.ts commentRights; `userIds`: who hears of its comments (the board's people
   * and the task's). A task of another client or none: all false, no audience.
   */
  commentAccess(taskId: string, userId: string | null, ctx: RequestContext) {
    const clientId = requireClient(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const none = { read: false, comment: false, userIds: [] as string[] };
      const t = await this.tasks.byId(tx, taskId);
      if (!t || t.clientId !== clientId) return none;
      const desk = await this.desks.byId(tx, t.deskId);
      if (!desk) return none;
      const people = await this.desks.people(tx, [desk.id]);
      const userIds = [...new Set([desk.ownerId, ...people.map((p) => p.userId), ...taskPeople(t).filter((x): x is string => !!x)])];
      const role = await this.desks.roleOf(tx, desk, userId, people);
      return { ...commentRights(t, userId, role, desk.status), userIds };
    });
  }

  /** Creates a task in a lane at `index` (POST api/task and add_task). Errors: 404, 403, 409 deskFinished, 400. */
  private async create(ctx: RequestContext, deskId: string, laneId: string, body: Record<string, unknown> & { index?: number }): Promise<Task> {
    const { clientId, userId } = requireCaller(ctx);
    await this.people.ensureUsers(clientId, {
      performer: [body.performer as string | null],
      co_performers: body.co_performers as string[],
      observers: body.observers as string[],
    });
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role, people } = await this.boards.editable(tx, ctx, deskId, { lock: 'share' });
      const lane = await this.lanes.byId(tx, laneId, true);
      if (!lane || lane.deskId !== desk.id) throw Errors.fieldCoded('lane_id', TASKS_ERRORS.laneNotFound);
      const position = await this.tasks.keyAt(tx, lane.id, body.index);
      const row = await this.tasks.insert(tx, {
        id: uuidv7(),
        clientId,
        deskId: desk.id,
        laneId: lane.id,
        position,
        ownerId: userId,
        ...taskValues(body),
      } as typeof tasks.$inferInsert);
      const userIds = await this.boards.audience(tx, desk, taskPeople(row), people);
      await this.outbox.add(tx, tasksEvents.taskChanged, clientId, { desk_id: desk.id, task_id: row.id, action: 'created', by: userId, userIds });
      const who = assignees(row);
      if (who.length)
        await this.outbox.add(tx, tasksEvents.taskAssigned, clientId, {
          desk_id: desk.id,
          task_id: row.id,
          name: row.name,
          assignees: who,
          by: userId,
          userIds,
        });
      return toTask(row, userId, role, desk.status);
    });
  }
}
