import { Inject, Injectable } from '@nestjs/common';
import { NOTIF_ADMIN_ERRORS } from '@intranet/notifications-contract';
import type { mailingRoutes } from '@intranet/notifications-contract/mailing';
import type { RouteInput } from '@intranet/platform-contracts';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { mailingWorkspace } from './access.ts';
import { MailingJobs } from './jobs.ts';
import { toMailing } from './mapping.ts';
import { mailingActions, nextSlot, validSchedule } from './mailings.ts';
import { MailingsRepository, type MailingRow } from './mailings.repository.ts';

type In<K extends keyof typeof mailingRoutes> = RouteInput<(typeof mailingRoutes)[K]>;

/** §5: a known action and a cron schedule croner accepts. Errors: 400 mailingActionUnknown / mailingScheduleInvalid. */
function checkBody(b: { action?: string; schedule?: string }) {
  if (b.action !== undefined && !mailingActions.has(b.action)) throw Errors.fieldCoded('action', NOTIF_ADMIN_ERRORS.mailingActionUnknown);
  if (b.schedule !== undefined && !validSchedule(b.schedule)) throw Errors.fieldCoded('schedule', NOTIF_ADMIN_ERRORS.mailingScheduleInvalid);
}

const exists = () => Errors.conflictCoded('action', NOTIF_ADMIN_ERRORS.mailingExists);

/**
 * The §7 Mailings routes (administrators of the workspace; another workspace's: 403, another client's id: 404).
 * §4 Mailing: an active mailing has its next slot queued (MailingJobs), in the transaction that activates or
 * reschedules it; stopping it ends its chain of jobs at the next slot, which no longer runs.
 * Errors: 400 mailingActionUnknown / mailingScheduleInvalid, 409 mailingExists (one mailing per action), 404.
 */
@Injectable()
export class MailingsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: MailingsRepository,
    private readonly jobs: MailingJobs,
  ) {}

  private view(row: MailingRow, last: Map<string, Date>) {
    return toMailing(row, row.active ? nextSlot(row.schedule) : null, last.get(row.id) ?? null);
  }

  /** Runs `fn` in a tenant transaction once this process's mailing worker is registered (jobs join the transaction). */
  private async inTenant<T>(clientId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    await this.jobs.ready();
    return this.db.inTenant({ clientId }, fn);
  }

  /** POST api/mailing { action, schedule, active, workspace? } → the mailing; active queues its next slot (§4). */
  mailingCreate({ body }: In<'mailingCreate'>, ctx: RequestContext) {
    const { clientId, workspace } = mailingWorkspace(requireCaller(ctx), ctx.workspace, body.workspace);
    checkBody(body);
    return this.inTenant(clientId, async (tx) => {
      const row = await this.repo.insert(tx, { clientId, workspace, action: body.action, active: body.active, schedule: body.schedule });
      if (!row) throw exists();
      if (row.active) await this.jobs.schedule(row, { tx });
      return this.view(row, await this.repo.lastRuns(tx));
    });
  }

  /** GET api/mailing?workspace → the workspace's mailings (another workspace named: none). */
  async mailingList({ query }: In<'mailingList'>, ctx: RequestContext) {
    const { clientId, workspace } = mailingWorkspace(requireCaller(ctx), ctx.workspace);
    if (query.workspace && query.workspace !== workspace) return [];
    return this.db.inTenant({ clientId }, async (tx) => {
      const [rows, last] = [await this.repo.list(tx), await this.repo.lastRuns(tx)];
      return rows.map((r) => this.view(r, last));
    });
  }

  /** GET api/mailing/{id} → one mailing. Errors: 404. */
  mailingGet({ params }: In<'mailingGet'>, ctx: RequestContext) {
    const { clientId } = mailingWorkspace(requireCaller(ctx), ctx.workspace);
    return this.db.inTenant({ clientId }, async (tx) => {
      const row = await this.repo.find(tx, params.id);
      if (!row) throw Errors.notFound();
      return this.view(row, await this.repo.lastRuns(tx));
    });
  }

  /** PUT api/mailing/{id} → the mailing; §4: active (with its schedule, changed or not) → its next slot queued. */
  mailingUpdate({ params, body }: In<'mailingUpdate'>, ctx: RequestContext) {
    const { clientId } = mailingWorkspace(requireCaller(ctx), ctx.workspace, body.workspace);
    checkBody(body);
    return this.inTenant(clientId, async (tx) => {
      const old = await this.repo.find(tx, params.id);
      if (!old) throw Errors.notFound();
      if (body.action && body.action !== old.action && (await this.repo.byAction(tx, body.action))) throw exists();
      const row = (await this.repo.update(tx, params.id, { action: body.action, active: body.active, schedule: body.schedule }))!;
      if (row.active) await this.jobs.schedule(row, { tx });
      return this.view(row, await this.repo.lastRuns(tx));
    });
  }

  /** DELETE api/mailing/{id} → { _id }; its queued slot finds it gone and runs nothing. Errors: 404. */
  async mailingRemove({ params }: In<'mailingRemove'>, ctx: RequestContext) {
    const { clientId } = mailingWorkspace(requireCaller(ctx), ctx.workspace);
    if (!(await this.db.inTenant({ clientId }, (tx) => this.repo.remove(tx, params.id)))) throw Errors.notFound();
    return { _id: params.id };
  }

  /** PUT api/mailing/startJob/{workspace} → { started }: every active mailing of the workspace has its next slot queued. */
  mailingStartJob({ params }: In<'mailingStartJob'>, ctx: RequestContext) {
    const { clientId, workspace } = mailingWorkspace(requireCaller(ctx), ctx.workspace, params.workspace);
    return this.inTenant(clientId, async (tx) => {
      const active = (await this.repo.list(tx)).filter((r) => r.active);
      for (const r of active) await this.jobs.schedule(r, { tx });
      return { workspace, started: active.length, stopped: 0 };
    });
  }

  /** PUT api/mailing/restartJob/{workspace}_{action} → { started: 1 }: the mailing is set active, its next slot queued. */
  mailingRestartJob({ params }: In<'mailingRestartJob'>, ctx: RequestContext) {
    const { clientId, workspace } = mailingWorkspace(requireCaller(ctx), ctx.workspace, params.workspace);
    return this.inTenant(clientId, async (tx) => {
      const m = await this.repo.byAction(tx, params.action);
      if (!m) throw Errors.notFound();
      const row = (await this.repo.update(tx, m.id, { active: true }))!;
      await this.jobs.schedule(row, { tx });
      return { workspace, started: 1, stopped: 0 };
    });
  }

  /** PUT api/mailing/stopJob/{workspace}_{action} → { stopped: 1 }: the mailing is set inactive; its queued slot runs nothing. */
  mailingStopJob({ params }: In<'mailingStopJob'>, ctx: RequestContext) {
    const { clientId, workspace } = mailingWorkspace(requireCaller(ctx), ctx.workspace, params.workspace);
    return this.db.inTenant({ clientId }, async (tx) => {
      const m = await this.repo.byAction(tx, params.action);
      if (!m) throw Errors.notFound();
      await this.repo.update(tx, m.id, { active: false });
      return { workspace, started: 0, stopped: 1 };
    });
  }
}
