import { boolean, date, foreignKey, index, integer, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the adaptation service (DESIGN §2). */
export const adaptationSchema = pgSchema('adaptation');

/** §3 settings per client: the time zone and hour steps open at, the probation length. */
export const settings = adaptationSchema
  .table(
    'settings',
    {
      clientId: uuid('client_id').primaryKey(),
      id: uuid('id').notNull(),
      timeZone: text('time_zone').notNull().default('UTC'),
      openHour: integer('open_hour').notNull().default(9),
      probationDays: integer('probation_days').notNull().default(90),
    },
    () => [tenantPolicy()],
  )
  .enableRLS();

/** §3 Adaptation track: `active` is §4 running (start/stop). */
export const tracks = adaptationSchema
  .table(
    'tracks',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      description: text('description').notNull().default(''),
      active: boolean('active').notNull().default(false),
      createdBy: uuid('created_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('tracks_client_created_idx').on(t.clientId, t.createdAt), tenantPolicy()],
  )
  .enableRLS();

/** A stage of a track, in order. */
export const stages = adaptationSchema
  .table(
    'stages',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      trackId: uuid('track_id')
        .notNull()
        .references(() => tracks.id, { onDelete: 'cascade' }),
      name: text('name').notNull(),
      ord: integer('ord').notNull(),
    },
    (t) => [index('stages_track_idx').on(t.trackId, t.ord), tenantPolicy()],
  )
  .enableRLS();

/**
 * A step of a stage in one scenario (the role who finishes it): task, reward (coins), article, link, poll or course;
 * opens `days` after the start; `problem` is the code of a §4 track error (its poll, article or course was deleted).
 */
export const steps = adaptationSchema
  .table(
    'steps',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      trackId: uuid('track_id')
        .notNull()
        .references(() => tracks.id, { onDelete: 'cascade' }),
      stageId: uuid('stage_id')
        .notNull()
        .references(() => stages.id, { onDelete: 'cascade' }),
      scenario: text('scenario').notNull(),
      type: text('type').notNull(),
      name: text('name').notNull(),
      description: text('description').notNull().default(''),
      days: integer('days').notNull().default(0),
      ord: integer('ord').notNull(),
      coins: integer('coins'),
      articleId: uuid('article_id'),
      linkTitle: text('link_title'),
      url: text('url'),
      pollId: uuid('poll_id'),
      courseId: uuid('course_id'),
      notify: text('notify').array().notNull(),
      problem: text('problem'),
    },
    (t) => [
      index('steps_track_idx').on(t.trackId, t.ord),
      index('steps_poll_idx').on(t.clientId, t.pollId),
      index('steps_article_idx').on(t.clientId, t.articleId),
      index('steps_course_idx').on(t.clientId, t.courseId),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** An adaptation: a newcomer on a track with the start date, mentor, HR and chief; state active, finished, passed. */
export const adaptations = adaptationSchema
  .table(
    'adaptations',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      trackId: uuid('track_id')
        .notNull()
        .references(() => tracks.id),
      userId: uuid('user_id').notNull(),
      mentorId: uuid('mentor_id').notNull(),
      hrId: uuid('hr_id'),
      chiefId: uuid('chief_id'),
      startDate: date('start_date').notNull(),
      state: text('state').notNull().default('active'),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
      passedAt: timestamp('passed_at', { withTimezone: true }),
      createdBy: uuid('created_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      // §5 an employee is not added twice to a track.
      uniqueIndex('adaptations_track_user_uq').on(t.trackId, t.userId),
      index('adaptations_user_idx').on(t.clientId, t.userId),
      index('adaptations_mentor_idx').on(t.clientId, t.mentorId),
      index('adaptations_hr_idx').on(t.clientId, t.hrId),
      index('adaptations_chief_idx').on(t.clientId, t.chiefId),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** §3 user_progress: one row per adaptation and step — pending until its day, open, done. */
export const progress = adaptationSchema
  .table(
    'progress',
    {
      clientId: uuid('client_id').notNull(),
      adaptationId: uuid('adaptation_id').notNull(),
      stepId: uuid('step_id').notNull(),
      status: text('status').notNull().default('pending'),
      opensOn: date('opens_on').notNull(),
      openedAt: timestamp('opened_at', { withTimezone: true }),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
      finishedBy: uuid('finished_by'),
    },
    (t) => [
      primaryKey({ columns: [t.adaptationId, t.stepId] }),
      foreignKey({ columns: [t.adaptationId], foreignColumns: [adaptations.id] }).onDelete('cascade'),
      foreignKey({ columns: [t.stepId], foreignColumns: [steps.id] }).onDelete('cascade'),
      index('progress_step_idx').on(t.stepId, t.status),
      index('progress_due_idx').on(t.status, t.opensOn),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/**
 * The articles, polls and courses of the client that steps may point to: a projection of kb's, polls' and learning's
 * events (created/published → live, deleted → `deleted`), so a step naming another client's or an unknown object is
 * refused without asking those services. `version`: the newest event applied (an older one never overwrites).
 */
export const refs = adaptationSchema
  .table(
    'refs',
    {
      kind: text('kind').notNull(),
      id: uuid('id').notNull(),
      clientId: uuid('client_id').notNull(),
      deleted: boolean('deleted').notNull().default(false),
      version: timestamp('version', { withTimezone: true }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.kind, t.id] }), tenantPolicy()],
  )
  .enableRLS();

export type TrackRow = typeof tracks.$inferSelect;
export type StageRow = typeof stages.$inferSelect;
export type StepRow = typeof steps.$inferSelect;
export type AdaptationRow = typeof adaptations.$inferSelect;
export type ProgressRow = typeof progress.$inferSelect;
export type SettingsRow = typeof settings.$inferSelect;
