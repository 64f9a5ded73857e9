import { peopleRoutes, type User } from '@intranet/people-contract';
import { systemContext, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { type Tx } from '@intranet/platform-db';
import { uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors, MESSAGES } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { TASKS_CODES, TASKS_LIMITS, TASKS_TEXT, tasksEvents, type Card, type Desk, type DeskRole, type Task, type tasksRoutes } from '@intranet/tasks-contract';
import {
  desksRepository,
  lanesRepository,
  tasksRepository,
  withIds,
  type CardRow,
  type DeskRow,
  type LaneInfo,
  type PersonRow,
  type TaskRow,
  type TaskValues,
} from './repository.ts';

const EDITORS: readonly DeskRole[] = ['owner', 'admin'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** 409 with a stable code (the web words it). */
const conflict = (code: string, message: string, params?: Record<string, unknown>) => new DomainError('conflict', message, { code, params });
const finished = () => conflict(TASKS_CODES.deskFinished, TASKS_TEXT.deskFinished);

/** What a user may do with a task (§6): 'edit' (board owner, admins), 'progress' (performer, co-performers), 'view'. */
function canOf(r: Pick<TaskRow, 'performerId' | 'coPerformers'>, userId: string | null, role: DeskRole | null, deskStatus: 'active' | 'finished'): Task['can'] {
  const progress = !!userId && (r.performerId === userId || r.coPerformers.includes(userId));
  return deskStatus !== 'active' ? 'view' : role && EDITORS.includes(role) ? 'edit' : progress ? 'progress' : 'view';
}

/** A board's card (§3 Task without description, checklist items, attachments, observers; with their counts). */
export function toCard(r: CardRow, userId: string | null, role: DeskRole | null, deskStatus: 'active' | 'finished', now = Date.now()): Card {
  return {
    _id: r.id,
    desk_id: r.deskId,
    lane_id: r.laneId,
    position: r.position,
    name: r.name,
    color: r.color,
    border: r.border,
    priority: r.priority,
    tags: r.tags,
    plan_hours: r.planHours,
    actual_hours: r.actualHours,
    owner: r.ownerId,
    performer: r.performerId,
    co_performers: r.coPerformers,
    deadline: iso(r.deadline),
    type: r.type,
    overdue: !!r.deadline && r.deadline.getTime() < now && r.type !== 'closed',
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    can: canOf(r, userId, role, deskStatus),
    checklist_done: r.checkDone,
    checklist_total: r.checkTotal,
    attachments_count: r.files,
  };
}

/** §3 Task as the API returns it, with what `userId` may do with it given their role on the board. */
export function toTask(r: TaskRow, userId: string | null, role: DeskRole | null, deskStatus: 'active' | 'finished', now = Date.now()): Task {
  return {
    _id: r.id,
    desk_id: r.deskId,
    lane_id: r.laneId,
    position: r.position,
    name: r.name,
    description: r.description,
    color: r.color,
    border: r.border,
    priority: r.priority,
    tags: r.tags,
    checklist: r.checklist,
    attachments: r.attachments,
    plan_hours: r.planHours,
    actual_hours: r.actualHours,
    owner: r.ownerId,
    performer: r.performerId,
    co_performers: r.coPerformers,
    observers: r.observers,
    deadline: iso(r.deadline),
    type: r.type,
    overdue: !!r.deadline && r.deadline.getTime() < now && r.type !== 'closed',
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    can: canOf(r, userId, role, deskStatus),
  };
}

/** §3 Task board as the API returns it. */
function toDesk(d: DeskRow, people: PersonRow[], lanes: LaneInfo[], role: DeskRole, tasksCount: number): Desk {
  return {
    _id: d.id,
    name: d.name,
    description: d.description,
    status: d.status,
    owner: d.ownerId,
    admins: people.filter((p) => p.role === 'admin').map((p) => p.userId),
    members: people.filter((p) => p.role !== 'admin').map((p) => ({ user: p.userId, right: p.role as 'view' | 'comment' })),
    lanes: lanes.map((l) => ({ _id: l.id, name: l.name, tasks_count: l.tasks })),
    my_role: role,
    tasks_count: tasksCount,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    finished_at: iso(d.finishedAt),
  };
}

/** Admins win over members; the owner is neither. */
function peopleMap(owner: string, admins: string[], members: { user: string; right: 'view' | 'comment' }[]): Map<string, 'admin' | 'comment' | 'view'> {
  const m = new Map<string, 'admin' | 'comment' | 'view'>();
  for (const x of members) if (x.user !== owner) m.set(x.user, x.right);
  for (const a of admins) if (a !== owner) m.set(a, 'admin');
  return m;
}

/**
 * Handlers of the task tracker (§7 Task tracker; §7 generic module calls for modules `desk` and `task`). Input is
 * validated by the contract; each change is one transaction holding the board's write lock where order matters,
 * and writes its events to the outbox in it. A board the caller has no role on answers 404 (§6 "others 404").
 */
export function tasksHandlers({ db, outbox, bus }: DomainDeps): RouteHandlers<typeof tasksRoutes> {
  /** Users known to belong to a client (client:user), so a repeated check costs no bus request. */
  const known = new Set<string>();

  /**
   * Every id of `fields` must be a user of the caller's client: asked once of the people service (as the service,
   * not the caller). Errors: 400 'User not found' on the field.
   */
  async function ensureUsers(ctx: RequestContext, fields: Record<string, (string | null | undefined)[] | undefined>): Promise<void> {
    const clientId = ctx.clientId!;
    for (const [field, list] of Object.entries(fields)) {
      for (const id of new Set((list ?? []).filter((x): x is string => !!x))) {
        const key = `${clientId}:${id}`;
        if (known.has(key)) continue;
        let u: User | null = null;
        try {
          u = await bus.request<User>(peopleRoutes.get.subject, { ctx: systemContext(clientId), input: { params: { id } } });
        } catch (e) {
          if (!(e instanceof DomainError && e.status === 404)) throw e;
        }
        if (!u || u.client_id !== clientId) throw Errors.field(field, TASKS_TEXT.notMember, 'user_not_found');
        if (known.size > 50_000) known.clear();
        known.add(key);
      }
    }
  }

  /** The board and the caller's role; 404 when there is no such board or no role on it. */
  async function deskFor(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    lock: 'write' | 'share' | false = false,
  ): Promise<{ desk: DeskRow; role: DeskRole; people: PersonRow[] }> {
    const desk = await desksRepository.byId(tx, id, lock);
    if (!desk) throw Errors.notFound();
    const people = await desksRepository.people(tx, [desk.id]);
    const role = await desksRepository.roleOf(tx, desk, ctx.userId, people);
    if (!role) throw Errors.notFound();
    return { desk, role, people };
  }

  /** As deskFor, for a change of the board: owner or admin (else 403), board active (else 409 deskFinished). */
  async function editable(tx: Tx, ctx: RequestContext, id: string, opts: { allowFinished?: boolean; lock?: 'write' | 'share' } = {}) {
    const r = await deskFor(tx, ctx, id, opts.lock ?? 'write');
    if (!EDITORS.includes(r.role)) throw Errors.noAccess();
    if (r.desk.status !== 'active' && !opts.allowFinished) throw finished();
    return r;
  }

  /** The board as the API returns it, for `role`. */
  async function deskOut(tx: Tx, d: DeskRow, role: DeskRole): Promise<Desk> {
    const [people, lanes, counts] = await Promise.all([
      desksRepository.people(tx, [d.id]),
      desksRepository.lanes(tx, [d.id]),
      desksRepository.taskCounts(tx, [d.id]),
    ]);
    return toDesk(d, people, lanes, role, counts.get(d.id) ?? 0);
  }

  /** Who hears a board's events: its owner, admins and members, plus `extra` (a task's people). */
  async function audience(tx: Tx, d: DeskRow, extra: (string | null)[] = [], known?: PersonRow[]): Promise<string[]> {
    const people = known ?? (await desksRepository.people(tx, [d.id]));
    return [...new Set([d.ownerId, ...people.map((p) => p.userId), ...extra.filter((x): x is string => !!x)])];
  }

  const taskPeople = (t: Pick<TaskRow, 'performerId' | 'coPerformers' | 'observers'>) => [t.performerId, ...t.coPerformers, ...t.observers];
  const assignees = (t: Pick<TaskRow, 'performerId' | 'coPerformers'>) => [t.performerId, ...t.coPerformers].filter((x): x is string => !!x);

  /** Column values of a task's §3 fields given in `b` (only those present). */
  function taskValues(b: Record<string, unknown>): TaskValues {
    const v: TaskValues = {};
    const has = (k: string) => b[k] !== undefined;
    if (has('name')) v.name = b.name as string;
    if (has('description')) v.description = b.description as string;
    if (has('color')) v.color = b.color as string | null;
    if (has('border')) v.border = b.border as string | null;
    if (has('priority')) v.priority = b.priority as TaskRow['priority'];
    if (has('tags')) v.tags = [...new Set(b.tags as string[])];
    if (has('checklist')) v.checklist = withIds(b.checklist as { _id?: string; text: string; done: boolean }[]);
    if (has('attachments')) v.attachments = b.attachments as TaskRow['attachments'];
    if (has('plan_hours')) v.planHours = b.plan_hours as number | null;
    if (has('actual_hours')) v.actualHours = b.actual_hours as number | null;
    if (has('performer')) v.performerId = b.performer as string | null;
    if (has('co_performers')) v.coPerformers = [...new Set(b.co_performers as string[])];
    if (has('observers')) v.observers = [...new Set(b.observers as string[])];
    if (has('deadline')) {
      v.deadline = b.deadline ? new Date(b.deadline as string) : null;
      v.dueSoonSent = false;
      v.overdueSent = false;
    }
    if (has('type')) v.type = b.type as TaskRow['type'];
    return v;
  }

  /** Creates a task in a lane at `index` (shared by POST api/task and add_task). */
  async function createTask(ctx: RequestContext, deskId: string, laneId: string, body: Record<string, unknown> & { index?: number }): Promise<Task> {
    await ensureUsers(ctx, {
      performer: [body.performer as string | null],
      co_performers: body.co_performers as string[],
      observers: body.observers as string[],
    });
    return db.inTenant(ctx, async (tx) => {
      const { desk, role, people } = await editable(tx, ctx, deskId, { lock: 'share' });
      const lane = await lanesRepository.byId(tx, laneId, true);
      if (!lane || lane.deskId !== desk.id) throw Errors.field('lane_id', TASKS_TEXT.laneNotFound, TASKS_CODES.laneNotFound);
      const position = await tasksRepository.keyAt(tx, lane.id, body.index);
      const row = await tasksRepository.insert(tx, {
        id: uuidv7(),
        clientId: ctx.clientId!,
        deskId: desk.id,
        laneId: lane.id,
        position,
        ownerId: ctx.userId!,
        ...taskValues(body),
      } as typeof import('./schema.ts').tasks.$inferInsert);
      const userIds = await audience(tx, desk, taskPeople(row), people);
      await outbox.add(tx, tasksEvents.taskChanged, ctx.clientId, { desk_id: desk.id, task_id: row.id, action: 'created', by: ctx.userId, userIds });
      const who = assignees(row);
      if (who.length)
        await outbox.add(tx, tasksEvents.taskAssigned, ctx.clientId, {
          desk_id: desk.id,
          task_id: row.id,
          name: row.name,
          assignees: who,
          by: ctx.userId,
          userIds,
        });
      return toTask(row, ctx.userId, role, desk.status);
    });
  }

  /** §4 finish a board (locked, editor): every task closed, the board finished; a finished board stays as it is. */
  async function finishDesk(tx: Tx, ctx: RequestContext, desk: DeskRow, role: DeskRole): Promise<Desk> {
    if (desk.status === 'finished') return deskOut(tx, desk, role);
    await desksRepository.finishTasks(tx, desk.id);
    const d = await desksRepository.update(tx, desk.id, { status: 'finished', finishedAt: new Date() });
    await outbox.add(tx, tasksEvents.deskChanged, ctx.clientId, { desk_id: desk.id, action: 'finished', by: ctx.userId, userIds: await audience(tx, d) });
    return deskOut(tx, d, role);
  }

  return {
    /** §7 GET api/desk?filter=all|mine|member|finished&page&limit → { items, total }: the caller's boards (§2 /task-tracker/ lists). */
    deskList: ({ query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { rows, total } = await desksRepository.page(tx, ctx.userId!, query.filter, query.page, query.limit);
        const ids = rows.map((r) => r.id);
        const [people, lanes, counts] = await Promise.all([
          desksRepository.people(tx, ids),
          desksRepository.lanes(tx, ids),
          desksRepository.taskCounts(tx, ids),
        ]);
        const items = rows.map((d) => {
          const mine = people.filter((p) => p.deskId === d.id);
          const role: DeskRole = d.ownerId === ctx.userId ? 'owner' : (mine.find((p) => p.userId === ctx.userId)?.role ?? 'view');
          return toDesk(
            d,
            mine,
            lanes.filter((l) => l.deskId === d.id),
            role,
            counts.get(d.id) ?? 0,
          );
        });
        return { items, total };
      }),

    /**
     * §7 GET api/desk/{id} → the board with lanes and tasks in order. Hidden tasks are shown to the board's owner and
     * admins and to the task's own people only. Errors: 404 (no such board, or no role on it).
     */
    deskGet: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { desk, role } = await deskFor(tx, ctx, params.id);
        const [out, rows] = await Promise.all([deskOut(tx, desk, role), tasksRepository.cardsOfDesk(tx, desk.id)]);
        const now = Date.now();
        const me = ctx.userId;
        const visible = rows.filter((t) => t.type !== 'hidden' || EDITORS.includes(role) || (me && taskPeople(t).includes(me)));
        return { ...out, tasks: visible.map((t) => toCard(t, me, role, desk.status, now)) };
      }),

    /**
     * §7 POST api/desk {name, description?, admins?, members?, lanes?} → the board; the caller (desk_add right) owns
     * it. Errors: 400 field errors (§5 texts; 'User not found' on admins/members).
     */
    deskCreate: async ({ body }, ctx) => {
      await ensureUsers(ctx, { admins: body.admins, members: body.members?.map((m) => m.user) });
      return db.inTenant(ctx, async (tx) => {
        const clientId = ctx.clientId!;
        const d = await desksRepository.insert(tx, { id: uuidv7(), clientId, name: body.name, description: body.description ?? '', ownerId: ctx.userId! });
        await desksRepository.setPeople(tx, clientId, d.id, peopleMap(d.ownerId, body.admins ?? [], body.members ?? []));
        await lanesRepository.append(tx, clientId, d.id, body.lanes ?? []);
        await outbox.add(tx, tasksEvents.deskChanged, clientId, { desk_id: d.id, action: 'created', by: ctx.userId, userIds: await audience(tx, d) });
        return deskOut(tx, d, 'owner');
      });
    },

    /**
     * §7 PUT api/desk/{id} {name?, description?, admins?, members?, lanes?, status?} (owner, admins). `lanes` is the
     * whole list in order: existing lanes by `_id` (renamed, reordered), new ones without; a lane left out must be
     * empty (its tasks are moved or deleted with DELETE api/task_tracker/{desk_id}/lane/{lane_id}). `status:
     * 'active'` restores a finished board and its tasks' types (§4); `'finished'` finishes it. A finished board
     * takes nothing else. Errors: 404, 403, 409 deskFinished / laneHasTasks {count}, 400 laneNotFound on lanes.
     */
    deskUpdate: async ({ params, body }, ctx) => {
      await ensureUsers(ctx, { admins: body.admins, members: body.members?.map((m) => m.user) });
      return db.inTenant(ctx, async (tx) => {
        const { desk, role } = await editable(tx, ctx, params.id, { allowFinished: true });
        const others = Object.entries(body).filter(([k, v]) => k !== 'status' && v !== undefined);
        if (desk.status === 'finished') {
          if (body.status !== 'active') throw finished();
          if (others.length) throw finished();
          await desksRepository.restoreTasks(tx, desk.id);
          const d = await desksRepository.update(tx, desk.id, { status: 'active', finishedAt: null });
          await outbox.add(tx, tasksEvents.deskChanged, ctx.clientId, { desk_id: d.id, action: 'restored', by: ctx.userId, userIds: await audience(tx, d) });
          return deskOut(tx, d, role);
        }
        const clientId = ctx.clientId!;
        if (body.lanes) {
          const current = await desksRepository.lanes(tx, [desk.id]);
          const byId = new Map(current.map((l) => [l.id, l]));
          for (const [i, l] of body.lanes.entries()) {
            if (l._id && !byId.has(l._id)) throw Errors.field(`lanes.${i}._id`, TASKS_TEXT.laneNotFound, TASKS_CODES.laneNotFound);
          }
          const kept = new Set(body.lanes.map((l) => l._id).filter(Boolean));
          for (const l of current.filter((c) => !kept.has(c.id))) {
            if (l.tasks > 0) throw conflict(TASKS_CODES.laneHasTasks, TASKS_TEXT.laneHasTasks, { count: l.tasks, lane: l.id });
            await lanesRepository.delete(tx, l.id);
          }
          const list: { id: string; name: string }[] = [];
          for (const l of body.lanes) list.push({ id: l._id ?? (await lanesRepository.append(tx, clientId, desk.id, [l.name]))[0]!, name: l.name });
          await lanesRepository.reorder(tx, list);
        }
        if (body.admins || body.members) {
          const people = await desksRepository.people(tx, [desk.id]);
          const admins = body.admins ?? people.filter((p) => p.role === 'admin').map((p) => p.userId);
          const members = body.members ?? people.filter((p) => p.role !== 'admin').map((p) => ({ user: p.userId, right: p.role as 'view' | 'comment' }));
          await desksRepository.setPeople(tx, clientId, desk.id, peopleMap(desk.ownerId, admins, members));
        }
        const set: Partial<DeskRow> = {};
        if (body.name !== undefined) set.name = body.name;
        if (body.description !== undefined) set.description = body.description;
        const d = await desksRepository.update(tx, desk.id, set);
        if (body.status === 'finished') return finishDesk(tx, ctx, d, role);
        const before = await audience(tx, desk);
        await outbox.add(tx, tasksEvents.deskChanged, clientId, {
          desk_id: d.id,
          action: 'updated',
          by: ctx.userId,
          userIds: [...new Set([...before, ...(await audience(tx, d))])],
        });
        return deskOut(tx, d, role);
      });
    },

    /** §7 DELETE api/desk/{id}: the owner deletes the board with its lanes and tasks. Errors: 404, 403. */
    deskDelete: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { desk, role } = await deskFor(tx, ctx, params.id, 'write');
        if (role !== 'owner') throw Errors.noAccess();
        const userIds = await audience(tx, desk);
        await desksRepository.delete(tx, desk.id);
        await outbox.add(tx, tasksEvents.deskChanged, ctx.clientId, { desk_id: desk.id, action: 'deleted', by: ctx.userId, userIds });
        return { _id: desk.id };
      }),

    /** §7 GET api/task?filter=mine|observed|created&finished=0|1 → { items, total }: "my tasks" across boards. */
    taskList: ({ query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { rows, total } = await tasksRepository.mine(tx, ctx.userId!, query.filter, query.finished === '1', query.page, query.limit);
        const now = Date.now();
        const items = rows.map(({ t, deskName, deskStatus, laneName }) => ({
          ...toTask(t, ctx.userId, null, deskStatus, now),
          desk_name: deskName,
          lane_name: laneName,
          desk_status: deskStatus,
        }));
        return { items, total };
      }),

    /** §7 GET api/task/{id} → the task (anyone with a role on its board, or one of its people). Errors: 404. */
    taskGet: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const t = await tasksRepository.byId(tx, params.id);
        if (!t) throw Errors.notFound();
        const { desk, role } = await deskFor(tx, ctx, t.deskId);
        if (t.type === 'hidden' && !EDITORS.includes(role) && !taskPeople(t).includes(ctx.userId!)) throw Errors.notFound();
        return toTask(t, ctx.userId, role, desk.status);
      }),

    /** §7 POST api/task {desk_id, lane_id, name, …§3 fields, index?} → the task (owner, admins). Errors: 404, 403, 409, 400. */
    taskCreate: ({ body }, ctx) => {
      const { desk_id, lane_id, ...rest } = body;
      return createTask(ctx, desk_id, lane_id, rest);
    },

    /** §7 PUT api/task_tracker/{desk_id}/{lane_id}/add_task {name, …§3 fields, index?} → the task (owner, admins). */
    addTask: ({ params, body }, ctx) => createTask(ctx, params.desk_id, params.lane_id, body),

    /**
     * §7 PUT api/task/{id} {…§3 fields}: the board's owner and admins change any field; the task's performer and
     * co-performers its type (status), checklist and actual hours only (§6). Events: task changed, and assigned for
     * new performers. Errors: 404, 403 'No access', 409 deskFinished, 400 'User not found'.
     */
    taskUpdate: async ({ params, body }, ctx) => {
      await ensureUsers(ctx, { performer: [body.performer], co_performers: body.co_performers, observers: body.observers });
      return db.inTenant(ctx, async (tx) => {
        const t = await tasksRepository.byId(tx, params.id, true);
        if (!t) throw Errors.notFound();
        const { desk, role } = await deskFor(tx, ctx, t.deskId);
        const can = toTask(t, ctx.userId, role, desk.status).can;
        if (desk.status !== 'active') throw finished();
        if (can === 'view') throw Errors.noAccess();
        const given = Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined);
        if (can === 'progress' && given.some((k) => !['type', 'checklist', 'actual_hours'].includes(k))) throw Errors.noAccess();
        const row = await tasksRepository.update(tx, t.id, taskValues(body));
        const userIds = await audience(tx, desk, [...taskPeople(t), ...taskPeople(row)]);
        await outbox.add(tx, tasksEvents.taskChanged, ctx.clientId, { desk_id: desk.id, task_id: t.id, action: 'updated', by: ctx.userId, userIds });
        const added = assignees(row).filter((u) => !assignees(t).includes(u));
        if (added.length)
          await outbox.add(tx, tasksEvents.taskAssigned, ctx.clientId, {
            desk_id: desk.id,
            task_id: t.id,
            name: row.name,
            assignees: added,
            by: ctx.userId,
            userIds,
          });
        return toTask(row, ctx.userId, role, desk.status);
      });
    },

    /** §7 DELETE api/task/{id} (owner, admins of its board; §4). Errors: 404, 403, 409 deskFinished. */
    taskDelete: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const t = await tasksRepository.byId(tx, params.id);
        if (!t) throw Errors.notFound();
        const { desk } = await editable(tx, ctx, t.deskId);
        const userIds = await audience(tx, desk, taskPeople(t));
        await tasksRepository.delete(tx, t.id);
        await outbox.add(tx, tasksEvents.taskChanged, ctx.clientId, { desk_id: desk.id, task_id: t.id, action: 'deleted', by: ctx.userId, userIds });
        return { _id: t.id };
      }),

    /**
     * §7 DELETE api/task_tracker/{desk_id}/lane/{lane_id}?tasks=move&to=<lane>|tasks=delete (owner, admins; §4):
     * an empty lane goes at once; a lane with tasks needs the choice — moved tasks keep their order at the end of
     * `to`. Never loses a task silently. Errors: 404, 403, 409 laneHasTasks {count} (no choice), 400 on `to`.
     */
    laneDelete: ({ params, query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { desk, role } = await editable(tx, ctx, params.desk_id);
        const lane = await lanesRepository.byId(tx, params.lane_id, true);
        if (!lane || lane.deskId !== desk.id) throw Errors.notFound();
        const n = await tasksRepository.countInLane(tx, lane.id);
        if (n > 0) {
          if (!query.tasks) throw conflict(TASKS_CODES.laneHasTasks, TASKS_TEXT.laneHasTasks, { count: n, lane: lane.id });
          if (query.tasks === 'move') {
            if (!query.to) throw Errors.field('to', MESSAGES.required);
            if (query.to === lane.id) throw Errors.field('to', TASKS_TEXT.sameLane, TASKS_CODES.sameLane);
            const to = await lanesRepository.byId(tx, query.to, true);
            if (!to || to.deskId !== desk.id) throw Errors.field('to', TASKS_TEXT.laneNotFound, TASKS_CODES.laneNotFound);
            await tasksRepository.moveAll(tx, lane.id, to.id);
          } else {
            await tasksRepository.deleteInLane(tx, lane.id);
          }
        }
        await lanesRepository.delete(tx, lane.id);
        const d = await desksRepository.update(tx, desk.id, {});
        await outbox.add(tx, tasksEvents.deskChanged, ctx.clientId, {
          desk_id: desk.id,
          action: 'lane_deleted',
          by: ctx.userId,
          userIds: await audience(tx, d),
        });
        return deskOut(tx, d, role);
      }),

    /**
     * §7 PUT api/task_tracker/{desk_id}/move_task {task_id, lane_id, index} → the task at its new place: `index` counts
     * the target lane's other tasks (0 = top; past the end = bottom). Owner, admins, and the task's performer and
     * co-performers may move it. Moves of one board are serialised by its write lock, so concurrent moves end in one
     * order for everyone (the key is computed from the neighbours as committed; keys are unique per lane).
     * Errors: 404, 403, 409 deskFinished, 400 laneNotFound.
     */
    moveTask: ({ params, body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { desk, role, people } = await deskFor(tx, ctx, params.desk_id, 'share');
        if (desk.status !== 'active') throw finished();
        // The target lane's lock first, then the task's: every move takes them in this order.
        const lane = await lanesRepository.byId(tx, body.lane_id, true);
        const t = await tasksRepository.byId(tx, body.task_id, true);
        if (!t || t.deskId !== desk.id) throw Errors.notFound();
        if (t.type === 'hidden' && !EDITORS.includes(role) && !taskPeople(t).includes(ctx.userId!)) throw Errors.notFound();
        if (toTask(t, ctx.userId, role, desk.status).can === 'view') throw Errors.noAccess();
        if (!lane || lane.deskId !== desk.id) throw Errors.field('lane_id', TASKS_TEXT.laneNotFound, TASKS_CODES.laneNotFound);
        const position = await tasksRepository.keyAt(tx, lane.id, body.index, t.id);
        const row = await tasksRepository.update(tx, t.id, { laneId: lane.id, position });
        const userIds = await audience(tx, desk, taskPeople(t), people);
        await outbox.add(tx, tasksEvents.taskMoved, ctx.clientId, {
          desk_id: desk.id,
          task_id: t.id,
          from_lane: t.laneId,
          lane_id: lane.id,
          position,
          by: ctx.userId,
          userIds,
        });
        return toTask(row, ctx.userId, role, desk.status);
      }),

    /** §7 PUT api/task_tracker/{id}/finish (owner, admins; §4): every task ends; the board is finished. Errors: 404, 403. */
    finish: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { desk, role } = await editable(tx, ctx, params.id, { allowFinished: true });
        return finishDesk(tx, ctx, desk, role);
      }),
  };
}

/**
 * Access to a task's comments (tasks.internal.commentAccess, asked by social; §6, §3 Comment parent task) in the
 * client of `ctx` (the service's context): `read` for anyone with a role on the board (a hidden task: editors and
 * its people only), `comment` for owner, admins, `comment` members, the performer and co-performers while the board
 * is active; `userIds`: who hears of its comments (the board's people and the task's). Unknown task: all false.
 */
export function commentAccess({ db }: Pick<DomainDeps, 'db'>) {
  return (ctx: RequestContext, taskId: string, userId: string | null) =>
    db.inTenant(ctx, async (tx) => {
      const none = { read: false, comment: false, userIds: [] as string[] };
      const t = await tasksRepository.byId(tx, taskId);
      if (!t || t.clientId !== ctx.clientId) return none;
      const desk = await desksRepository.byId(tx, t.deskId);
      if (!desk) return none;
      const people = await desksRepository.people(tx, [desk.id]);
      const ofTask = [t.performerId, ...t.coPerformers, ...t.observers].filter((x): x is string => !!x);
      const userIds = [...new Set([desk.ownerId, ...people.map((p) => p.userId), ...ofTask])];
      const role = await desksRepository.roleOf(tx, desk, userId, people);
      if (!role || !userId) return { ...none, userIds };
      const editor = EDITORS.includes(role);
      if (t.type === 'hidden' && !editor && !ofTask.includes(userId)) return { ...none, userIds };
      const performs = t.performerId === userId || t.coPerformers.includes(userId);
      const comment = desk.status === 'active' && (editor || role === 'comment' || performs);
      return { read: true, comment, userIds };
    });
}

/**
 * Deadline notices (§ issue events "due soon, overdue"): across clients, each unclosed task of an active board gets
 * evt.tasks.task.due_soon once when its deadline is within TASKS_LIMITS.dueSoonHours and evt.tasks.task.overdue
 * once it has passed (a changed deadline may notify again). Idempotent and safe on several replicas (the flags are
 * set by the same UPDATE that selects). Output: counts.
 */
export function deadlineScan({ db, outbox }: Pick<DomainDeps, 'db' | 'outbox'>) {
  return (now = new Date()) =>
    db.asSystem('tasks deadline notices', async (tx) => {
      const { dueSoon, overdue } = await tasksRepository.takeDeadlines(tx, now, TASKS_LIMITS.dueSoonHours * 3600_000);
      for (const [def, list] of [
        [tasksEvents.taskDueSoon, dueSoon],
        [tasksEvents.taskOverdue, overdue],
      ] as const) {
        for (const t of list) {
          const desk = (await desksRepository.byId(tx, t.deskId))!;
          const people = await desksRepository.people(tx, [t.deskId]);
          const userIds = [
            ...new Set([desk.ownerId, ...people.map((p) => p.userId), ...[t.performerId, ...t.coPerformers, ...t.observers].filter((x): x is string => !!x)]),
          ];
          await outbox.add(tx, def, t.clientId, {
            desk_id: t.deskId,
            task_id: t.id,
            name: t.name,
            deadline: t.deadline!.toISOString(),
            people: [t.performerId, ...t.coPerformers].filter((x): x is string => !!x),
            by: null,
            userIds,
          });
        }
      }
      return { dueSoon: dueSoon.length, overdue: overdue.length };
    });
}
