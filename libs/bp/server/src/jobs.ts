import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { bpEvents } from '@intranet/bp-contract';
import type { Database } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { BpRepository } from './bp.repository.ts';
import { audience } from './rules.ts';

/** How often the service looks for requests that became overdue (ms). */
export const OVERDUE_EVERY_MS = 60_000;
/** Requests marked per transaction of the scan. */
const BATCH = 500;

/**
 * Timed work of the services domain: the overdue scan (§5 days limit: "an overdue request raises an event once").
 * An `@Interval` provider scanning due rows rather than one JobQueue job per request: the state is already durable in
 * the row (`due_at`, `overdue_at`), the mark is run-once by its conditional UPDATE (two replicas scanning at once
 * raise it once), a scan missed while no replica ran is caught up by the next one, and `bp.internal.scanOverdue`
 * runs the same scan on demand (with a `now`).
 */
@Injectable()
export class BpJobs {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly repo: BpRepository,
  ) {}

  /** Every minute while the process lives; a failure is logged and the next run tries again. */
  @Interval(OVERDUE_EVERY_MS)
  async tick(): Promise<void> {
    await this.scanOverdue().catch((e: Error) => this.log.error(`bp overdue scan: ${e.message}`));
  }

  /**
   * Marks every client's active requests past their due date at `now`, in batches of 500, and writes
   * evt.bp.request.overdue for each in the same transaction (outbox). Safe with several replicas running it at once
   * (see BpRepository.markOverdue). Output: how many were raised.
   */
  async scanOverdue(now = new Date()): Promise<number> {
    let raised = 0;
    for (;;) {
      const n = await this.db.asSystem('bp overdue scan', async (tx) => {
        const rows = await this.repo.markOverdue(tx, now, BATCH);
        for (const r of rows)
          await this.outbox.add(tx, bpEvents.overdue, r.clientId, {
            requestId: r.id,
            name: r.name,
            due: r.dueAt!.toISOString(),
            initiatorId: r.initiatorId,
            userIds: audience(r),
          });
        return rows.length;
      });
      raised += n;
      if (n < BATCH) return raised;
    }
  }
}
