import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** §3 googleImage: the picture of the Google identity last used to sign in (shown where no avatar; issue 37). */
    googleImage: text('google_image'),
    social: jsonb('social').$type<Record<string, string>>().notNull().default({}),
    chiefCode: text('chief_code'),
    /** §3 vacation days remainder, calendar days (Labour Code art. 115: 28 a year by default). */
    vacationDays: integer('vacation_days').notNull().default(28),
    /** Tab number in the HR system (1C:ZUP Catalog_Сотрудники.Code): the key of load_hrm (issue 12). */
    hrCode: text('hr_code'),
    pinnedNum: integer('pinned_num'),
    deletionMark: boolean('deletion_mark').notNull().default(false),
    /** The day the user was deactivated (deleted): their last working day (§9 turnover); null while not deleted. */
    deactivatedOn: date('deactivated_on', { mode: 'string' }),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the address book's search reads (issue 19): the searched fields lower-cased in one text, so a word costs one
     * LIKE per row instead of nine lower() and LIKE (no index can serve a LIKE under row-level security: it is not
     * leakproof). Spaces between the fields: a search word has none, so it never matches across two of them.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(middle_name, '') || ' ' || email || ' ' || coalesce(login, '') || ' ' || coalesce(position, '') || ' ' || coalesce(department, '') || ' ' || coalesce(city, '') || ' ' || coalesce(phone, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_client_email_uq').on(t.clientId, sql`lower(${t.email})`),
    uniqueIndex('users_client_login_uq')
      .on(t.clientId, sql`lower(${t.login})`)
      .where(sql`${t.login} IS NOT NULL`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_login_idx').on(sql`lower(${t.login})`),
    index('users_client_name_idx').on(t.clientId, t.lastName, t.firstName),
    uniqueIndex('users_client_hr_code_uq')
      .on(t.clientId, t.hrCode)
      .where(sql`${t.hrCode} IS NOT NULL`),
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

/** The identity providers of single sign-on (issue 37): Microsoft (§7 api/outlook/login) and Google. */
export const SSO_PROVIDERS = ['microsoft', 'google'] as const;

/**
 * A client's OpenID Connect provider settings (issue 37): the issuer, the application's client id and its secret
 * sealed like the HR-system password (sealSecret, aad = client id + provider), the Microsoft tenant or Google hosted
 * domain the identity must belong to, and whether an unknown verified e-mail may create an employee.
 */
export const ssoProviders = peopleSchema.table(
  'sso_providers',
  {
    clientId: uuid('client_id').notNull(),
    provider: text('provider', { enum: SSO_PROVIDERS }).notNull(),
    issuer: text('issuer').notNull(),
    oauthClientId: text('oauth_client_id').notNull(),
    secretSealed: text('secret_sealed'),
    domain: text('domain'),
    allowCreate: boolean('allow_create').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.provider] }), tenantPolicy()],
);
export type SsoProviderRow = typeof ssoProviders.$inferSelect;

/**
 * A started OpenID Connect sign-in (issue 37): the SHA-256 of its `state`, the PKCE verifier and the nonce, used
 * once by the callback and valid ten minutes.
 */
export const ssoRequests = peopleSchema.table(
  'sso_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    clientId: uuid('client_id').notNull(),
    provider: text('provider', { enum: SSO_PROVIDERS }).notNull(),
    verifier: text('verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  () => [tenantPolicy()],
);

/** §3 Department kinds (§2 /structure_new: adm, org, func, project). */
export const DEPARTMENT_KINDS = ['adm', 'org', 'func', 'project'] as const;

/**
 * §3 Department: one node of a client's structure of one kind. The tree is kept as a materialised path
 * (`path` = '/<root id>/…/<own id>/'), so a subtree is one indexed range read (`path LIKE '<prefix>%'` on the
 * text_pattern_ops index) on PostgreSQL 15 and PGlite alike; a move rewrites the subtree's paths in one UPDATE.
 * One root (no parent) per client and kind.
 */
export const departments = peopleSchema.table(
  'departments',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    kind: text('kind', { enum: DEPARTMENT_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    parentId: uuid('parent_id'),
    path: text('path').notNull(),
    /** The HR system's key of the department it was loaded from (1C:ZUP Ref_Key), null for ones made here. */
    hrRef: text('hr_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('departments_client_kind_path_idx').on(t.clientId, t.kind, sql`${t.path} text_pattern_ops`),
    uniqueIndex('departments_one_root_uq')
      .on(t.clientId, t.kind)
      .where(sql`${t.parentId} IS NULL`),
    uniqueIndex('departments_hr_ref_uq')
      .on(t.clientId, t.kind, t.hrRef)
      .where(sql`${t.hrRef} IS NOT NULL`),
    tenantPolicy(),
  ],
);
export type DepartmentRow = typeof departments.$inferSelect;

/**
 * §3 Department-user record, one row per (department, employee); `is_head` marks the department's head
 * (at most one per department: a partial unique index).
 */
export const deptUsers = peopleSchema.table(
  'dept_users',
  {
    deptId: uuid('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    isHead: boolean('is_head').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deptId, t.userId] }),
    index('dept_users_user_idx').on(t.userId),
    index('dept_users_client_idx').on(t.clientId),
    uniqueIndex('dept_users_one_head_uq')
      .on(t.deptId)
      .where(sql`${t.isHead}`),
    tenantPolicy(),
  ],
);

/**
 * §3 Vacation: `start`..`end` inclusive (calendar days); `planned` until a manager with `vacations_edit` approves
 * it (planned = false). `days` is what was taken from the employee's remainder (restored on deletion).
 */
export const vacations = peopleSchema.table(
  'vacations',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    planned: boolean('planned').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vacations_user_start_idx').on(t.userId, t.start), index('vacations_client_start_idx').on(t.clientId, t.start), tenantPolicy()],
);
export type VacationRow = typeof vacations.$inferSelect;

/**
 * §3 project (creatorId, participants): a team that backs the structure's "project" kind (`dept_id`: a department
 * of kind 'project', optional).
 */
export const projects = peopleSchema.table(
  'projects',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    creatorId: uuid('creator_id'),
    deptId: uuid('dept_id').references(() => departments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_client_name_idx').on(t.clientId, t.name), tenantPolicy()],
);
export type ProjectRow = typeof projects.$inferSelect;

/** A project's participants, one row per (project, employee). */
export const projectParticipants = peopleSchema.table(
  'project_participants',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_participants_user_idx').on(t.userId), tenantPolicy()],
);

/**
 * §3 User "HR data and files": one row per file of an employee (uploaded as the guarded kind `hr`, attached by an
 * administrator). `size` is what the object occupies in the client's storage (given back on deletion).
 */
export const userFiles = peopleSchema.table(
  'user_files',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimetype: text('mimetype').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_files_user_idx').on(t.userId, t.createdAt), tenantPolicy()],
);
export type UserFileRow = typeof userFiles.$inferSelect;
