import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Config } from '@intranet/platform-config';
import type { Database, Tx } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { JobQueue } from '@intranet/platform-jobs';
import { DeliveryService } from './delivery.service.ts';
import { MailingRunner, nextSlot } from './mailings.ts';
import { MailingsRepository } from './mailings.repository.ts';

/** The job queue of the mailings' slots (pg-boss, ADR 0011). */
export const MAILING_QUEUE = 'notifications.mailing';

/** A slot later than this when its job runs was missed (no replica ran): not made up, the next one is queued. */
export const MISSED_AFTER_MS = 10 * 60_000;

/** One queued slot of a mailing: the schedule it was queued under and its time (ISO). */
export interface MailingSlotJob {
  mailingId: string;
  clientId: string;
  schedule: string;
  slot: string;
}

type Scheduled = { id: string; clientId: string; schedule: string };

/**
 * The mailings' slots as durable jobs (§4 Mailing, ADR 0011): an active mailing has its next cron slot queued, once
 * per mailing, schedule and slot (`causeKey`), in the transaction that activated or rescheduled it (`tx`). The job
 * runs the slot (MailingRunner: claimed once, and only while the mailing is still active with that schedule) and
 * queues the following slot while it is; a stopped or rescheduled mailing's job ends its chain. Any replica takes a
 * job; each runs once. At start every active mailing gets its next slot queued (a no-op when it is).
 */
@Injectable()
export class MailingJobs implements OnApplicationBootstrap {
  private working: Promise<void> | undefined;

  constructor(
    @Inject(PORTS.jobs) private readonly jobs: JobQueue,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.log) private readonly log: Pick<Logger, 'warn'>,
    private readonly runner: MailingRunner,
    private readonly repo: MailingsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ready();
    const active = await this.db.asSystem('notifications mailings', (tx) => this.repo.allActive(tx));
    for (const m of active) await this.schedule(m);
  }

  /** Registers this process's worker of the queue (once); `schedule` with `tx` awaits it before opening the transaction. */
  ready(): Promise<void> {
    return (this.working ??= this.jobs.work<MailingSlotJob>(MAILING_QUEUE, (job) => this.run(job.data)));
  }

  /** Queues the mailing's first slot after `after` (default now); with `tx`, in that transaction. */
  async schedule(m: Scheduled, opts: { tx?: Tx; after?: Date } = {}): Promise<void> {
    const slot = nextSlot(m.schedule, opts.after);
    if (!slot) return;
    const data: MailingSlotJob = { mailingId: m.id, clientId: m.clientId, schedule: m.schedule, slot: slot.toISOString() };
    await this.jobs.send(MAILING_QUEUE, data, { startAfter: slot, causeKey: `${m.id}\n${m.schedule}\n${data.slot}`, ...(opts.tx ? { tx: opts.tx } : {}) });
  }

  /** Runs a due slot (unless missed) and queues the next one while the mailing is active with the same schedule. */
  async run(job: MailingSlotJob): Promise<void> {
    const slot = new Date(job.slot);
    const m = { id: job.mailingId, clientId: job.clientId, schedule: job.schedule };
    if (Date.now() - slot.getTime() <= MISSED_AFTER_MS) await this.runner.runSlot(m.id, m.clientId, m.schedule, slot);
    else this.log.warn(`mailing ${m.id}: slot ${job.slot} missed, not made up`);
    const now = await this.db.inTenant({ clientId: m.clientId }, (tx) => this.repo.find(tx, m.id));
    if (now?.active && now.schedule === m.schedule) await this.schedule(m, { after: new Date(Math.max(Date.now(), slot.getTime())) });
  }
}

/**
 * The delivery worker's timer (`@Interval`, in-process): every NOTIF_DELIVERY_POLL_MS a pass sends the retries that
 * came due (new sends are kicked at once by the Notifier). The interval itself ticks every 100 ms and only looks at
 * the clock, so the period stays a validated setting.
 */
@Injectable()
export class DeliveryJob implements OnApplicationBootstrap {
  private last = 0;

  constructor(
    private readonly delivery: DeliveryService,
    @Inject(PORTS.config) private readonly config: Config,
  ) {}

  onApplicationBootstrap(): void {
    this.poll();
  }

  @Interval(100)
  poll(): void {
    if (Date.now() - this.last < this.config.NOTIF_DELIVERY_POLL_MS) return;
    this.last = Date.now();
    this.delivery.kick();
  }
}
