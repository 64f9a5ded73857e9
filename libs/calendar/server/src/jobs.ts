import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { calendarEvents } from '@intranet/calendar-contract';
import type { Database, Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { JobQueue, QueuedJob } from '@intranet/platform-jobs';
import type { Outbox } from '@intranet/platform-outbox';
import { EventsRepository, RemindersRepository, type FullEvent } from './calendar.repository.ts';
import { expand, expandOne, isOccurrence } from './recurrence.ts';

/** The job queue of calendar reminders (one job per occurrence, member and due time). */
export const REMINDER_QUEUE = 'calendar.reminder';
/** How far ahead reminders are queued (ms); the planner's sweep tops it up as time goes on. */
export const PLAN_HORIZON_MS = 48 * 3600_000;
/** The job queue of the planner's sweep (one job per SWEEP_MS slot, each queuing the next). */
export const SWEEP_QUEUE = 'calendar.reminders.sweep';
/** How often the sweep looks for events whose planned horizon runs short (ms; the horizon's half is a day). */
export const SWEEP_MS = 10 * 60_000;
/** The longest reminder offset (minutes, the contract's max). */
const MAX_REMIND_MIN = 10080;
/** A reminder found more than this late (the service was down) is dropped rather than sent after the start. */
const STALE_MS = 3600_000;

/** A reminder job's data: one occurrence ('' for a single event) of one event, for one user, due `minutes` before its start. */
export interface ReminderJob {
  clientId: string;
  eventId: string;
  occurrence: string;
  userId: string;
  /** ISO instants. */
  dueAt: string;
  startAt: string;
  minutes: number;
}

/**
 * The reminders of an event due from `now` to the horizon (pure): one per occurrence starting after `now` and before
 * `now + PLAN_HORIZON_MS + remind`, and per member and the organiser, due `remind` minutes before the start; each
 * with its cause key (event, occurrence, user, due time), so a re-save queues nothing twice while a moved
 * occurrence gets a job for its new time. None when the event has no reminder.
 */
export function reminderPlan(ev: FullEvent, now: Date): { data: ReminderJob; startAfter: Date; causeKey: string }[] {
  const r = ev.row;
  if (r.remind == null) return [];
  const minutes = r.remind;
  const from = now.getTime();
  const to = from + PLAN_HORIZON_MS + minutes * 60_000;
  const users = [...new Set([...ev.members, r.organiserId])];
  const out: { data: ReminderJob; startAfter: Date; causeKey: string }[] = [];
  for (const x of expand(r, ev.overrides, from, to)) {
    if (x.start <= from) continue;
    const dueAt = new Date(x.start - minutes * 60_000);
    const occurrence = x.occurrence ?? '';
    for (const userId of users) {
      const data = { clientId: r.clientId, eventId: r.id, occurrence, userId, dueAt: dueAt.toISOString(), startAt: new Date(x.start).toISOString(), minutes };
      out.push({ data, startAfter: dueAt, causeKey: `${r.id}|${occurrence}|${userId}|${data.dueAt}` });
    }
  }
  return out;
}

/**
 * Whether a reminder job still stands for the event as it is now (pure): the event still reminds `minutes` before,
 * the user is still its organiser or a member, the occurrence is still live and starts when the job says, and it
 * did not start more than STALE_MS ago. A job queued before a change that moved or dropped it is skipped.
 */
export function reminderStands(ev: FullEvent | undefined, job: ReminderJob, now: Date): boolean {
  if (!ev) return false;
  const r = ev.row;
  if (r.remind !== job.minutes) return false;
  if (r.organiserId !== job.userId && !ev.members.includes(job.userId)) return false;
  let start: number;
  if (r.rrule) {
    if (!isOccurrence(r, job.occurrence) || r.exdates.includes(job.occurrence)) return false;
    start = expandOne(
      r,
      job.occurrence,
      ev.overrides.find((o) => o.recurrenceId === job.occurrence),
    ).start;
  } else {
    if (job.occurrence !== '') return false;
    start = expandOne(r, r.date, undefined).start;
  }
  return start === Date.parse(job.startAt) && start >= now.getTime() - STALE_MS;
}

/**
 * The calendar's reminders as durable jobs (DESIGN §6 scheduled work, ADR 0011): a change queues, in its own
 * transaction, one `calendar.reminder` job per reminder due within the horizon (plan); the queue runs each once on
 * one replica at its due time, and the job writes `evt.calendar.event.reminder` to the outbox under the unique
 * (event, occurrence, user) record in one transaction (fire) — a retried or duplicated job sends nothing more. An
 * sweep, itself a job every SWEEP_MS (one per time slot whichever replica queues it), tops up the horizon of long
 * series.
 */
@Injectable()
export class CalendarJobs implements OnApplicationBootstrap {
  private started = false;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.jobs) private readonly jobs: JobQueue,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly events: EventsRepository,
    private readonly reminders: RemindersRepository,
  ) {}

  /**
   * Starts working the reminder and sweep queues (which also creates them before any change sends to them) and
   * queues the sweep of the current slot. Once per process: Nest's microservice runs bootstrap hooks twice.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.jobs.work<ReminderJob>(REMINDER_QUEUE, (job: QueuedJob<ReminderJob>) => this.fire(job.data).then(() => undefined));
    await this.jobs.work<{ slot: number }>(SWEEP_QUEUE, () => this.sweep(), { batchSize: 1 });
    await this.queueSweep(Date.now());
  }

  /** Queues the sweep of the slot `at` falls in (once per slot, however many replicas ask). */
  private async queueSweep(at: number): Promise<void> {
    const slot = Math.floor(at / SWEEP_MS);
    await this.jobs.send(SWEEP_QUEUE, { slot }, { startAfter: new Date(slot * SWEEP_MS), causeKey: `slot|${slot}` });
  }

  /** One sweep (a job): tops up the horizons due for it, then queues the sweep of the next slot. */
  async sweep(now: Date = new Date()): Promise<void> {
    await this.planDue(now);
    await this.queueSweep(now.getTime() + SWEEP_MS);
  }

  /**
   * Queues the reminders of an event within the horizon, in the caller's transaction `tx` (the jobs exist only if
   * the change commits), and records how far it is planned.
   */
  async plan(tx: Tx, ev: FullEvent, now: Date = new Date()): Promise<void> {
    await this.jobs.sendMany(REMINDER_QUEUE, reminderPlan(ev, now), { tx });
    await this.events.update(tx, ev.row.id, { plannedUntil: new Date(now.getTime() + PLAN_HORIZON_MS) });
  }

  /**
   * Runs one reminder job: when it still stands and was not sent yet, records it and writes its
   * `evt.calendar.event.reminder` (addressed to its user) in one transaction. Output: whether it was sent.
   */
  async fire(job: ReminderJob, now: Date = new Date()): Promise<boolean> {
    return this.db.inTenant({ clientId: job.clientId, userId: null }, async (tx) => {
      const ev = await this.events.find(tx, job.eventId);
      if (!reminderStands(ev, job, now)) return false;
      const startAt = new Date(job.startAt);
      const sent = await this.reminders.markSent(
        tx,
        {
          clientId: job.clientId,
          eventId: job.eventId,
          occurrence: job.occurrence,
          userId: job.userId,
          dueAt: new Date(job.dueAt),
          startAt,
          minutes: job.minutes,
        },
        now,
      );
      if (!sent) return false;
      await this.outbox.add(tx, calendarEvents.reminder, job.clientId, {
        _id: job.eventId,
        occurrence: job.occurrence || null,
        name: ev!.row.name,
        start: startAt.toISOString(),
        tz: ev!.row.tz,
        minutes: job.minutes,
        userIds: [job.userId],
      });
      return true;
    });
  }

  /**
   * Plans the events with reminders whose occurrences may start within the horizon and whose plan ends within half
   * of it (any client, as system). Output: the number of events planned.
   */
  async planDue(now: Date = new Date()): Promise<number> {
    return this.db.asSystem('calendar reminders plan', async (tx) => {
      const startsBefore = new Date(now.getTime() + PLAN_HORIZON_MS + MAX_REMIND_MIN * 60_000);
      const ids = await this.reminders.dueForPlanning(tx, now, startsBefore, new Date(now.getTime() + PLAN_HORIZON_MS / 2));
      for (const id of ids) {
        const ev = await this.events.find(tx, id);
        if (ev) await this.plan(tx, ev, now);
      }
      return ids.length;
    });
  }
}
