import { MAILING_CODES, MAILING_TEXT, type mailingRoutes } from '@intranet/notifications-contract/mailing';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { mailingActions, mailingsRepository, toMailing, validSchedule, type MailingScheduler } from './mailings.ts';

/** The caller's client and workspace (403 without them: the superadmin outside a workspace). */
function tenant(ctx: RequestContext, workspace?: string): { clientId: string; workspace: string } {
  if (!ctx.clientId || !ctx.workspace) throw Errors.noAccess();
  if (workspace !== undefined && workspace !== '' && workspace !== ctx.workspace) throw Errors.noAccess();
  return { clientId: ctx.clientId, workspace: ctx.workspace };
}

function checkBody(b: { action?: string; schedule?: string }) {
  if (b.action !== undefined && !mailingActions.has(b.action)) throw Errors.field('action', MAILING_TEXT.actionUnknown, MAILING_CODES.actionUnknown);
  if (b.schedule !== undefined && !validSchedule(b.schedule)) throw Errors.field('schedule', MAILING_TEXT.scheduleInvalid, MAILING_CODES.scheduleInvalid);
}

/**
 * Handlers of the §7 Mailings routes (administrators of the workspace; another workspace's: 403, another client's
 * id: 404). §4 Mailing: creating one with `active` starts its job; on update a changed schedule restarts it (when it
 * stays active), else `active` starts and inactive stops it. The job state is this process's scheduler; other
 * replicas follow within their sync period and never run a slot of a mailing that is no longer active.
 * Errors: 400 mailingActionUnknown / mailingScheduleInvalid, 409 mailingExists (one mailing per action), 404.
 */
export function mailingHandlers({ db }: DomainDeps, scheduler: MailingScheduler): RouteHandlers<typeof mailingRoutes> {
  const view = async (clientId: string, row: Parameters<typeof toMailing>[0]) => {
    const last = await db.inTenant({ clientId }, (tx) => mailingsRepository.lastRuns(tx));
    return toMailing(row, scheduler.state(row.id), last.get(row.id) ?? null);
  };
  /** Applies the wanted state of a stored mailing to this process's job. */
  const apply = (row: { id: string; clientId: string; schedule: string; active: boolean }, restart = false) => {
    if (!row.active) scheduler.stopJob(row.id);
    else if (restart) scheduler.restartJob(row);
    else scheduler.startJob(row);
  };

  return {
    /** POST api/mailing { action, schedule, active, workspace? } → the mailing; active starts its job (§4). */
    create: async ({ body }, ctx) => {
      const { clientId, workspace } = tenant(ctx, body.workspace);
      checkBody(body);
      const row = await db.inTenant({ clientId }, (tx) =>
        mailingsRepository.insert(tx, { clientId, workspace, action: body.action, active: body.active, schedule: body.schedule }),
      );
      if (!row) throw Errors.conflict('action', MAILING_TEXT.mailingExists, MAILING_CODES.mailingExists);
      apply(row);
      return view(clientId, row);
    },

    /** GET api/mailing?workspace → the workspace's mailings (another workspace named: none). */
    list: async ({ query }, ctx) => {
      const { clientId, workspace } = tenant(ctx);
      if (query.workspace && query.workspace !== workspace) return [];
      return db.inTenant({ clientId }, async (tx) => {
        const [rows, last] = [await mailingsRepository.list(tx), await mailingsRepository.lastRuns(tx)];
        return rows.map((r) => toMailing(r, scheduler.state(r.id), last.get(r.id) ?? null));
      });
    },

    /** GET api/mailing/{id} → one mailing. Errors: 404. */
    get: async ({ params }, ctx) => {
      const { clientId } = tenant(ctx);
      const row = await db.inTenant({ clientId }, (tx) => mailingsRepository.find(tx, params.id));
      if (!row) throw Errors.notFound();
      return view(clientId, row);
    },

    /** PUT api/mailing/{id} → the mailing; §4: changed schedule → restart, else active → start, inactive → stop. */
    update: async ({ params, body }, ctx) => {
      const { clientId } = tenant(ctx, body.workspace);
      checkBody(body);
      const { row, changed } = await db.inTenant({ clientId }, async (tx) => {
        const old = await mailingsRepository.find(tx, params.id);
        if (!old) throw Errors.notFound();
        if (body.action && body.action !== old.action && (await mailingsRepository.byAction(tx, body.action)))
          throw Errors.conflict('action', MAILING_TEXT.mailingExists, MAILING_CODES.mailingExists);
        const row = (await mailingsRepository.update(tx, params.id, { action: body.action, active: body.active, schedule: body.schedule }))!;
        return { row, changed: row.schedule !== old.schedule };
      });
      apply(row, changed);
      return view(clientId, row);
    },

    /** DELETE api/mailing/{id} → { _id }; its job stops. Errors: 404. */
    remove: async ({ params }, ctx) => {
      const { clientId } = tenant(ctx);
      if (!(await db.inTenant({ clientId }, (tx) => mailingsRepository.remove(tx, params.id)))) throw Errors.notFound();
      scheduler.stopJob(params.id);
      return { _id: params.id };
    },

    /** PUT api/mailing/startJob/{workspace} → { started }: every active mailing of the workspace runs. */
    startJob: async ({ params }, ctx) => {
      const { clientId, workspace } = tenant(ctx, params.workspace);
      const rows = await db.inTenant({ clientId }, (tx) => mailingsRepository.list(tx));
      const active = rows.filter((r) => r.active);
      for (const r of active) scheduler.startJob(r);
      return { workspace, started: active.length, stopped: 0 };
    },

    /** PUT api/mailing/restartJob/{workspace}_{action} → { started: 1 }: the mailing is set active, its job restarted. */
    restartJob: async ({ params }, ctx) => {
      const { clientId, workspace } = tenant(ctx, params.workspace);
      const row = await db.inTenant({ clientId }, async (tx) => {
        const m = await mailingsRepository.byAction(tx, params.action);
        if (!m) throw Errors.notFound();
        return (await mailingsRepository.update(tx, m.id, { active: true }))!;
      });
      scheduler.restartJob(row);
      return { workspace, started: 1, stopped: 0 };
    },

    /** PUT api/mailing/stopJob/{workspace}_{action} → { stopped: 1 }: the mailing is set inactive, its job stopped. */
    stopJob: async ({ params }, ctx) => {
      const { clientId, workspace } = tenant(ctx, params.workspace);
      const row = await db.inTenant({ clientId }, async (tx) => {
        const m = await mailingsRepository.byAction(tx, params.action);
        if (!m) throw Errors.notFound();
        return (await mailingsRepository.update(tx, m.id, { active: false }))!;
      });
      scheduler.stopJob(row.id);
      return { workspace, started: 0, stopped: 1 };
    },
  };
}
