import { bit, boolean, date, doublePrecision, index, integer, pgSchema, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the analytics service (DESIGN §2). Every table has client_id and the tenant policy. */
export const analyticsSchema = pgSchema('analytics');

/** §3 session reports: one row per reported session (user and client from the caller's session). */
export const sessions = analyticsSchema
  .table(
    'sessions',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
      endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    },
    (t) => [index('sessions_client_started_idx').on(t.clientId, t.startedAt), tenantPolicy()],
  )
  .enableRLS();

/** §3 module visits (tracked modules of §2). */
export const moduleVisits = analyticsSchema
  .table(
    'module_visits',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      moduleName: text('module_name').notNull(),
      at: timestamp('at', { withTimezone: true }).notNull(),
    },
    (t) => [index('module_visits_client_at_idx').on(t.clientId, t.at), tenantPolicy()],
  )
  .enableRLS();

/**
 * Daily rollup of `module_visits` (what the modules report reads, so it stays fast at 10,000,000 visits): per client,
 * UTC day and module, the visits and the distinct visitors of that day, spread over `MODULE_DAY_SLOTS` slot rows that
 * the report sums. Every beacon of a day updates the same module-day counters; one row each made concurrent reports
 * wait on its row lock until the other committed, a random slot per report lets them proceed side by side. Kept in the
 * report's transaction; rebuilt from `module_visits` by `AnalyticsRepository.rebuildRollups` (into slot 0).
 */
/** Slot rows per module-day counter (see `moduleDays`). */
export const MODULE_DAY_SLOTS = 8;

export const moduleDays = analyticsSchema
  .table(
    'module_days',
    {
      clientId: uuid('client_id').notNull(),
      day: date('day').notNull(),
      moduleName: text('module_name').notNull(),
      visits: integer('visits').notNull(),
      visitors: integer('visitors').notNull(),
      slot: smallint('slot').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.day, t.moduleName, t.slot] }), tenantPolicy()],
  )
  .enableRLS();

/** Who visited which module on which UTC day (one row each): decides whether a visit adds a visitor to `module_days`. */
export const moduleDayUsers = analyticsSchema
  .table(
    'module_day_users',
    {
      clientId: uuid('client_id').notNull(),
      day: date('day').notNull(),
      moduleName: text('module_name').notNull(),
      userId: uuid('user_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.day, t.moduleName, t.userId] }), tenantPolicy()],
  )
  .enableRLS();

/**
 * Daily rollup of `sessions` by the UTC day a session started: sessions, their minutes and the distinct users of the
 * day (the visitors report's by-day figures). Rebuilt from `sessions` by `AnalyticsRepository.rebuildRollups`.
 */
export const sessionDays = analyticsSchema
  .table(
    'session_days',
    {
      clientId: uuid('client_id').notNull(),
      day: date('day').notNull(),
      sessions: integer('sessions').notNull(),
      minutes: doublePrecision('minutes').notNull(),
      users: integer('users').notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.day] }), tenantPolicy()],
  )
  .enableRLS();

/** Who had a session on which UTC day (one row each): the period's distinct active users are counted here. */
export const sessionDayUsers = analyticsSchema
  .table(
    'session_day_users',
    {
      clientId: uuid('client_id').notNull(),
      day: date('day').notNull(),
      userId: uuid('user_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.day, t.userId] }), tenantPolicy()],
  )
  .enableRLS();

/**
 * Who had a session on which days of a year: one row per client, year and user, day-of-year n (1-366) is bit n - 1
 * of `days`. The period's distinct active users are the rows whose days meet the period's mask: one row a user
 * scanned, no DISTINCT over every user-day (the visitors report at 100,000 employees). Kept with
 * `session_day_users` in the report's transaction; rebuilt from it by `AnalyticsRepository.rebuildRollups`.
 */
export const sessionYearUsers = analyticsSchema
  .table(
    'session_year_users',
    {
      clientId: uuid('client_id').notNull(),
      year: smallint('year').notNull(),
      userId: uuid('user_id').notNull(),
      days: bit('days', { dimensions: 366 }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.year, t.userId] }), tenantPolicy()],
  )
  .enableRLS();

/**
 * Projection of people's users (evt.people.user.*): what turnover, demography, positions and departments count.
 * `deactivatedOn` is the dismissal day (the last working day, §9); null while active. Rebuildable from the stream.
 */
export const employees = analyticsSchema
  .table(
    'employees',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      department: text('department'),
      position: text('position'),
      birthDate: date('birth_date'),
      workingSince: date('working_since'),
      hiredOn: date('hired_on').notNull(),
      deactivatedOn: date('deactivated_on'),
      superadmin: boolean('superadmin').notNull().default(false),
      version: timestamp('version', { withTimezone: true }).notNull(),
    },
    (t) => [index('employees_client_idx').on(t.clientId), tenantPolicy()],
  )
  .enableRLS();

/** §3 mood rating: no user id and no time finer than the day; the department is copied for the statistics. */
export const moodRatings = analyticsSchema
  .table(
    'mood_ratings',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      department: text('department'),
      rating: smallint('rating').notNull(),
      day: date('day').notNull(),
    },
    (t) => [index('mood_ratings_client_day_idx').on(t.clientId, t.day), tenantPolicy()],
  )
  .enableRLS();

/** Who has answered in which analysis period (kept apart from the ratings: no rating, no day). */
export const moodAnswers = analyticsSchema
  .table(
    'mood_answers',
    {
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      periodStart: date('period_start').notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.userId, t.periodStart] }), tenantPolicy()],
  )
  .enableRLS();

/** §9 the client's mood analysis period: one or two weeks (no row: one week). */
export const moodSettings = analyticsSchema
  .table(
    'mood_settings',
    {
      clientId: uuid('client_id').primaryKey(),
      periodWeeks: smallint('period_weeks').notNull(),
    },
    () => [tenantPolicy()],
  )
  .enableRLS();

export type EmployeeRow = typeof employees.$inferSelect;

/**
 * Projection of shop events (evt.shop.accrual.made / accrual.cancelled / item.bought / balance.nullified): one row per
 * event (id = the event's id, so a redelivery or a replay adds nothing), its kind, coins and day. Rebuildable from the
 * stream. `userId` is null for a client-wide nullification.
 */
export const coinMovements = analyticsSchema
  .table(
    'coin_movements',
    {
      id: text('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id'),
      kind: text('kind', { enum: ['accrual', 'cancel', 'purchase', 'nullify'] }).notNull(),
      coins: doublePrecision('coins').notNull(),
      day: date('day').notNull(),
    },
    (t) => [index('coin_movements_client_day_idx').on(t.clientId, t.day), tenantPolicy()],
  )
  .enableRLS();

/**
 * Daily rollup of `coin_movements` (what the coins report reads, so it stays fast at millions of movements): per
 * client and day, the coins of each kind. Kept in the projection's transaction (only for a movement stored for the
 * first time, so a redelivery adds nothing); cleared and refilled by `ProjectionsRebuild`.
 */
export const coinDays = analyticsSchema
  .table(
    'coin_days',
    {
      clientId: uuid('client_id').notNull(),
      day: date('day').notNull(),
      accrual: doublePrecision('accrual').notNull().default(0),
      cancel: doublePrecision('cancel').notNull().default(0),
      purchase: doublePrecision('purchase').notNull().default(0),
      nullify: doublePrecision('nullify').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.day] }), tenantPolicy()],
  )
  .enableRLS();

/**
 * Projection of the adaptation domain's events (evt.adaptation.adaptation.started / finished / probation / removed and
 * evt.adaptation.step.reopened): one row per adaptation with its start, finish and probation days; a removed
 * adaptation is deleted, a reopened step clears the finish. What the adaptations report counts; rebuildable from the
 * stream.
 */
export const adaptations = analyticsSchema
  .table(
    'adaptations',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      startedOn: date('started_on').notNull(),
      finishedOn: date('finished_on'),
      probationOn: date('probation_on'),
    },
    (t) => [index('adaptations_client_started_idx').on(t.clientId, t.startedOn), tenantPolicy()],
  )
  .enableRLS();
