import { Inject, Injectable } from '@nestjs/common';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors, MESSAGES } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { TASKS_CODES, TASKS_ERRORS, TASKS_TEXT, tasksEvents, type DeskRole, type tasksRoutes } from '@intranet/tasks-contract';
import { maySeeTask } from './access.ts';
import { Boards, conflict, finished } from './boards.ts';
import { peopleMap, toCard, toDesk } from './mapping.ts';
import { TasksPeople } from './people.ts';
import { DesksRepository, LanesRepository, TasksRepository, type DeskRow } from './tasks.repository.ts';

type In<K extends keyof typeof tasksRoutes> = RouteInput<(typeof tasksRoutes)[K]>;

/**
 * Boards and their lanes (§7 Task tracker; the generic module calls of module `desk`). Input is validated by the
 * contract; each change is one transaction holding the board's write lock, writing its events to the outbox. A board
 * the caller has no role on answers 404 (§6 "others 404").
 */
@Injectable()
export class DesksService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly boards: Boards,
    private readonly people: TasksPeople,
    private readonly desks: DesksRepository,
    private readonly lanes: LanesRepository,
    private readonly tasks: TasksRepository,
  ) {}

  /** §7 GET api/desk?filter=all|mine|member|finished&page&limit → { items, total }: the caller's boards (§2 /task-tracker/ lists). */
  deskList({ query }: In<'deskList'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { rows, total } = await this.desks.page(tx, userId, query.filter, query.page, query.limit);
      const ids = rows.map((r) => r.id);
      // Sequential: one transaction's connection runs one query at a time (pg deprecates queueing them).
      const people = await this.desks.people(tx, ids);
      const lanes = await this.desks.lanes(tx, ids);
      const counts = await this.desks.taskCounts(tx, ids);
      const items = rows.map((d) => {
        const mine = people.filter((p) => p.deskId === d.id);
        const role: DeskRole = d.ownerId === userId ? 'owner' : (mine.find((p) => p.userId === userId)?.role ?? 'view');
        return toDesk(
          d,
          mine,
          lanes.filter((l) => l.deskId === d.id),
          role,
          counts.get(d.id) ?? 0,
        );
      });
      return { items, total };
    });
  }

  /**
   * §7 GET api/desk/{id} → the board with lanes and tasks in order. Hidden tasks are shown to the board's owner and
   * admins and to the task's own people only. Errors: 404 (no such board, or no role on it).
   */
  deskGet({ params }: In<'deskGet'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role } = await this.boards.of(tx, ctx, params.id);
      const out = await this.boards.out(tx, desk, role);
      const rows = await this.tasks.cardsOfDesk(tx, desk.id);
      const now = Date.now();
      const visible = rows.filter((t) => maySeeTask(t, userId, role));
      return { ...out, tasks: visible.map((t) => toCard(t, userId, role, desk.status, now)) };
    });
  }

  /**
   * §7 POST api/desk {name, description?, admins?, members?, lanes?} → the board; the caller (desk_add right) owns
   * it. Errors: 400 field errors (§5 texts; 'User not found' on admins/members).
   */
  async deskCreate({ body }: In<'deskCreate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    await this.people.ensureUsers(clientId, { admins: body.admins, members: body.members?.map((m) => m.user) });
    return this.db.inTenant(ctx, async (tx) => {
      const d = await this.desks.insert(tx, { id: uuidv7(), clientId, name: body.name, description: body.description ?? '', ownerId: userId });
      await this.desks.setPeople(tx, clientId, d.id, peopleMap(d.ownerId, body.admins ?? [], body.members ?? []));
      await this.lanes.append(tx, clientId, d.id, body.lanes ?? []);
      await this.outbox.add(tx, tasksEvents.deskChanged, clientId, {
        desk_id: d.id,
        action: 'created',
        by: userId,
        userIds: await this.boards.audience(tx, d),
      });
      return this.boards.out(tx, d, 'owner');
    });
  }

  /**
   * §7 PUT api/desk/{id} {name?, description?, admins?, members?, lanes?, status?} (owner, admins). `lanes` is the
   * whole list in order: existing lanes by `_id` (renamed, reordered), new ones without; a lane left out must be
   * empty (its tasks are moved or deleted with DELETE api/task_tracker/{desk_id}/lane/{lane_id}). `status:
   * 'active'` restores a finished board and its tasks' types (§4); `'finished'` finishes it. A finished board
   * takes nothing else. Errors: 404, 403, 409 deskFinished / laneHasTasks {count}, 400 laneNotFound on lanes.
   */
  async deskUpdate({ params, body }: In<'deskUpdate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    await this.people.ensureUsers(clientId, { admins: body.admins, members: body.members?.map((m) => m.user) });
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role } = await this.boards.editable(tx, ctx, params.id, { allowFinished: true });
      const others = Object.entries(body).filter(([k, v]) => k !== 'status' && v !== undefined);
      if (desk.status === 'finished') {
        if (body.status !== 'active') throw finished();
        if (others.length) throw finished();
        await this.desks.restoreTasks(tx, desk.id);
        const d = await this.desks.update(tx, desk.id, { status: 'active', finishedAt: null });
        await this.outbox.add(tx, tasksEvents.deskChanged, clientId, {
          desk_id: d.id,
          action: 'restored',
          by: userId,
          userIds: await this.boards.audience(tx, d),
        });
        return this.boards.out(tx, d, role);
      }
      if (body.lanes) {
        const current = await this.desks.lanes(tx, [desk.id]);
        const byId = new Map(current.map((l) => [l.id, l]));
        for (const [i, l] of body.lanes.entries()) {
          if (l._id && !byId.has(l._id)) throw Errors.fieldCoded(`lanes.${i}._id`, TASKS_ERRORS.laneNotFound);
        }
        const kept = new Set(body.lanes.map((l) => l._id).filter(Boolean));
        for (const l of current.filter((c) => !kept.has(c.id))) {
          if (l.tasks > 0) throw conflict(TASKS_CODES.laneHasTasks, TASKS_TEXT.laneHasTasks, { count: l.tasks, lane: l.id });
          await this.lanes.delete(tx, l.id);
        }
        const list: { id: string; name: string }[] = [];
        for (const l of body.lanes) list.push({ id: l._id ?? (await this.lanes.append(tx, clientId, desk.id, [l.name]))[0]!, name: l.name });
        await this.lanes.reorder(tx, list);
      }
      if (body.admins || body.members) {
        const people = await this.desks.people(tx, [desk.id]);
        const admins = body.admins ?? people.filter((p) => p.role === 'admin').map((p) => p.userId);
        const members = body.members ?? people.filter((p) => p.role !== 'admin').map((p) => ({ user: p.userId, right: p.role as 'view' | 'comment' }));
        await this.desks.setPeople(tx, clientId, desk.id, peopleMap(desk.ownerId, admins, members));
      }
      const set: Partial<DeskRow> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.description !== undefined) set.description = body.description;
      const d = await this.desks.update(tx, desk.id, set);
      if (body.status === 'finished') return this.boards.finish(tx, ctx, d, role);
      const before = await this.boards.audience(tx, desk);
      await this.outbox.add(tx, tasksEvents.deskChanged, clientId, {
        desk_id: d.id,
        action: 'updated',
        by: userId,
        userIds: [...new Set([...before, ...(await this.boards.audience(tx, d))])],
      });
      return this.boards.out(tx, d, role);
    });
  }

  /** §7 DELETE api/desk/{id}: the owner deletes the board with its lanes and tasks. Errors: 404, 403. */
  deskDelete({ params }: In<'deskDelete'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role } = await this.boards.of(tx, ctx, params.id, 'write');
      if (role !== 'owner') throw Errors.noAccess();
      const userIds = await this.boards.audience(tx, desk);
      await this.desks.delete(tx, desk.id);
      await this.outbox.add(tx, tasksEvents.deskChanged, clientId, { desk_id: desk.id, action: 'deleted', by: userId, userIds });
      return { _id: desk.id };
    });
  }

  /**
   * §7 DELETE api/task_tracker/{desk_id}/lane/{lane_id}?tasks=move&to=<lane>|tasks=delete (owner, admins; §4):
   * an empty lane goes at once; a lane with tasks needs the choice — moved tasks keep their order at the end of
   * `to`. Never loses a task silently. Errors: 404, 403, 409 laneHasTasks {count} (no choice), 400 on `to`.
   */
  laneDelete({ params, query }: In<'laneDelete'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role } = await this.boards.editable(tx, ctx, params.desk_id);
      const lane = await this.lanes.byId(tx, params.lane_id, true);
      if (!lane || lane.deskId !== desk.id) throw Errors.notFound();
      const n = await this.tasks.countInLane(tx, lane.id);
      if (n > 0) {
        if (!query.tasks) throw conflict(TASKS_CODES.laneHasTasks, TASKS_TEXT.laneHasTasks, { count: n, lane: lane.id });
        if (query.tasks === 'move') {
          if (!query.to) throw Errors.field('to', MESSAGES.required);
          if (query.to === lane.id) throw Errors.field('to', TASKS_TEXT.sameLane, TASKS_CODES.sameLane);
          const to = await this.lanes.byId(tx, query.to, true);
          if (!to || to.deskId !== desk.id) throw Errors.fieldCoded('to', TASKS_ERRORS.laneNotFound);
          await this.tasks.moveAll(tx, lane.id, to.id);
        } else {
          await this.tasks.deleteInLane(tx, lane.id);
        }
      }
      await this.lanes.delete(tx, lane.id);
      const d = await this.desks.update(tx, desk.id, {});
      await this.outbox.add(tx, tasksEvents.deskChanged, clientId, {
        desk_id: desk.id,
        action: 'lane_deleted',
        by: userId,
        userIds: await this.boards.audience(tx, d),
      });
      return this.boards.out(tx, d, role);
    });
  }

  /** §7 PUT api/task_tracker/{id}/finish (owner, admins; §4): every task ends; the board is finished. Errors: 404, 403. */
  deskFinish({ params }: In<'deskFinish'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const { desk, role } = await this.boards.editable(tx, ctx, params.id, { allowFinished: true });
      return this.boards.finish(tx, ctx, desk, role);
    });
  }
}
