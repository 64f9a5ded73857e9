import { calendarEvents } from '@intranet/calendar-contract';
import { sql, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import type { Logger } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { and, eq, isNull } from 'drizzle-orm';
import { expand } from './recurrence.ts';
import type { FullEvent } from './repository.ts';
import { eventsRepository } from './repository.ts';
import { reminders } from './schema.ts';

/** How far ahead reminders are written to the schedule (ms); the planner tops it up as time goes on. */
export const PLAN_HORIZON_MS = 48 * 3600_000;
/** The longest reminder offset (minutes, the contract's max). */
const MAX_REMIND_MIN = 10080;
/** A reminder found more than this late (the service was down) is dropped rather than sent after the start. */
const STALE_MS = 3600_000;

/**
 * Writes the schedule of an event's reminders in the caller's transaction: one row per occurrence starting in
 * the next PLAN_HORIZON_MS (plus the offset) and per member and the organiser, due `remind` minutes before the
 * start. Rows not yet sent are replaced (a moved occurrence gets its new due time); sent ones stay, so the unique
 * (event, occurrence, user) keeps an occurrence from being reminded twice.
 */
export async function planReminders(tx: Tx, ev: FullEvent, now: Date = new Date()): Promise<void> {
  const r = ev.row;
  await tx.delete(reminders).where(and(eq(reminders.eventId, r.id), isNull(reminders.sentAt)));
  const until = new Date(now.getTime() + PLAN_HORIZON_MS);
  if (r.remind == null) {
    await eventsRepository.update(tx, r.id, { plannedUntil: until });
    return;
  }
  const from = now.getTime();
  const to = until.getTime() + r.remind * 60_000;
  const users = [...new Set([...ev.members, r.organiserId])];
  const rows: (typeof reminders.$inferInsert)[] = [];
  for (const x of expand(r, ev.overrides, from, to)) {
    if (x.start <= from) continue;
    const startAt = new Date(x.start);
    const dueAt = new Date(startAt.getTime() - r.remind * 60_000);
    for (const userId of users) {
      rows.push({ id: uuidv7(), clientId: r.clientId, eventId: r.id, occurrence: x.occurrence ?? '', userId, dueAt, startAt, minutes: r.remind });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(reminders)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: [reminders.eventId, reminders.occurrence, reminders.userId] });
  }
  await eventsRepository.update(tx, r.id, { plannedUntil: until });
}

/**
 * The durable reminder schedule of the calendar service (DESIGN §6 scheduled work). Every `intervalMs` it tops up
 * the schedule of events whose planned horizon runs short, then fires what is due: due rows are claimed with
 * `FOR UPDATE SKIP LOCKED` (so replicas share the work), and in one transaction each gets its
 * `evt.calendar.event.reminder` written to the outbox and its `sent_at` set — a crash before commit leaves the row
 * due for the next run, a commit means it was sent: exactly once per occurrence and member, across restarts.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private ticks = 0;

  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly log: Pick<Logger, 'warn' | 'debug'>,
    private readonly opts: { intervalMs?: number; batch?: number } = {},
  ) {}

  /** Starts the periodic work (and runs it once now). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs ?? 5000);
    this.timer.unref();
    this.kick();
  }

  /** Stops the periodic work and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private kick(): void {
    if (this.running) return;
    this.running = (async () => {
      try {
        if (this.ticks++ % 12 === 0) await this.plan();
        while ((await this.fire()) === (this.opts.batch ?? 100) && this.timer);
      } catch (err) {
        this.log.warn(`calendar reminders: ${(err as Error)?.message ?? String(err)}`);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /**
   * Tops up the schedule: events with reminders whose occurrences may start within the horizon and whose plan
   * ends within half of it. Output: the number of events planned.
   */
  async plan(now: Date = new Date()): Promise<number> {
    return this.db.asSystem('calendar reminders plan', async (tx) => {
      const res = await tx.execute(sql`
        SELECT * FROM calendar.events
        WHERE remind IS NOT NULL AND span_end > ${now.toISOString()}
          AND span_start < ${new Date(now.getTime() + PLAN_HORIZON_MS + MAX_REMIND_MIN * 60_000).toISOString()}
          AND (planned_until IS NULL OR planned_until < ${new Date(now.getTime() + PLAN_HORIZON_MS / 2).toISOString()})
        ORDER BY span_start LIMIT 500 FOR UPDATE SKIP LOCKED`);
      const ids = (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      for (const id of ids) {
        const ev = await eventsRepository.find(tx, id);
        if (ev) await planReminders(tx, ev, now);
      }
      return ids.length;
    });
  }

  /**
   * Fires one batch of due reminders (at most `batch`, default 100): one `evt.calendar.event.reminder` per row,
   * addressed to its member. Output: the number of rows claimed.
   */
  async fire(now: Date = new Date(), batch = this.opts.batch ?? 100): Promise<number> {
    return this.db.asSystem('calendar reminders fire', async (tx) => {
      const res = await tx.execute(sql`
        SELECT r.id, r.client_id, r.event_id, r.occurrence, r.user_id, r.start_at, r.minutes, e.name, e.tz
        FROM calendar.reminders r JOIN calendar.events e ON e.id = r.event_id
        WHERE r.sent_at IS NULL AND r.due_at <= ${now.toISOString()}
        ORDER BY r.due_at LIMIT ${batch} FOR UPDATE OF r SKIP LOCKED`);
      const rows = (res as unknown as { rows: DueRow[] }).rows;
      for (const r of rows) {
        const start = new Date(r.start_at);
        if (start.getTime() < now.getTime() - STALE_MS) continue;
        await this.outbox.add(tx, calendarEvents.reminder, r.client_id, {
          _id: r.event_id,
          occurrence: r.occurrence || null,
          name: r.name,
          start: start.toISOString(),
          tz: r.tz,
          minutes: r.minutes,
          userIds: [r.user_id],
        });
      }
      if (rows.length) {
        await tx.execute(
          sql`UPDATE calendar.reminders SET sent_at = ${now.toISOString()} WHERE id IN (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        );
        this.log.debug(`calendar reminders: ${rows.length} sent`);
      }
      return rows.length;
    });
  }
}

interface DueRow {
  id: string;
  client_id: string;
  event_id: string;
  occurrence: string;
  user_id: string;
  start_at: string | Date;
  minutes: number;
  name: string;
  tz: string;
}
