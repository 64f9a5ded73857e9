import { Inject, Injectable } from '@nestjs/common';
import { LMS_ERRORS as E, lmsEvents, type lmsRoutes } from '@intranet/lms-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { randomBytes } from 'node:crypto';
import { canDeleteIdp, canEditIdp, canSeeIdp } from './access.ts';
import { LmsRepository } from './lms.repository.ts';
import { idpOut } from './mapping.ts';
import { LmsPeople } from './people.ts';
import type { IdpRow, StoredHistory, StoredTask } from './schema.ts';

type In<K extends keyof typeof lmsRoutes> = RouteInput<(typeof lmsRoutes)[K]>;
const shortId = () => randomBytes(6).toString('base64url');

/**
 * Individual development plans (§3 IDP, §4 active → finished only when every task is done): the generic module
 * calls of `idp`, a user's plans and task completion. Every change is recorded in the plan's history and written as
 * evt.lms.idp.* in the same transaction; the employee, creator, observer and administrators see a plan, nobody else.
 */
@Injectable()
export class IdpService {
  constructor(
    private readonly repo: LmsRepository,
    private readonly people: LmsPeople,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  private async visible(tx: Tx, caller: Caller, id: string): Promise<IdpRow> {
    const row = await this.repo.idp(tx, id, true);
    if (!row || !canSeeIdp(row, caller)) throw Errors.notFound();
    return row;
  }

  private async changed(tx: Tx, caller: Caller, r: IdpRow, action: string) {
    await this.outbox.add(tx, lmsEvents.idpChanged, caller.clientId, {
      idpId: r.id,
      title: r.title,
      employee: r.employee,
      creator: r.creator,
      observer: r.observer,
      by: caller.userId,
      action,
    });
  }

  private entry = (caller: Caller, action: string, detail = ''): StoredHistory => ({ at: new Date().toISOString(), by: caller.userId, action, detail });

  /** GET api/idp: the plans the caller sees (administrators: all). */
  async idpList({ query }: In<'idpList'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const w = pageWindow(query.page, query.limit, 100);
    const { rows, total } = await this.db.inTenant(ctx, (tx) =>
      this.repo.idpPage(tx, { seer: caller.admin ? null : caller.userId, status: query.status }, w.offset, w.limit),
    );
    return { items: rows.map(idpOut), total };
  }

  /** GET api/idp/list/{id}: one employee's plans that the caller sees. Errors: 404 'User not found'. */
  async idpListFor({ params }: In<'idpListFor'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    await this.people.requireUser(caller.clientId, params.id);
    const { rows, total } = await this.db.inTenant(ctx, (tx) =>
      this.repo.idpPage(tx, { seer: caller.admin ? null : caller.userId, employee: params.id }, 0, 100),
    );
    return { items: rows.map(idpOut), total };
  }

  /** GET api/idp/{id}. Errors: 404 for who may not see it. */
  async idpGet({ params }: In<'idpGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => idpOut(await this.visible(tx, caller, params.id)));
  }

  /** POST api/idp: the caller creates a plan for an employee. Errors: 400 invalidId (employee, observer). */
  async idpCreate({ body }: In<'idpCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    await this.people.requireUsers(caller.clientId, [
      { field: 'employee', id: body.employee },
      ...(body.observer ? [{ field: 'observer', id: body.observer }] : []),
    ]);
    return this.db.inTenant(ctx, async (tx) => {
      const tasks: StoredTask[] = body.tasks.map((t) => ({ _id: shortId(), title: t.title, deadline: t.deadline, done: t.done }));
      const row = await this.repo.insertIdp(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        title: body.title,
        message: body.message,
        creator: caller.userId,
        employee: body.employee,
        observer: body.observer,
        tasks,
        history: [this.entry(caller, 'created', body.title)],
      });
      await this.changed(tx, caller, row, 'created');
      return idpOut(row);
    });
  }

  /**
   * PUT api/idp/{id}: fields and tasks (creator, employee, admins), a note (also the observer), status. Errors: 404,
   * 403, 400 idpOpenTasks (finishing with an open task), 400 idpFinished (a finished plan's fields).
   */
  async idpUpdate({ params, body }: In<'idpUpdate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const refs = [...(body.employee ? [{ field: 'employee', id: body.employee }] : []), ...(body.observer ? [{ field: 'observer', id: body.observer }] : [])];
    await this.people.requireUsers(caller.clientId, refs);
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.visible(tx, caller, params.id);
      const { note, status, ...fields } = body;
      const editsFields = Object.values(fields).some((v) => v !== undefined);
      if ((editsFields || status !== undefined) && !canEditIdp(r, caller)) throw Errors.noAccess();
      const history = [...r.history];
      const patch: Partial<IdpRow> = {};
      if (editsFields) {
        if (r.status === 'finished' && status !== 'active') throw Errors.coded(E.idpFinished);
        if (fields.title !== undefined) patch.title = fields.title;
        if (fields.message !== undefined) patch.message = fields.message;
        if (fields.employee !== undefined) patch.employee = fields.employee;
        if (fields.observer !== undefined) patch.observer = fields.observer;
        if (fields.tasks !== undefined) {
          const old = new Map(r.tasks.map((t) => [t._id, t]));
          patch.tasks = fields.tasks.map((t) => ({ _id: t._id && old.has(t._id) ? t._id : shortId(), title: t.title, deadline: t.deadline, done: t.done }));
        }
        history.push(
          this.entry(
            caller,
            'updated',
            Object.keys(fields)
              .filter((k) => fields[k as keyof typeof fields] !== undefined)
              .join(', '),
          ),
        );
      }
      if (note !== undefined) {
        patch.notes = [...r.notes, { _id: shortId(), text: note, author: caller.userId, at: new Date().toISOString() }];
        history.push(this.entry(caller, 'note', note.slice(0, 200)));
      }
      if (status !== undefined && status !== r.status) {
        const tasks = patch.tasks ?? r.tasks;
        if (status === 'finished' && tasks.some((t) => !t.done)) throw Errors.fieldCoded('status', E.idpOpenTasks);
        patch.status = status;
        history.push(this.entry(caller, status === 'finished' ? 'finished' : 'reopened'));
      }
      const row = await this.repo.updateIdp(tx, r.id, { ...patch, history });
      await this.changed(tx, caller, row, patch.status === 'finished' ? 'finished' : note !== undefined && !editsFields ? 'note' : 'updated');
      if (patch.status === 'finished')
        await this.outbox.add(tx, lmsEvents.idpFinished, caller.clientId, { idpId: r.id, employee: row.employee, by: caller.userId });
      return idpOut(row);
    });
  }

  /** DELETE api/idp/{id} (creator, admins). */
  async idpDelete({ params }: In<'idpDelete'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.visible(tx, caller, params.id);
      if (!canDeleteIdp(r, caller)) throw Errors.noAccess();
      await this.repo.deleteIdp(tx, r.id);
      await this.changed(tx, caller, r, 'deleted');
      return { _id: r.id };
    });
  }

  /** POST api/idp/finish_task { idp_id, task_id } → { tasks, history, status }; the last task finishes the plan. */
  async idpFinishTask({ body }: In<'idpFinishTask'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.visible(tx, caller, body.idp_id);
      if (!canEditIdp(r, caller)) throw Errors.noAccess();
      if (r.status === 'finished') throw Errors.coded(E.idpFinished);
      const task = r.tasks.find((t) => t._id === body.task_id);
      if (!task) throw Errors.notFound();
      if (task.done) return { tasks: r.tasks, history: r.history, status: r.status as 'active' };
      const tasks = r.tasks.map((t) => (t._id === task._id ? { ...t, done: true } : t));
      const history = [...r.history, this.entry(caller, 'task_done', task.title)];
      const finished = tasks.every((t) => t.done);
      if (finished) history.push(this.entry(caller, 'finished'));
      const row = await this.repo.updateIdp(tx, r.id, { tasks, history, status: finished ? 'finished' : r.status });
      await this.outbox.add(tx, lmsEvents.idpTaskDone, caller.clientId, { idpId: r.id, taskId: task._id, employee: r.employee, by: caller.userId });
      await this.changed(tx, caller, row, finished ? 'finished' : 'task_done');
      if (finished) await this.outbox.add(tx, lmsEvents.idpFinished, caller.clientId, { idpId: r.id, employee: r.employee, by: caller.userId });
      return { tasks: row.tasks, history: row.history, status: row.status as 'active' | 'finished' };
    });
  }
}
