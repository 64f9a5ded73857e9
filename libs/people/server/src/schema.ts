import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the people service (DESIGN §2). */
export const peopleSchema = pgSchema('people');

/** §3 User. `client_id` is null only for the superadmin. Feature rights live in `roles` beside admin/employee. */
export const users = peopleSchema.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lang: text('lang').notNull().default('ru'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    email: text('email').notNull(),
    login: text('login'),
    passwordHash: text('password_hash'),
    phone: text('phone'),
    internalPhone: text('internal_phone'),
    position: text('position'),
    department: text('department'),
    cabinet: text('cabinet'),
    city: text('city'),
    gender: text('gender').notNull().default('not_selected'),
    birthDate: date('birth_date', { mode: 'string' }),
    workingSince: date('working_since', { mode: 'string' }),
    inn: text('inn'),
    kpp: text('kpp'),
    organisation: text('organisation'),
    about: text('about'),
    avatar: text('avatar'),
    avatarBig: text('avatar_big'),
    cover: text('cover'),
    social: jsonb('social').$type<Record<string, string>>().notNull().default({}),
    chiefCode: text('chief_code'),
    pinnedNum: integer('pinned_num'),
    deletionMark: boolean('deletion_mark').notNull().default(false),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_client_email_uq').on(t.clientId, sql`lower(${t.email})`),
    uniqueIndex('users_client_login_uq')
      .on(t.clientId, sql`lower(${t.login})`)
      .where(sql`${t.login} IS NOT NULL`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_login_idx').on(sql`lower(${t.login})`),
    index('users_client_name_idx').on(t.clientId, t.lastName, t.firstName),
    tenantPolicy(),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** A signed-in session: the token's `sid`. Revoked on logout, checked by the gateway on every request. */
export const sessions = peopleSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), tenantPolicy()],
);

/** Single-use password reset tokens; only the SHA-256 of the token is stored. */
export const passwordResets = peopleSchema.table(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);

/**
 * Shared sign-in attempt counters (README "Auth"): one row per rate-limit key (`<limit>:<account hash or
 * address>`), in the shape rate-limiter-flexible's RateLimiterDrizzle reads and writes. Not tenant-scoped:
 * sign-in is counted before any tenant is known, so the table has no client_id and no row-level security.
 */
export const signInAttempts = peopleSchema.table('sign_in_attempts', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
