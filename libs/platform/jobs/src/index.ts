import { PgBoss, type Db as BossDb, type Job, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Database, MigrationSet, Tx } from '@intranet/platform-db';
import { fileURLToPath } from 'node:url';
import { v5 } from 'uuid';
import { JOBS_SCHEMA } from './migration-sql.ts';

export { JOBS_SCHEMA } from './migration-sql.ts';

/** The job queue's migrations (schema `pgboss`); every host applies them with the platform's own (ADR 0011). */
export const jobsMigrations: MigrationSet = { schema: JOBS_SCHEMA, folder: fileURLToPath(new URL('../migrations', import.meta.url)) };

/** What the queue needs of a logger. */
interface Log {
  warn(msg: string): void;
  debug(msg: string): void;
}

/** A job as its handler sees it: the id pg-boss gave it and the data it was sent with. */
export interface QueuedJob<T> {
  id: string;
  data: T;
  /** Retries so far (0 on the first run). */
  retryCount: number;
}

export interface JobQueueOptions {
  log: Log;
  /** How often an idle worker looks for due jobs, in seconds (pg-boss's floor is 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /**
   * Workers start at release(), not at work() (openPlatform's queue: startDomains releases it once the process's
   * transport listens, so a start's ready line does not wait for their first polls). Default false.
   */
  held?: boolean;
}

export interface DefineOptions {
  /** Jobs fetched per poll and run one after another. Default 20. */
  batchSize?: number;
  /** Retries after a failed run (exponential back-off). Default 3. */
  retryLimit?: number;
  /** Seconds a run may take before it counts as failed and is retried. Default 300. */
  expireInSeconds?: number;
}

/** `tx`: the caller's transaction, so the job exists only if the change that asked for it commits. */
export interface EnqueueOptions {
  /** When the job becomes due: a Date, an ISO string or seconds from now. Default: now. */
  startAfter?: Date | string | number;
  /**
   * One job per cause: the same cause (a reminder per occurrence and member, a step start per adaptation and step)
   * sent twice, by two replicas or a redelivered event, is queued once. The job's id is derived from the queue and
   * the key (UUID v5), so a second send finds the first while its row is kept (7 days after it completed); the
   * handler's effect still carries the cause as a unique key.
   */
  causeKey?: string;
  tx?: Tx;
}

/**
 * Durable scheduled work in PostgreSQL (DESIGN §6, ADR 0011): pg-boss over the platform's `Database`, so it runs the
 * same on PGlite (embedded) and PostgreSQL (distributed). A job is claimed by one worker of one replica (`FOR UPDATE
 * SKIP LOCKED`), retried with back-off when its handler throws and survives restarts; it runs once unless a run
 * outlives `expireInSeconds` or the process dies mid-run, so a handler writes its effect under a unique cause key.
 * Each statement of pg-boss's own runs as its own system transaction (`db.asSystem`); jobs sent with `tx` join the
 * caller's transaction.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly defined = new Map<string, DefineOptions>();
  private started: Promise<unknown> | undefined;
  /** The queues that existed when the first one was asked for (ensureQueue). */
  private existing: Promise<Set<string>> | undefined;
  /** Workers waiting for release() (held), and those started. */
  private held: boolean;
  private readonly waiting: (() => Promise<unknown>)[] = [];
  private readonly workers: Promise<unknown>[] = [];

  constructor(
    private readonly db: Database,
    private readonly opts: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: systemAdapter(db),
      schema: JOBS_SCHEMA,
      backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
      // The migration step installs the schema (jobsMigrations): the runtime roles may not create it.
      migrate: false,
      createSchema: false,
      schedule: false,
      registerInstance: false,
      persistWarnings: false,
      openTelemetry: { enabled: false },
    } as ConstructorParameters<typeof PgBoss>[0]);
    this.boss.on('error', (err: Error) => opts.log.warn(`job queue: ${err.message}`));
    this.held = opts.held ?? false;
  }

  /** Starts the workers work() registered while held (openPlatform's queue: startDomains, once the process listens). Idempotent. */
  release(): void {
    this.held = false;
    for (const start of this.waiting.splice(0)) {
      const worker = start();
      worker.catch((err: Error) => this.opts.log.warn(`job queue: a worker did not start: ${err.message}`));
      this.workers.push(worker);
    }
  }

  /** Resolves once every worker is polling (/readyz 'jobs'). Errors: held, or a worker that could not start. */
  async serving(): Promise<void> {
    if (this.held) throw new Error('job workers not started yet');
    await Promise.all(this.workers);
  }

  /** Starts the queue's maintenance (expiry, retention). Idempotent. Errors: the schema is missing (not migrated). */
  async start(): Promise<void> {
    await (this.started ??= this.boss.start());
  }

  /**
   * Runs `handler` for every due job of `name`, in this process, until stop(). Resolves once the queue exists (made
   * when new) and its worker polls — or, on a held queue, will poll from release(): a restart's ready line does not
   * wait for the workers' first polls (≈ 0.3 s of statements on PGlite, issue 39 §2), and what a request sends
   * finds its queue made. A handler that throws has its job retried (up to `retryLimit`); the error is logged with
   * the job's id only.
   */
  async work<T extends object>(name: string, handler: (job: QueuedJob<T>) => Promise<void>, options: DefineOptions = {}): Promise<void> {
    await this.ensureQueue(name, options);
    // A full batch means more is due (a burst of reminders or step starts): fetch again at once instead of waiting.
    const work: WorkOptions = { batchSize: options.batchSize ?? 20, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, burstWhenBatchFull: true };
    const start = () =>
      this.boss.work<T>(name, work, async (jobs: Job<T>[]) => {
        for (const job of jobs) {
          try {
            await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
          } catch (err) {
            this.opts.log.warn(`job ${name} ${job.id} failed: ${(err as Error).message}`);
            throw err;
          }
        }
      });
    if (this.held) this.waiting.push(start);
    else await start();
  }

  /**
   * Queues a job of `name` with `data` (JSON). Output: its id, or null when a job with the same `causeKey` exists. With `tx`, the job is written in that transaction (it exists only if the change commits).
   */
  async send<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    await this.ensureQueue(name, this.defined.get(name) ?? {});
    const send: SendOptions = {
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.causeKey ? { id: causeId(name, options.causeKey) } : {}),
      ...(options.tx ? { db: txAdapter(options.tx) } : {}),
    };
    return this.boss.send(name, data, send);
  }

  /**
   * Queues many jobs of `name` in one statement (a burst of reminders or step starts). Each item as in send(); an
   * item whose `causeKey` exists is skipped. With `tx`, in that transaction.
   */
  async sendMany<T extends object>(
    name: string,
    items: { data: T; startAfter?: Date | string | number; causeKey?: string }[],
    options: { tx?: Tx } = {},
  ): Promise<void> {
    if (!items.length) return;
    await this.ensureQueue(name, this.defined.get(name) ?? {});
    await this.boss.insert(
      name,
      items.map((i) => ({
        data: i.data,
        ...(i.startAfter !== undefined ? { startAfter: i.startAfter } : {}),
        ...(i.causeKey ? { id: causeId(name, i.causeKey) } : {}),
      })),
      options.tx ? { db: txAdapter(options.tx) } : {},
    );
  }

  /** Stops fetching, waits up to `timeoutMs` for running handlers, and stops maintenance. Idempotent. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.waiting.length = 0;
    // A worker starting (release) has its polling stopped with the rest.
    await Promise.allSettled(this.workers);
    if (!this.started) return;
    this.started = undefined;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: false });
  }

  private async ensureQueue(name: string, options: DefineOptions): Promise<void> {
    if (this.defined.has(name)) return;
    await this.start();
    // A restart finds its queues made: one read of their names instead of a create per queue (an advisory-locked
    // transaction each, which only inserts when the name is new) on the start-up's path. A name not in the list
    // is created as before; a failed read only costs the creates.
    this.existing ??= this.boss.getQueues(undefined, { limit: 100_000 }).then(
      (queues) => new Set(queues.map((q) => q.name)),
      () => new Set<string>(),
    );
    if (!(await this.existing).has(name)) {
      await this.boss.createQueue(name, {
        retryLimit: options.retryLimit ?? 3,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 300,
      });
    }
    this.defined.set(name, options);
  }
}

/** The UUID v5 namespace of cause keys (any fixed UUID; changing it would re-queue every kept cause). */
const CAUSE_NAMESPACE = '1b671a64-40d5-491e-99b0-da01ff1e3341';

const causeId = (name: string, key: string) => v5(`${name}\n${key}`, CAUSE_NAMESPACE);

type Rows = { rows: unknown[] };

/** The raw client under a Drizzle transaction: node-postgres's PoolClient or PGlite's transaction. */
function rawClient(tx: Tx): {
  query(text: string, values?: unknown[]): Promise<Rows | Rows[]>;
  exec?(text: string): Promise<Rows[]>;
} {
  return (tx as unknown as { session: { client: never } }).session.client;
}

/** pg-boss's own blocks open and commit a transaction; inside ours they only lose those two statements. */
function withoutTransactionWrapper(text: string): string {
  return text.replace(/^\s*BEGIN\s*;/i, '').replace(/COMMIT\s*;\s*$/i, '');
}

/** Runs one pg-boss statement (or parameterless block) on `tx`; the rows of every result, as pg-boss reads them. */
async function runOn(tx: Tx, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  const client = rawClient(tx);
  const body = withoutTransactionWrapper(text);
  if (!values?.length && client.exec) return { rows: (await client.exec(body)).flatMap((r) => r.rows ?? []) };
  const result = await client.query(body, values);
  return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : result.rows };
}

/** pg-boss's statements, each in its own system transaction (one PGlite session is shared with every request). */
function systemAdapter(db: Database): BossDb {
  return { executeSql: (text, values) => db.asSystem('job queue', (tx) => runOn(tx, text, values)) };
}

/** pg-boss's statements inside the caller's transaction. */
function txAdapter(tx: Tx): BossDb {
  return { executeSql: (text, values) => runOn(tx, text, values) };
}
