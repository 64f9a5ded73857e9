import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { eventMembers, events, feeds, overrides, reminders, type EventRow, type OverrideRow } from './schema.ts';

/** An event row with its members and overrides (what expansion and presentation need). */
export interface FullEvent {
  row: EventRow;
  members: string[];
  overrides: OverrideRow[];
}

/**
 * SQL of the calendar's events (repositories own SQL); every call runs inside the caller's tenant transaction
 * (db.inTenant), so row-level security keeps other clients' rows out even without a where.
 */
@Injectable()
export class EventsRepository {
  /** One event with its members and overrides; `lock` takes a row lock for a change. */
  async find(tx: Tx, id: string, lock = false): Promise<FullEvent | undefined> {
    const q = tx.select().from(events).where(eq(events.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) return undefined;
    const [full] = await this.complete(tx, [row]);
    return full;
  }

  /** Members and overrides of rows (two queries for any number of rows). */
  async complete(tx: Tx, rows: EventRow[]): Promise<FullEvent[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const ms = await tx.select({ eventId: eventMembers.eventId, userId: eventMembers.userId }).from(eventMembers).where(inArray(eventMembers.eventId, ids));
    const os = await tx.select().from(overrides).where(inArray(overrides.eventId, ids));
    const mBy = new Map<string, string[]>();
    for (const m of ms) mBy.set(m.eventId, [...(mBy.get(m.eventId) ?? []), m.userId]);
    const oBy = new Map<string, OverrideRow[]>();
    for (const o of os) oBy.set(o.eventId, [...(oBy.get(o.eventId) ?? []), o]);
    return rows.map((row) => ({ row, members: (mBy.get(row.id) ?? []).sort(), overrides: oBy.get(row.id) ?? [] }));
  }

  /**
   * The events `userId` organises or is a member of, as one id set (a union the planner drives from the two indexes
   * on user and organiser, rather than a per-event check over the range).
   */
  involving(userId: string): SQL {
    // Row-level security adds each table's client_id condition, so the (client_id, user|organiser) indexes serve both.
    return sql`${events.id} IN (SELECT m.event_id FROM ${eventMembers} m WHERE m.user_id = ${userId}
      UNION ALL SELECT o.id FROM ${events} o WHERE o.organiser_id = ${userId})`;
  }

  /**
   * Events whose span overlaps the instants [from, to): every one of the client (`of` null: an administrator's
   * view) or those `of` organises or is a member of.
   */
  async inRange(tx: Tx, from: Date, to: Date, of: string | null): Promise<FullEvent[]> {
    const conds: SQL[] = [lt(events.spanStart, to), gt(events.spanEnd, from)];
    if (of) conds.push(this.involving(of));
    const rows = await tx
      .select()
      .from(events)
      .where(and(...conds))
      .orderBy(events.spanStart);
    return this.complete(tx, rows);
  }

  /** Every event `userId` organises or is a member of (the .ics feed). */
  async ofUser(tx: Tx, userId: string, limit = 5000): Promise<FullEvent[]> {
    const rows = await tx.select().from(events).where(this.involving(userId)).orderBy(events.spanStart).limit(limit);
    return this.complete(tx, rows);
  }

  async insert(tx: Tx, row: typeof events.$inferInsert, members: string[]): Promise<void> {
    await tx.insert(events).values(row);
    await this.setMembers(tx, row.id, row.clientId, members);
  }

  async update(tx: Tx, id: string, set: Partial<typeof events.$inferInsert>): Promise<void> {
    await tx
      .update(events)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(events.id, id));
  }

  /** Replaces an event's members. */
  async setMembers(tx: Tx, eventId: string, clientId: string, members: string[]): Promise<void> {
    await tx.delete(eventMembers).where(eq(eventMembers.eventId, eventId));
    const unique = [...new Set(members)];
    if (unique.length) await tx.insert(eventMembers).values(unique.map((userId) => ({ eventId, userId, clientId })));
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(events).where(eq(events.id, id));
  }

  /** Creates or replaces the override of one occurrence. */
  async upsertOverride(tx: Tx, o: typeof overrides.$inferInsert): Promise<void> {
    const { eventId: _e, recurrenceId: _r, clientId: _c, ...set } = o;
    await tx
      .insert(overrides)
      .values(o)
      .onConflictDoUpdate({ target: [overrides.eventId, overrides.recurrenceId], set });
  }

  /** Drops overrides of an event (all, or those whose RECURRENCE-ID is not kept). */
  async dropOverrides(tx: Tx, eventId: string, keep?: (rid: string) => boolean): Promise<void> {
    if (!keep) {
      await tx.delete(overrides).where(eq(overrides.eventId, eventId));
      return;
    }
    const rows = await tx.select({ rid: overrides.recurrenceId }).from(overrides).where(eq(overrides.eventId, eventId));
    const drop = rows.map((r) => r.rid).filter((rid) => !keep(rid));
    if (drop.length) await tx.delete(overrides).where(and(eq(overrides.eventId, eventId), inArray(overrides.recurrenceId, drop)));
  }
}

/** The per-user .ics feed tokens. */
@Injectable()
export class FeedsRepository {
  async get(tx: Tx, userId: string): Promise<{ token: string } | undefined> {
    const [row] = await tx.select({ token: feeds.token }).from(feeds).where(eq(feeds.userId, userId));
    return row;
  }
  async set(tx: Tx, userId: string, clientId: string, token: string): Promise<void> {
    await tx
      .insert(feeds)
      .values({ userId, clientId, token })
      .onConflictDoUpdate({ target: feeds.userId, set: { token, createdAt: new Date() } });
  }
  async revoke(tx: Tx, userId: string): Promise<boolean> {
    return (await tx.delete(feeds).where(eq(feeds.userId, userId)).returning({ u: feeds.userId })).length > 0;
  }
  /** The owner of a token in any client (run as system: the feed call has no tenant yet). */
  async byToken(tx: Tx, token: string): Promise<{ userId: string; clientId: string } | undefined> {
    const [row] = await tx.select({ userId: feeds.userId, clientId: feeds.clientId }).from(feeds).where(eq(feeds.token, token));
    return row;
  }
}

/** A reminder as sent: one occurrence (RECURRENCE-ID, '' for a single event) of one event to one user. */
export interface SentReminder {
  clientId: string;
  eventId: string;
  occurrence: string;
  userId: string;
  dueAt: Date;
  startAt: Date;
  minutes: number;
}

/** The reminders' record of what was sent (the unique cause of each reminder) and the planner's sweep. */
@Injectable()
export class RemindersRepository {
  /**
   * Records a reminder as sent, in the caller's transaction. Output: false when this occurrence and user were
   * already reminded (the unique (event, occurrence, user) key), so a retried or duplicated job sends nothing.
   * A row left unsent by the former scheduler is taken over.
   */
  async markSent(tx: Tx, r: SentReminder, now: Date): Promise<boolean> {
    const rows = await tx
      .insert(reminders)
      .values({ id: uuidv7(), ...r, sentAt: now })
      .onConflictDoUpdate({
        target: [reminders.eventId, reminders.occurrence, reminders.userId],
        set: { sentAt: now, dueAt: r.dueAt, startAt: r.startAt, minutes: r.minutes },
        where: sql`${reminders.sentAt} IS NULL`,
      })
      .returning({ id: reminders.id });
    return rows.length > 0;
  }

  /**
   * Ids of events (any client: run as system) with reminders whose occurrences may start before `startsBefore`
   * and whose plan ends before `plannedBefore`, locked for this planner (`SKIP LOCKED`: replicas share the sweep).
   */
  async dueForPlanning(tx: Tx, now: Date, startsBefore: Date, plannedBefore: Date, limit = 500): Promise<string[]> {
    const rows = await tx
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          sql`${events.remind} IS NOT NULL`,
          gt(events.spanEnd, now),
          lt(events.spanStart, startsBefore),
          sql`(${events.plannedUntil} IS NULL OR ${events.plannedUntil} < ${plannedBefore.toISOString()})`,
        ),
      )
      .orderBy(events.spanStart)
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  }
}
