import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { Cron } from 'croner';
import type { Mailing } from '@intranet/notifications-contract/mailing';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import type { Logger } from '@intranet/platform-host';
import type { Mailer } from '@intranet/platform-mail';
import { mailingRuns, mailings, notifications, unread } from './schema.ts';
import type { Directory } from './people.ts';
import { wordings, type Lang } from './wording.ts';

type MailingRow = typeof mailings.$inferSelect;

/** What a mailing action gets: its mailing, the slot it runs for and the service's ports. */
export interface MailingRun {
  mailing: Pick<MailingRow, 'id' | 'clientId' | 'workspace' | 'action' | 'schedule'>;
  /** The cron time this run is for. */
  slot: Date;
  db: Database;
  mailer: Mailer;
  directory: Directory;
}
/** A mailing action: does the work of one slot; answers what it did (stored with the run). */
export type MailingAction = (run: MailingRun) => Promise<Record<string, unknown>>;

/**
 * `digest`: each employee of the workspace with unread notifications gets one e-mail listing the newest ten, in
 * their language (ru/uk/en). A refused address is counted and skipped (§8: notification errors are swallowed).
 * Output: `{ sent, failed }`.
 */
export const digestAction: MailingAction = async ({ mailing, db, mailer, directory }) => {
  const rows = await db.inTenant({ clientId: mailing.clientId }, async (tx) => {
    const users = await tx
      .select({ userId: unread.userId, n: sql<number>`sum(${unread.count})::int` })
      .from(unread)
      .groupBy(unread.userId)
      .having(sql`sum(${unread.count}) > 0`);
    const out: { userId: string; n: number; titles: string[] }[] = [];
    for (const u of users) {
      const items = await tx
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, u.userId), eq(notifications.read, false)))
        .orderBy(desc(notifications.createdAt))
        .limit(10);
      out.push({ userId: u.userId, n: Number(u.n), titles: items.map((i) => i.title) });
    }
    return out;
  });
  const people = new Map(
    (
      await directory.employees(
        mailing.clientId,
        rows.map((r) => r.userId),
      )
    ).map((p) => [p._id, p]),
  );
  let sent = 0;
  let failed = 0;
  for (const r of rows) {
    const p = people.get(r.userId);
    if (!p?.email) continue;
    const w = wordings(p.lang as Lang);
    const subject = w.digestSubject(r.n);
    const text = [subject, ...r.titles.map((t) => `• ${t}`)].join('\n');
    try {
      await mailer.send({ to: p.email, subject, text });
      sent++;
    } catch {
      failed++;
    }
  }
  return { sent, failed };
};

/** The mailing actions the service knows (tests may add one before the portal starts). */
export const mailingActions = new Map<string, MailingAction>([['digest', digestAction]]);

/** Whether `schedule` is a cron expression croner accepts (5 fields, or 6 with seconds). */
export function validSchedule(schedule: string): boolean {
  try {
    new Cron(schedule, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

export const toMailing = (r: MailingRow, job: { running: boolean; next: Date | null }, lastRun: Date | null): Mailing => ({
  _id: r.id,
  workspace: r.workspace,
  action: r.action,
  active: r.active,
  schedule: r.schedule,
  running: job.running,
  next: job.next?.toISOString() ?? null,
  last_run: lastRun?.toISOString() ?? null,
});

/** SQL of the mailings (inside a tenant transaction). */
export const mailingsRepository = {
  list: (tx: Tx) => tx.select().from(mailings).orderBy(mailings.action),
  async find(tx: Tx, id: string) {
    const [r] = await tx.select().from(mailings).where(eq(mailings.id, id));
    return r;
  },
  async byAction(tx: Tx, action: string) {
    const [r] = await tx.select().from(mailings).where(eq(mailings.action, action));
    return r;
  },
  async insert(tx: Tx, v: Pick<MailingRow, 'clientId' | 'workspace' | 'action' | 'active' | 'schedule'>) {
    const [r] = await tx
      .insert(mailings)
      .values({ id: uuidv7(), ...v })
      .onConflictDoNothing()
      .returning();
    return r;
  },
  async update(tx: Tx, id: string, v: Partial<Pick<MailingRow, 'action' | 'active' | 'schedule'>>) {
    const [r] = await tx
      .update(mailings)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(mailings.id, id))
      .returning();
    return r;
  },
  async remove(tx: Tx, id: string) {
    const r = await tx.delete(mailings).where(eq(mailings.id, id)).returning({ id: mailings.id });
    return r.length > 0;
  },
  /** The newest slot each of the tenant's mailings ran. */
  async lastRuns(tx: Tx): Promise<Map<string, Date>> {
    const rows = await tx
      .select({ id: mailingRuns.mailingId, at: sql<string>`max(${mailingRuns.slot})` })
      .from(mailingRuns)
      .groupBy(mailingRuns.mailingId);
    return new Map(rows.map((r) => [r.id, new Date(r.at)]));
  },
};

interface Job {
  cron: Cron;
  clientId: string;
  schedule: string;
  /** The slot the next fire is for. */
  planned: Date | null;
}

/** Options: how often the scheduler re-reads the mailings (changes made through another replica), in ms. */
export interface SchedulerOptions {
  syncMs?: number;
}

/**
 * The mailings' jobs in this process (§4 Mailing): one croner job per active mailing, loaded at boot and re-read
 * every `syncMs` (default 30 s) so a change made through another replica reaches this one. A fire claims its slot
 * by inserting (mailing, slot) into `mailing_runs` with ON CONFLICT DO NOTHING in a transaction that also re-reads
 * the mailing (still active, same schedule): only the replica whose insert lands runs the action, so a slot runs
 * once however many replicas there are. The action runs after the claim commits; its result (or error) is stored
 * on the run. A slot missed while no replica ran is not made up.
 */
export class MailingScheduler {
  private readonly jobs = new Map<string, Job>();
  private timer: NodeJS.Timeout | undefined;
  private readonly inflight = new Set<Promise<void>>();
  /** Which process ran a slot (stored on the run). */
  readonly runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly deps: { db: Database; mailer: Mailer; directory: Directory; log: Pick<Logger, 'warn' | 'debug'> },
    private readonly opts: SchedulerOptions = {},
  ) {}

  /** Loads the active mailings of every workspace and keeps re-reading them. */
  async start(): Promise<void> {
    await this.sync();
    this.timer ??= setInterval(() => void this.sync().catch((e) => this.deps.log.warn(`mailings sync: ${(e as Error).message}`)), this.opts.syncMs ?? 30_000);
    this.timer.unref();
  }

  /** Stops every job and waits for runs in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const id of [...this.jobs.keys()]) this.stopJob(id);
    await Promise.allSettled([...this.inflight]);
  }

  /** Makes this process's jobs match the stored mailings: active ones run (with their schedule), others not. */
  async sync(): Promise<void> {
    const rows = await this.deps.db.asSystem('notifications mailings', (tx) =>
      tx.select({ id: mailings.id, clientId: mailings.clientId, active: mailings.active, schedule: mailings.schedule }).from(mailings),
    );
    const seen = new Set<string>();
    for (const r of rows) {
      seen.add(r.id);
      const job = this.jobs.get(r.id);
      if (!r.active) this.stopJob(r.id);
      else if (!job || job.schedule !== r.schedule) this.startJob(r);
    }
    for (const id of this.jobs.keys()) if (!seen.has(id)) this.stopJob(id);
  }

  /** Whether the mailing's job runs here, and its next slot. */
  state(id: string): { running: boolean; next: Date | null } {
    const j = this.jobs.get(id);
    return { running: !!j, next: j?.planned ?? null };
  }

  /** Starts (or restarts, with a changed schedule) the job of a mailing. */
  startJob(m: { id: string; clientId: string; schedule: string }): void {
    const old = this.jobs.get(m.id);
    if (old && old.schedule === m.schedule) return;
    this.stopJob(m.id);
    const cron = new Cron(m.schedule, { protect: true, catch: true, unref: true }, () => this.fire(m.id));
    this.jobs.set(m.id, { cron, clientId: m.clientId, schedule: m.schedule, planned: cron.nextRun() });
  }

  /** Restarts the job (a changed schedule): stop, then start from now. */
  restartJob(m: { id: string; clientId: string; schedule: string }): void {
    this.stopJob(m.id);
    this.startJob(m);
  }

  stopJob(id: string): void {
    this.jobs.get(id)?.cron.stop();
    this.jobs.delete(id);
  }

  private fire(id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job) return Promise.resolve();
    const slot = job.planned ?? new Date(Math.floor(Date.now() / 1000) * 1000);
    job.planned = job.cron.nextRun(new Date(slot.getTime() + 1));
    const p = this.runSlot(id, job.clientId, job.schedule, slot).then(
      () => undefined,
      (e) => this.deps.log.warn(`mailing ${id} slot ${slot.toISOString()}: ${(e as Error)?.message ?? e}`),
    );
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
    return p;
  }

  /**
   * Runs one slot if this process claims it: the claim (the run row) and the check that the mailing is still active
   * with this schedule are one transaction; the action runs after it. Output: whether this process ran it.
   */
  async runSlot(id: string, clientId: string, schedule: string, slot: Date): Promise<boolean> {
    const { db } = this.deps;
    const claimed = await db.inTenant({ clientId }, async (tx) => {
      const [m] = await tx
        .select()
        .from(mailings)
        .where(and(eq(mailings.id, id), eq(mailings.active, true), eq(mailings.schedule, schedule)));
      if (!m) return undefined;
      const ins = await tx
        .insert(mailingRuns)
        .values({ clientId, mailingId: id, slot, runner: this.runner })
        .onConflictDoNothing({ target: [mailingRuns.mailingId, mailingRuns.slot] })
        .returning({ slot: mailingRuns.slot });
      return ins.length ? m : undefined;
    });
    if (!claimed) return false;
    const action = mailingActions.get(claimed.action);
    let result: Record<string, unknown>;
    try {
      result = action ? await action({ mailing: claimed, slot, db, mailer: this.deps.mailer, directory: this.deps.directory }) : { error: 'unknown action' };
    } catch (e) {
      result = { error: String((e as Error)?.message ?? e).slice(0, 500) };
    }
    await db.inTenant({ clientId }, (tx) =>
      tx
        .update(mailingRuns)
        .set({ result })
        .where(and(eq(mailingRuns.mailingId, id), eq(mailingRuns.slot, slot))),
    );
    return true;
  }

  /** Runs of a mailing since `since` (tests, the admin screen): slot and runner. */
  async runs(clientId: string, id: string, since = new Date(0)) {
    return this.deps.db.inTenant({ clientId }, (tx) =>
      tx
        .select()
        .from(mailingRuns)
        .where(and(eq(mailingRuns.mailingId, id), gt(mailingRuns.slot, since)))
        .orderBy(mailingRuns.slot),
    );
  }
}
