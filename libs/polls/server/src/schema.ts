import type { Grant } from '@intranet/kb-contract';
import type { Question } from '@intranet/polls-contract';
import { date, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the polls service (DESIGN §2). Every table has client_id and the tenant policy (§5). */
export const pollsSchema = pgSchema('polls');

/** §3 Poll: questions as JSONB (their ids are stable across edits), recipients as the kb grants. */
export const polls = pollsSchema
  .table(
    'polls',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      description: text('description'),
      type: text('type').$type<'opened' | 'closed' | 'anonymous'>().notNull(),
      questions: jsonb('questions').$type<Question[]>().notNull(),
      grants: jsonb('grants').$type<Grant[]>().notNull().default([]),
      status: text('status').$type<'active' | 'finished'>().notNull().default('active'),
      endDate: date('end_date', { mode: 'string' }),
      authorId: uuid('author_id'),
      recipientsCount: integer('recipients_count').notNull().default(0),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
    },
    (t) => [index('polls_client_created_idx').on(t.clientId, t.createdAt), index('polls_client_author_idx').on(t.clientId, t.authorId), tenantPolicy()],
  )
  .enableRLS();

/**
 * The recipients a poll was sent to, resolved from its grants through people when it is published (or re-targeted
 * before the first answer): the /polls lists and the not-passed tab read them.
 */
export const recipients = pollsSchema
  .table(
    'recipients',
    {
      clientId: uuid('client_id').notNull(),
      pollId: uuid('poll_id')
        .notNull()
        .references(() => polls.id, { onDelete: 'cascade' }),
      userId: uuid('user_id').notNull(),
      name: text('name').notNull().default(''),
      department: text('department'),
    },
    (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('recipients_user_idx').on(t.clientId, t.userId), tenantPolicy()],
  )
  .enableRLS();

/**
 * "Who has passed": a set of (poll, user) with no time and no link to any answer row (§6 anonymous). One row per
 * person and poll: the primary key is what refuses a second answer.
 */
export const passed = pollsSchema
  .table(
    'passed',
    {
      clientId: uuid('client_id').notNull(),
      pollId: uuid('poll_id')
        .notNull()
        .references(() => polls.id, { onDelete: 'cascade' }),
      userId: uuid('user_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('passed_user_idx').on(t.clientId, t.userId), tenantPolicy()],
  )
  .enableRLS();

/**
 * One submitted answer sheet. The key is a random UUID (v4: no time in it) and rows are read in key order, so
 * their order tells nothing of who answered when. Anonymous polls: `user_id` is null and `day` is the only time
 * (UTC date). Personal polls: `user_id` and `answered_at` are kept.
 */
export const answers = pollsSchema
  .table(
    'answers',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      pollId: uuid('poll_id')
        .notNull()
        .references(() => polls.id, { onDelete: 'cascade' }),
      userId: uuid('user_id'),
      day: date('day', { mode: 'string' }).notNull(),
      answeredAt: timestamp('answered_at', { withTimezone: true }),
      /** question id → string (short/long), number (range), option id (single) or option ids (multiple). */
      values: jsonb('values').$type<Record<string, string | number | string[]>>().notNull(),
    },
    (t) => [index('answers_poll_idx').on(t.pollId, t.id), index('answers_poll_user_idx').on(t.pollId, t.userId), tenantPolicy()],
  )
  .enableRLS();

export type PollRow = typeof polls.$inferSelect;
export type AnswerRowDb = typeof answers.$inferSelect;
