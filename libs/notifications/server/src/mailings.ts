import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Cron } from 'croner';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Mailer } from '@intranet/platform-mail';
import { MailingsRepository, type MailingRow } from './mailings.repository.ts';
import { Directory } from './people.ts';
import { wordings, type Lang } from './wording.ts';

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
  const repo = new MailingsRepository();
  const rows = await db.inTenant({ clientId: mailing.clientId }, (tx) => repo.digestRows(tx));
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

/** The first slot of a cron `schedule` strictly after `after` (default now), or null when it has none (or is invalid). */
export function nextSlot(schedule: string, after: Date = new Date()): Date | null {
  try {
    const cron = new Cron(schedule, { paused: true });
    const next = cron.nextRun(after);
    cron.stop();
    return next;
  } catch {
    return null;
  }
}

/**
 * Runs one slot of a mailing (§4 Mailing) if this call claims it: the claim (the slot's run row) and the check that
 * the mailing is still active with this schedule are one transaction, so a slot runs once however many replicas
 * or redelivered jobs ask; the action runs after the claim commits and its result (or error) is stored on the run.
 */
@Injectable()
export class MailingRunner {
  /** Which process ran a slot (stored on the run). */
  readonly runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.mailer) private readonly mailer: Mailer,
    private readonly directory: Directory,
    private readonly repo: MailingsRepository,
  ) {}

  /** Output: whether this call ran the slot (false: inactive, rescheduled or already run). */
  async runSlot(id: string, clientId: string, schedule: string, slot: Date): Promise<boolean> {
    const claimed = await this.db.inTenant({ clientId }, (tx) => this.repo.claimSlot(tx, { id, clientId, schedule }, slot, this.runner));
    if (!claimed) return false;
    const action = mailingActions.get(claimed.action);
    let result: Record<string, unknown>;
    try {
      result = action ? await action({ mailing: claimed, slot, db: this.db, mailer: this.mailer, directory: this.directory }) : { error: 'unknown action' };
    } catch (e) {
      result = { error: String((e as Error)?.message ?? e).slice(0, 500) };
    }
    await this.db.inTenant({ clientId }, (tx) => this.repo.setRunResult(tx, id, slot, result));
    return true;
  }

  /** Runs of a mailing since `since` (tests, the admin screen): slot, runner and result. */
  runs(clientId: string, id: string, since = new Date(0)) {
    return this.db.inTenant({ clientId }, (tx) => this.repo.runs(tx, id, since));
  }
}
