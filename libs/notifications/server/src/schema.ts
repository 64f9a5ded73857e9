import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the notifications service (DESIGN §2). Every table has client_id and the tenant policy. */
export const notificationsSchema = pgSchema('notifications');

/**
 * §3 Notification: one per recipient of a domain event. `dedup_key` (unique per client) is derived from what the
 * event is about and whom it is for (e.g. `social.mention:post:<id>:<user>`), so a replayed or redelivered event
 * never stores a second row (issue 10: at most one notification per recipient).
 */
export const notifications = notificationsSchema
  .table(
    'notifications',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      section: text('section').notNull(),
      type: text('type').notNull(),
      title: text('title').notNull(),
      text: text('text').notNull().default(''),
      link: text('link'),
      objectType: text('object_type'),
      objectId: text('object_id'),
      actorId: uuid('actor_id'),
      /** Values the web words the notification with in the reader's language (actor, object name). */
      data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
      read: boolean('read').notNull().default(false),
      dedupKey: text('dedup_key').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex('notifications_dedup_uq').on(t.clientId, t.dedupKey),
      index('notifications_user_created_idx').on(t.clientId, t.userId, t.createdAt),
      index('notifications_client_created_idx').on(t.clientId, t.createdAt),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** §4 unread count, kept incrementally per user and section (the bell sums the sections). */
export const unread = notificationsSchema
  .table(
    'unread',
    {
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      section: text('section').notNull(),
      count: integer('count').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.userId, t.section] }), tenantPolicy()],
  )
  .enableRLS();

/**
 * §7 Users (notifications settings): a user's section × channel switches; `user_id` null holds the client's
 * defaults for employees who set nothing. Only explicit choices are stored; the rest come from the defaults.
 */
export const settings = notificationsSchema
  .table(
    'settings',
    {
      clientId: uuid('client_id').notNull(),
      /** The user, or the all-zero id for the client's defaults. */
      userId: uuid('user_id').notNull(),
      matrix: jsonb('matrix').$type<Record<string, Record<string, boolean>>>().notNull(),
      /** The client's incoming webhooks (defaults row only): Slack and MS Teams channels the notifications go to. */
      webhooks: jsonb('webhooks').$type<{ slack?: string | null; teams?: string | null }>().notNull().default({}),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.userId] }), tenantPolicy()],
  )
  .enableRLS();

/** §3 Template: code, name, title, short body, full body, variables, channel — per language. */
export const templates = notificationsSchema
  .table(
    'templates',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      code: text('code').notNull(),
      lang: text('lang').notNull(),
      channel: text('channel').notNull(),
      name: text('name').notNull(),
      title: text('title').notNull().default(''),
      short: text('short').notNull().default(''),
      full: text('full').notNull().default(''),
      variables: jsonb('variables').$type<string[]>().notNull().default([]),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [uniqueIndex('templates_code_uq').on(t.clientId, t.code, t.lang, t.channel), tenantPolicy()],
  )
  .enableRLS();

/**
 * External sends (e-mail; later Telegram, Teams, Slack): one row per notification and channel (unique), retried
 * with back-off by the delivery worker until sent or given up — a failing channel never fails the event (§8).
 */
export const deliveries = notificationsSchema
  .table(
    'deliveries',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      notificationId: uuid('notification_id')
        .notNull()
        .references(() => notifications.id, { onDelete: 'cascade' }),
      channel: text('channel').notNull(),
      /** Where it goes (an e-mail address, a webhook URL). */
      target: text('target').notNull(),
      /** The recipient's language: the template of the notification's type in it words the message. */
      lang: text('lang').notNull().default('ru'),
      /** The recipient's name (a shared Slack or Teams channel names whom it is for). */
      recipient: text('recipient').notNull().default(''),
      status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
      attempts: integer('attempts').notNull().default(0),
      dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
      lastError: text('last_error'),
      /** Stable code of the last error (`http_500`, `smtp_451`, `timeout`, `webhookUrlRefused`, `network`, ...). */
      lastCode: text('last_code'),
      /** When this send first failed (the failing-channel report's "since"). */
      firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
      sentAt: timestamp('sent_at', { withTimezone: true }),
    },
    (t) => [
      uniqueIndex('deliveries_notification_channel_uq').on(t.notificationId, t.channel),
      index('deliveries_due_idx').on(t.status, t.dueAt),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/**
 * §3 mailing, §4 Mailing: a workspace's scheduled job (`action` on the cron `schedule`), one per action. `active`
 * is the job's wanted state; every replica's scheduler runs the active ones (reloaded at boot).
 */
export const mailings = notificationsSchema
  .table(
    'mailings',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      workspace: text('workspace').notNull(),
      action: text('action').notNull(),
      active: boolean('active').notNull().default(false),
      schedule: text('schedule').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [uniqueIndex('mailings_action_uq').on(t.clientId, t.action), tenantPolicy()],
  )
  .enableRLS();

/**
 * One row per mailing and slot (the cron time it was due): the replica that inserts it runs the slot, the others'
 * insert does nothing — a slot runs once however many replicas schedule it.
 */
export const mailingRuns = notificationsSchema
  .table(
    'mailing_runs',
    {
      clientId: uuid('client_id').notNull(),
      mailingId: uuid('mailing_id')
        .notNull()
        .references(() => mailings.id, { onDelete: 'cascade' }),
      slot: timestamp('slot', { withTimezone: true }).notNull(),
      /** Which process ran it (host:pid:instance), for the record. */
      runner: text('runner').notNull(),
      startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
      /** What the run did (e.g. `{ sent: 12 }`) or its error. */
      result: jsonb('result').$type<Record<string, unknown>>(),
    },
    (t) => [primaryKey({ columns: [t.mailingId, t.slot] }), tenantPolicy()],
  )
  .enableRLS();

/** §3 Client Telegram channel: the client's bot (token, never answered to the web) and its channel (a chat id or @name). */
export const telegramBots = notificationsSchema
  .table(
    'telegram_bots',
    {
      clientId: uuid('client_id').primaryKey(),
      token: text('token'),
      channel: text('channel'),
      /** The Bot API getUpdates offset already read (linking codes). */
      updateOffset: integer('update_offset').notNull().default(0),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => [tenantPolicy()],
  )
  .enableRLS();

/** A user's linked Telegram chat (the Telegram channel of §1 goes there). */
export const telegramLinks = notificationsSchema
  .table(
    'telegram_links',
    {
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      chatId: text('chat_id').notNull(),
      linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.userId] }), tenantPolicy()],
  )
  .enableRLS();

/** One-time linking codes: a user sends the code to the bot; valid until `expires_at`, deleted when used. */
export const telegramCodes = notificationsSchema
  .table(
    'telegram_codes',
    {
      clientId: uuid('client_id').notNull(),
      code: text('code').notNull(),
      userId: uuid('user_id').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.code] }), index('telegram_codes_user_idx').on(t.clientId, t.userId), tenantPolicy()],
  )
  .enableRLS();
