import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { adaptationEvents, type AdaptRole } from '@intranet/adaptation-contract';
import type { Database, Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { JobQueue, QueuedJob } from '@intranet/platform-jobs';
import type { Outbox } from '@intranet/platform-outbox';
import { personOf } from './access.ts';
import { AdaptationRepository, type AdaptationWithCounts } from './adaptation.repository.ts';
import { dueDay, openInstant } from './schedule.ts';

/** The job queue of step openings: one job per adaptation and opening instant. */
export const OPEN_QUEUE = 'adaptation.steps.open';

/** An opening job's data. */
export interface OpenJob {
  clientId: string;
  adaptationId: string;
  /** The instant it is due (ISO). */
  at: string;
}

/** Everyone of an adaptation (whose sockets get its events). */
export const peopleOf = (a: Pick<AdaptationWithCounts, 'userId' | 'mentorId' | 'hrId' | 'chiefId'>) => [
  ...new Set([a.userId, a.mentorId, a.hrId, a.chiefId].filter((x): x is string => !!x)),
];

/**
 * Steps open on schedule (DESIGN §6 scheduled work): putting a newcomer on a track opens what is due at once and
 * queues, in the same transaction, one durable `adaptation.steps.open` job for the next opening instant (start date + days, at the client's opening hour in its time zone). The job opens every
 * pending step due by then — a conditional UPDATE pending → open, so a retried job, a second replica or a restart
 * opens nothing twice — writes `evt.adaptation.step.opened` per step (notifications: section `adapt`, to whom the
 * step's scenario names) and queues the next instant. Keyed by adaptation and instant, a job is queued once.
 * Starting a track or changing its steps touches every adaptation on it (1,000 and more): it only queues one job
 * per adaptation, due now, in one statement (`queueNow`), so the request stays short and the job workers open.
 */
@Injectable()
export class AdaptationJobs implements OnApplicationBootstrap {
  private started = false;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.jobs) private readonly jobs: JobQueue,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly repo: AdaptationRepository,
  ) {}

  /** Starts working the opening queue (once per process: Nest's microservice runs bootstrap hooks twice). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.jobs.work<OpenJob>(OPEN_QUEUE, (job: QueuedJob<OpenJob>) => this.run(job.data).then(() => undefined));
  }

  /** Runs one opening job at the current time (or `now`). Output: the steps it opened. */
  run(job: OpenJob, now: Date = new Date()): Promise<string[]> {
    return this.openDue(job.clientId, job.adaptationId, now);
  }

  /** Opens the adaptation's steps due at `at` in its own tenant transaction (the clock-controlled entry). */
  openDue(clientId: string, adaptationId: string, at: Date = new Date()): Promise<string[]> {
    return this.db.inTenant({ clientId, userId: null }, (tx) => this.openIn(tx, clientId, adaptationId, at));
  }

  /**
   * In `tx`: queues one opening job per adaptation, due at `at` (now), in one multi-row insert; they exist only if
   * `tx` commits. A job finding its adaptation or track no longer running opens nothing.
   */
  async queueNow(tx: Tx, list: { id: string; clientId: string }[], at: Date = new Date()): Promise<void> {
    const iso = at.toISOString();
    await this.jobs.sendMany<OpenJob>(
      OPEN_QUEUE,
      list.map((a) => ({ data: { clientId: a.clientId, adaptationId: a.id, at: iso }, causeKey: `${a.id}|${iso}` })),
      { tx },
    );
  }

  /**
   * In `tx`: opens the due pending steps of a running adaptation on a running track, writes their events, and
   * queues the job of the next opening instant. Output: the step ids opened.
   */
  async openIn(tx: Tx, clientId: string, adaptationId: string, at: Date = new Date()): Promise<string[]> {
    const a = await this.repo.adaptationFind(tx, adaptationId, true);
    if (!a || a.state !== 'active') return [];
    const track = await this.repo.trackFind(tx, a.trackId);
    if (!track?.active) return [];
    const s = await this.repo.settings(tx);
    const opened = await this.repo.openDue(tx, a.id, dueDay(at, s.timeZone, s.openHour), at);
    if (opened.length) {
      const byId = new Map((await this.repo.steps(tx, a.trackId)).map((x) => [x.id, x]));
      const userIds = peopleOf(a);
      for (const id of opened) {
        const step = byId.get(id)!;
        const notify = [...new Set((step.notify as AdaptRole[]).map((r) => personOf(a, r)).filter((x): x is string => !!x))];
        await this.outbox.add(tx, adaptationEvents.stepOpened, clientId, {
          adaptationId: a.id,
          trackId: a.trackId,
          trackName: track.name,
          userId: a.userId,
          userIds,
          stepId: id,
          stepName: step.name,
          type: step.type as never,
          scenario: step.scenario as AdaptRole,
          notify,
        });
      }
    }
    const next = await this.repo.nextPending(tx, a.id);
    if (next) {
      const when = openInstant(next, s.openHour, s.timeZone);
      await this.jobs.send(
        OPEN_QUEUE,
        { clientId, adaptationId: a.id, at: when.toISOString() },
        { startAfter: when, causeKey: `${a.id}|${when.toISOString()}`, tx },
      );
    }
    return opened;
  }
}
