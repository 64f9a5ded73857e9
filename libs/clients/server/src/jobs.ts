import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CLIENTS_ERRORS, type lifeJobRoutes, type LifeJobKind, type lifeJobStart } from '@intranet/clients-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput, z } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors, serializeError } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { JobQueue, QueuedJob } from '@intranet/platform-jobs';
import { ArchiveService } from './archive.service.ts';
import { ClientsRepository } from './clients.repository.ts';
import { LifecycleService, type LongRun } from './lifecycle.service.ts';
import { toLifeJob } from './mapping.ts';

type In<K extends keyof typeof lifeJobRoutes> = RouteInput<(typeof lifeJobRoutes)[K]>;
type Start = z.infer<typeof lifeJobStart>;

/** The durable queue of a workspace's long jobs (issue 36). */
export const LIFE_QUEUE = 'clients.life-job';
/** Progress is written at most this often (ms): a row update per page would slow a large copy for nothing. */
const PROGRESS_EVERY_MS = 500;
/** A run may take long (a large workspace); past this the queue counts it dead and runs it again (s). */
const RUN_EXPIRES_S = 30 * 60;

/**
 * A workspace's long jobs (issue 36): clone, full delete, export and import run from the durable queue
 * (`PORTS.jobs`, pg-boss) with their progress (phase, done of total) in `clients.life_jobs`, which
 * GET api/clients/jobs/{job} reads. The start route answers at once (queued); one worker of one replica runs it.
 * A failure the operation reports (404, 409, a broken archive) ends the job `failed` with its code (not retried).
 * Resumable after a restart: a run cut off by a dying process is run again by the queue (after RUN_EXPIRES_S):
 * a full delete finishes where it stopped (it is idempotent); a clone or an import first deletes whatever the cut run
 * had created under the job's target id (chosen before the first run) and starts over — rolled back, never half
 * done; an export starts over with a new archive (the cut one is never linked).
 */
@Injectable()
export class LifecycleJobs implements OnApplicationBootstrap {
  private started = false;

  constructor(
    private readonly repo: ClientsRepository,
    private readonly life: LifecycleService,
    private readonly archives: ArchiveService,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.jobs) private readonly jobs: JobQueue,
    @Inject(PORTS.log) private readonly log: Logger,
  ) {}

  /** Starts working the queue. Once per process. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.jobs.work<{ job: string }>(LIFE_QUEUE, (j: QueuedJob<{ job: string }>) => this.run(j.data.job), {
      batchSize: 1,
      retryLimit: 3,
      expireInSeconds: RUN_EXPIRES_S,
    });
  }

  /** POST api/clients/jobs {kind, ...} → the job, queued (its record and its queue entry in one transaction). */
  async start({ body }: In<'jobStart'>, ctx: RequestContext) {
    const id = uuidv7();
    const source = 'client' in body ? body.client : null;
    const target = body.kind === 'clone' || body.kind === 'import' ? uuidv7() : null;
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: ${body.kind} job`, async (tx) => {
      if (source && !(await this.repo.byId(tx, source))) throw Errors.coded(CLIENTS_ERRORS.clientNotFound);
      const made = await this.repo.jobInsert(tx, { id, kind: body.kind, sourceId: source, targetId: target, input: body, createdBy: ctx.userId });
      await this.jobs.send(LIFE_QUEUE, { job: id }, { tx, causeKey: id });
      return made;
    });
    return toLifeJob(row);
  }

  /** §7 POST api/clients/export/all → an export job per live workspace (queued, or the one still pending), by name. */
  async exportAll(ctx: RequestContext) {
    const live = await this.db.asSystem(`superadmin ${ctx.userId}: export all`, (tx) => this.repo.list(tx));
    const out = [];
    for (const c of live) {
      // A workspace whose export is still queued or running keeps that one (a second click starts nothing new).
      const pending = (await this.db.asSystem(`superadmin ${ctx.userId}: jobs of ${c.id}`, (tx) => this.repo.jobsOf(tx, c.id))).find(
        (j) => j.kind === 'export' && (j.status === 'queued' || j.status === 'running'),
      );
      out.push(pending ? toLifeJob(pending) : await this.start({ body: { kind: 'export', client: c.id, name: c.workspace } } as In<'jobStart'>, ctx));
    }
    return out;
  }

  /** GET api/clients/jobs/{job} → the job with its progress. 404 unknown. */
  async get({ params }: In<'jobGet'>, ctx: RequestContext) {
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: read job ${params.job}`, (tx) => this.repo.jobById(tx, params.job));
    if (!row) throw Errors.notFound();
    return toLifeJob(row);
  }

  /** GET api/clients/{id}/jobs → the workspace's newest jobs (as source or target). */
  async list({ params }: In<'jobList'>, ctx: RequestContext) {
    const rows = await this.db.asSystem(`superadmin ${ctx.userId}: jobs of ${params.id}`, (tx) => this.repo.jobsOf(tx, params.id));
    return rows.map(toLifeJob);
  }

  private update(id: string, patch: Parameters<ClientsRepository['jobUpdate']>[2]) {
    return this.db.asSystem(`life job ${id}`, (tx) => this.repo.jobUpdate(tx, id, patch));
  }

  /**
   * One run of a job (from the queue; a second run after a crash is a resume, see the class). Output: nothing; the
   * outcome is in the job's row. Errors: only the database's (the queue then retries the run).
   */
  async run(id: string): Promise<void> {
    const job = await this.db.asSystem(`life job ${id}`, (tx) => this.repo.jobById(tx, id));
    if (!job || job.status === 'done' || job.status === 'failed') return;
    await this.update(id, { status: 'running', runs: job.runs + 1, error: null });
    const ctx: RequestContext = { clientId: null, userId: job.createdBy, roles: ['superadmin'], workspace: null, lang: 'en' };
    let last = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const progress = (phase: string, done: number, total: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && done < total) return;
      last = now;
      pending = pending.then(() => this.update(id, { phase, done, total })).catch(() => undefined);
    };
    const run: LongRun = { progress, id: job.targetId ?? undefined };
    try {
      if (job.runs > 0 && job.targetId) {
        // A cut run of a clone or an import: what it created goes first (rolled back), then the copy starts over.
        await this.update(id, { phase: 'cleanup' });
        await this.life.fullDelete({ params: { id: job.targetId } } as Parameters<LifecycleService['fullDelete']>[0], ctx).catch((err: unknown) => {
          if (serializeError(err).status !== 404) throw err;
        });
      }
      const result = await this.perform(job.kind, job.input as Start, ctx, run);
      await pending;
      // done = total, whatever the last (throttled) figure written was.
      const now = await this.db.asSystem(`life job ${id}`, (tx) => this.repo.jobById(tx, id));
      await this.update(id, { status: 'done', phase: 'done', done: now?.total ?? 0, result: result as Record<string, unknown> });
    } catch (err) {
      await pending;
      const e = serializeError(err);
      if (job.kind === 'fullDelete' && job.runs > 0 && e.status === 404) {
        // The cut run had finished the delete but not its record: the workspace is gone, which is what was asked.
        await this.update(id, { status: 'done', phase: 'done', done: job.total, result: null });
        return;
      }
      this.log.warn(`life job ${id} (${job.kind}) failed: ${e.code}`);
      await this.update(id, { status: 'failed', error: { code: e.code, message: e.message, ...(e.params ? { params: e.params } : {}) } });
    }
  }

  private perform(kind: LifeJobKind, input: Start, ctx: RequestContext, run: LongRun): Promise<unknown> {
    switch (input.kind) {
      case 'clone':
        return this.life.clone(
          { params: { old: input.client, workspace: input.workspace }, body: { name: input.name } } as Parameters<LifecycleService['clone']>[0],
          ctx,
          run,
        );
      case 'fullDelete':
        return this.life.fullDelete({ params: { id: input.client } } as Parameters<LifecycleService['fullDelete']>[0], ctx, run);
      case 'export':
        return this.archives.exportOne(
          { params: { client: input.client }, body: { name: input.name } } as Parameters<ArchiveService['exportOne']>[0],
          ctx,
          run,
        );
      case 'import':
        return this.archives.importOne(
          { params: { workspace: input.workspace }, body: { key: input.key, name: input.name } } as Parameters<ArchiveService['importOne']>[0],
          ctx,
          run,
        );
      default:
        throw new Error(`unknown job kind ${kind}`);
    }
  }
}
