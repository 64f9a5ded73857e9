import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSchema, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the shop service (DESIGN §2). Every tenant table has client_id and the tenant policy. */
export const shopSchema = pgSchema('shop');

/** §3 shop settings: one row per client (absent: the §9 defaults). `auto`: the automatic accrual rules. */
export const settings = shopSchema
  .table(
    'settings',
    {
      clientId: uuid('client_id').primaryKey(),
      id: uuid('id').notNull(),
      name: text('name').notNull(),
      coinName: text('coin_name').notNull().default(''),
      coinShort: text('coin_short').notNull().default(''),
      icon: text('icon').notNull().default('USD'),
      description: text('description').notNull().default(''),
      pic: text('pic'),
      managers: uuid('managers')
        .array()
        .notNull()
        .default(sql`'{}'::uuid[]`),
      auto: jsonb('auto').notNull().default({}),
      yearsPeriod: integer('years_period').notNull().default(1),
      /** IANA zone of the client's day: birthdays and anniversaries accrue on the client's local date. */
      timeZone: text('time_zone').notNull().default('UTC'),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => [tenantPolicy()],
  )
  .enableRLS();

/** §3 item. `rest` null: unlimited stock. `rest >= 0` holds under any concurrency (a CHECK besides the conditional update). */
export const items = shopSchema
  .table(
    'items',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      description: text('description').notNull().default(''),
      cost: integer('cost').notNull(),
      startAmount: integer('start_amount'),
      amount: integer('amount'),
      rest: integer('rest'),
      pics: text('pics')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      sold: integer('sold').notNull().default(0),
      createdBy: uuid('created_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('items_client_created_idx').on(t.clientId, t.createdAt), check('items_rest_nonneg', sql`${t.rest} >= 0`), tenantPolicy()],
  )
  .enableRLS();

/**
 * Units of an unlimited item sold, counted in slots (a buy adds one to a random slot): an unlimited item's buyers
 * never queue on one row (issue 32: the item row's `sold` made every purchase of it wait for the previous commit).
 * An item's sold count is `items.sold` (its limited-stock sales, counted with `rest`) plus these slots.
 */
export const itemSales = shopSchema
  .table(
    'item_sales',
    {
      clientId: uuid('client_id').notNull(),
      itemId: uuid('item_id').notNull(),
      slot: smallint('slot').notNull(),
      sold: integer('sold').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.itemId, t.slot] }), tenantPolicy()],
  )
  .enableRLS();

/** §3 achievement. */
export const achievements = shopSchema
  .table(
    'achievements',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      pic: text('pic'),
      description: text('description').notNull().default(''),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('achievements_client_idx').on(t.clientId), tenantPolicy()],
  )
  .enableRLS();

/**
 * The ledger: every accrual, automatic accrual, purchase, cancellation and nullify is an entry (signed amount).
 * `cause`: the unique cause key of an automatic accrual (one per thank-you post, poll, idea, profile, birthday and
 * anniversary per year, years-of-service period), so a redelivered event or a second replica accrues nothing twice.
 */
export const entries = shopSchema
  .table(
    'entries',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      kind: text('kind').notNull(),
      amount: integer('amount').notNull(),
      achievementId: uuid('achievement_id'),
      itemId: uuid('item_id'),
      refId: uuid('ref_id'),
      cause: text('cause'),
      comment: text('comment').notNull().default(''),
      publish: boolean('publish').notNull().default(false),
      by: uuid('by'),
      cancelled: boolean('cancelled').notNull().default(false),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      index('entries_client_user_idx').on(t.clientId, t.userId, t.createdAt),
      index('entries_client_created_idx').on(t.clientId, t.createdAt),
      uniqueIndex('entries_cause_uq').on(t.clientId, t.cause),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** The balance per user: the sum of the user's entries, kept in the same transaction; never below 0 (CHECK). */
export const balances = shopSchema
  .table(
    'balances',
    {
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      amount: integer('amount').notNull().default(0),
      earned: integer('earned').notNull().default(0),
      spent: integer('spent').notNull().default(0),
    },
    (t) => [
      primaryKey({ columns: [t.clientId, t.userId] }),
      check('balances_nonneg', sql`${t.amount} >= 0`),
      index('balances_client_amount_idx').on(t.clientId, t.amount),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** people's users as the shop needs them (birthdays, anniversaries, years of service, the client's time zone is the client's). */
export const members = shopSchema
  .table(
    'members',
    {
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      birthDate: text('birth_date'),
      workingSince: text('working_since'),
      superadmin: boolean('superadmin').notNull().default(false),
      deleted: boolean('deleted').notNull().default(false),
    },
    (t) => [primaryKey({ columns: [t.clientId, t.userId] }), tenantPolicy()],
  )
  .enableRLS();

export type SettingsRow = typeof settings.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type AchievementRow = typeof achievements.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;
