import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgPolicy, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appRole, TENANT_CONDITION } from '@intranet/platform-db';

/** PostgreSQL schema owned by the clients service (DESIGN §2). */
export const clientsSchema = pgSchema('clients');

/**
 * §3 Client. The client row is its own tenant: visible when it is the transaction's tenant, or to the
 * superadmin through the audited system bypass.
 */
export const clients = clientsSchema.table(
  'clients',
  {
    id: uuid('id').primaryKey(),
    workspace: text('workspace').notNull().unique(),
    name: text('name').notNull(),
    fullName: text('full_name'),
    lang: text('lang').notNull().default('ru'),
    startPage: text('start_page').notNull().default('company'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    settings: jsonb('settings').$type<{ hideMoodMeter?: boolean; initialRights?: string[]; maintenance?: boolean }>().notNull().default({}),
    design: jsonb('design').$type<Record<string, unknown>>().notNull().default({}),
    logo: text('logo'),
    city: text('city'),
    phone: text('phone'),
    address: text('address'),
    director: text('director'),
    telegram: text('telegram'),
    notes: text('notes'),
    taxNumber: text('tax_number'),
    storageTotalBytes: bigint('storage_total_bytes', { mode: 'number' }).notNull(),
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
    features: jsonb('features').$type<{ feature: string; active: boolean }[]>().notNull().default([]),
    hrUrl: text('hr_url'),
    hrLogin: text('hr_login'),
    /** The HR-system password sealed with AES-256-GCM (platform-config sealSecret, the client id as associated data); never returned. */
    hrPassword: text('hr_password'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => {
    const expr = sql.raw(TENANT_CONDITION('id'));
    return [pgPolicy('tenant_isolation', { as: 'permissive', to: appRole, for: 'all', using: expr, withCheck: expr })];
  },
);
export type ClientRow = typeof clients.$inferSelect;

/**
 * The long jobs of a workspace's life (issue 36: clone, full delete, export, import) with their progress; the work
 * itself runs from the durable queue (PORTS.jobs). Superadmin data: visible only through the audited system bypass
 * (no tenant column — a full delete of the source leaves its job's record, which names no rows of it).
 */
export const lifeJobs = clientsSchema
  .table('life_jobs', {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['clone', 'fullDelete', 'export', 'import'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    phase: text('phase').notNull().default(''),
    done: bigint('done', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /** The workspace the job reads (clone, export) or deletes; null for an import. */
    sourceId: uuid('source_id'),
    /** The workspace the job creates (clone, import): its id is chosen before the first run, so a rerun finds it. */
    targetId: uuid('target_id'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result'),
    error: jsonb('error').$type<{ code: string; message: string; params?: Record<string, unknown> }>(),
    runs: bigint('runs', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  })
  .enableRLS(); // row-level security with no policy: no tenant sees a row; the system role (which bypasses it) reads and writes them
export type LifeJobRow = typeof lifeJobs.$inferSelect;

/** §3 Application: the platform's sections (issue 36, /app). Platform data, no tenant: the system role only. */
export const appSections = clientsSchema
  .table('app_sections', {
    code: text('code').primaryKey(),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  })
  .enableRLS(); // as life_jobs: no policy, so the runtime role sees no row

/**
 * The installation's own settings (issue 36): one row (`id` 'app') with its maintenance mode. Platform data, no
 * tenant: the system role only.
 */
export const appSettings = clientsSchema
  .table('app_settings', {
    id: text('id').primaryKey(),
    maintenance: boolean('maintenance').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  })
  .enableRLS(); // as app_sections: no policy, so the runtime role sees no row
