import { sql } from 'drizzle-orm';
import { index, integer, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the calendar service (DESIGN §2). */
export const calendarSchema = pgSchema('calendar');

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * §3 Event: a single event or a series. A series stores its RFC 5545 RRULE (`rrule`, e.g.
 * `FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;COUNT=10`) and EXDATEs (`exdates`, the cancelled occurrences' dates); the
 * date and times are wall-clock in `tz` (DTSTART;TZID). `span_start`/`span_end` bound every occurrence (moved ones
 * included) so a range read finds the candidates by index; `planned_until` is how far reminders are scheduled.
 * `series_id` links the parts of a series split by "this and following" (the first part's id).
 */
export const events = calendarSchema
  .table(
    'events',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      seriesId: uuid('series_id'),
      name: text('name').notNull(),
      description: text('description').notNull().default(''),
      color: text('color').notNull(),
      link: text('link').notNull().default(''),
      organiserId: uuid('organiser_id').notNull(),
      tz: text('tz').notNull(),
      date: text('date').notNull(),
      startTime: text('start_time').notNull(),
      endTime: text('end_time').notNull(),
      remind: integer('remind'),
      rrule: text('rrule'),
      exdates: text('exdates')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      spanStart: ts('span_start').notNull(),
      spanEnd: ts('span_end').notNull(),
      plannedUntil: ts('planned_until'),
      createdAt: ts('created_at').notNull().defaultNow(),
      updatedAt: ts('updated_at').notNull().defaultNow(),
    },
    (t) => [
      index('events_client_span_idx').on(t.clientId, t.spanEnd, t.spanStart),
      index('events_organiser_idx').on(t.clientId, t.organiserId),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** Members of an event (§3 members): who sees it and is invited and reminded. */
export const eventMembers = calendarSchema
  .table(
    'event_members',
    {
      eventId: uuid('event_id')
        .notNull()
        .references(() => events.id, { onDelete: 'cascade' }),
      userId: uuid('user_id').notNull(),
      clientId: uuid('client_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_members_user_idx').on(t.clientId, t.userId), tenantPolicy()],
  )
  .enableRLS();

/**
 * One occurrence changed on its own (RFC 5545 RECURRENCE-ID): `recurrence_id` is the date it has in the series; the
 * new date and times always, and the texts only where they differ from the series (null: the series' value).
 */
export const overrides = calendarSchema
  .table(
    'overrides',
    {
      eventId: uuid('event_id')
        .notNull()
        .references(() => events.id, { onDelete: 'cascade' }),
      recurrenceId: text('recurrence_id').notNull(),
      clientId: uuid('client_id').notNull(),
      date: text('date').notNull(),
      startTime: text('start_time').notNull(),
      endTime: text('end_time').notNull(),
      name: text('name'),
      description: text('description'),
      color: text('color'),
      link: text('link'),
    },
    (t) => [primaryKey({ columns: [t.eventId, t.recurrenceId] }), tenantPolicy()],
  )
  .enableRLS();

/**
 * The durable reminder schedule (DESIGN §6 scheduled work): one row per occurrence and member, due `remind`
 * minutes before its start. The scheduler claims due rows with FOR UPDATE SKIP LOCKED, writes the reminder event to
 * the outbox and sets `sent_at` in one transaction, so each fires exactly once, across restarts and replicas.
 * `occurrence` is the RECURRENCE-ID ('' for a single event).
 */
export const reminders = calendarSchema
  .table(
    'reminders',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      eventId: uuid('event_id')
        .notNull()
        .references(() => events.id, { onDelete: 'cascade' }),
      occurrence: text('occurrence').notNull(),
      userId: uuid('user_id').notNull(),
      dueAt: ts('due_at').notNull(),
      startAt: ts('start_at').notNull(),
      minutes: integer('minutes').notNull(),
      sentAt: ts('sent_at'),
    },
    (t) => [
      uniqueIndex('reminders_once_idx').on(t.eventId, t.occurrence, t.userId),
      index('reminders_due_idx')
        .on(t.dueAt)
        .where(sql`sent_at IS NULL`),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** A user's private .ics feed (revocable): its secret token (random 32 bytes, base64url), shown again to its owner. */
export const feeds = calendarSchema
  .table(
    'feeds',
    {
      userId: uuid('user_id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      token: text('token').notNull(),
      createdAt: ts('created_at').notNull().defaultNow(),
    },
    (t) => [uniqueIndex('feeds_token_idx').on(t.token), tenantPolicy()],
  )
  .enableRLS();

export type EventRow = typeof events.$inferSelect;
export type OverrideRow = typeof overrides.$inferSelect;
