import { Column, getTableName, is, sql, SQL, Subquery } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autoPrepare, StatementNames } from './auto-prepare.ts';

export { sql, uuidv7 };
export { StatementNames } from './auto-prepare.ts';
export { queryRows, type RawExecutor } from './query-rows.ts';
export { appRole, CURRENT_USER, tenantPolicy, TENANT_CONDITION } from './policy.ts';

/**
 * Database roles (issue 18 §1, README "Database roles", docs/adr/0008-database-roles.md):
 * - OWNER_ROLE owns every schema, table and function; migrations run as it (`SET ROLE` from the migration login);
 *   it cannot log in and is subject to row-level security (every tenant table has FORCE ROW LEVEL SECURITY).
 * - APP_ROLE is the runtime's login: not superuser, not owner, no BYPASSRLS, member of no role. It sees a tenant's
 *   rows only while the transaction carries that client's id and its signature (`app.client_id`, `app.client_sig`).
 * - SYSTEM_ROLE is the login of the system context (asSystem: superadmin screens, relays, schedulers, sign-in
 *   look-ups): BYPASSRLS, a separate pool, entered only through `asSystem(reason, …)`.
 * - DEFINER_ROLE (no login, BYPASSRLS) owns the SECURITY DEFINER functions of the domains (reads the planner cannot
 *   do under row-level security, e.g. kb search); each filters by `intranet_private.current_client()` itself.
 */
export const OWNER_ROLE = 'intranet_owner';
export const APP_ROLE = 'intranet_app';
export const SYSTEM_ROLE = 'intranet_system';
export const DEFINER_ROLE = 'intranet_definer';

/** Who is asking: the part of the request context the database layer needs (DESIGN §5). */
export interface TenantContext {
  clientId: string | null;
  userId?: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Tx = PgTransaction<PgQueryResultHKT, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Drizzle = PgDatabase<PgQueryResultHKT, any>;

/** A domain's migration set: its PostgreSQL schema and the folder drizzle-kit wrote. */
export interface MigrationSet {
  schema: string;
  folder: string;
}

/** The database port every domain sees; the same in embedded (PGlite) and distributed (PostgreSQL) modes. */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly drizzle: Drizzle;
  /**
   * Runs `fn` in one transaction as APP_ROLE with `app.client_id` set to ctx.clientId: other clients' rows are
   * invisible whatever `fn` forgets. Rolls back if `fn` throws.
   */
  inTenant<T>(ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction as SYSTEM_ROLE, which bypasses row-level security (superadmin work, sign-in
   * look-ups, relays, schedulers): a separate pool on PostgreSQL. `reason` is written to the audit log.
   */
  asSystem<T>(reason: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Applies committed migrations of the given sets as OWNER_ROLE (idempotent, serialised across processes by an
   * advisory lock), with the roles' bootstrap before and FORCE ROW LEVEL SECURITY, ownership and grants after.
   * On PostgreSQL without a migration URL it only checks that every migration was applied, and throws
   * NotMigratedError naming the schema when one is missing (the migration step has not run).
   */
  migrate(sets: MigrationSet[]): Promise<void>;
  /** Plain SQL outside any tenant, in the system context (tests and bootstrap). */
  exec(query: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL of the runtime login (APP_ROLE); when absent PGlite is used. */
  url?: string;
  /** postgres:// URL of SYSTEM_ROLE's login; default: `url` with the user replaced by SYSTEM_ROLE (no password). */
  systemUrl?: string;
  /** postgres:// URL of a login that may create roles and SET ROLE to OWNER_ROLE (the migration step); optional. */
  migrateUrl?: string;
  /** PGlite data folder; undefined means in-memory. */
  dataDir?: string;
  /** An already-open PGlite instance (tests clone a migrated template). */
  pglite?: import('@electric-sql/pglite').PGlite;
  /**
   * Run PGlite in a worker thread (issue 19; `pglite-worker.ts`): its engine then no longer blocks the process's
   * event loop. Only with `dataDir` and no `pglite`; the embedded portal sets it from PGLITE_WORKER.
   */
  worker?: boolean;
  poolSize?: number;
  /**
   * PostgreSQL: a statement text run this many times in the process becomes a named prepared statement (default 3;
   * see auto-prepare.ts). `preparedMax`: at most this many names per process (default 500; 0 turns it off).
   */
  prepareThreshold?: number;
  preparedMax?: number;
  /** Audit sink for `asSystem`; defaults to nothing at info level. */
  audit?: (reason: string) => void;
}

/**
 * Contrib extensions an embedded PGlite loads, so migrations can `CREATE EXTENSION` them as on the PostgreSQL server
 * (pg_trgm: typo-tolerant search). Pass to `PGlite.create({ extensions })` wherever a PGlite is created.
 */
export async function pgliteExtensions(): Promise<NonNullable<import('@electric-sql/pglite').PGliteOptions['extensions']>> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * PGlite's single-user start parameters (its defaults) with a smaller buffer pool: 128 MB of shared_buffers is
 * WASM memory the embedded portal never gives back, for a database that fits in a few MB (README "Configuration",
 * idle RSS in tools/bench/README.md).
 */
export const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'shared_buffers=16MB',
];

/** Where the initialised PGlite data template lives: node_modules/.cache of the repository (one per machine/clone). */
const TEMPLATE_CACHE = fileURLToPath(new URL('../../../../node_modules/.cache/intranet-pglite/', import.meta.url));

/**
 * Fills an empty PGlite data folder from a cached, initialised template (initdb + the bootstrap role) instead of
 * running initdb, which is most of a first start (issue 8 §1). The template is made once per PGlite version and
 * bootstrap SQL (`ensurePgliteTemplate`, also run by `npm start`'s setup) and copied as plain files. A folder that
 * already holds a database (PG_VERSION) is left alone. Errors of the copy propagate; a missing cache is created.
 */
export async function seedFromTemplate(dataDir: string, extensions?: Awaited<ReturnType<typeof pgliteExtensions>>): Promise<boolean> {
  const { existsSync, readdirSync } = await import('node:fs');
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length) return false;
  const template = await ensurePgliteTemplate(extensions);
  await cp(template, dataDir, { recursive: true });
  return true;
}

/**
 * Path of the initialised PGlite data template, creating it when missing: initdb in a temporary folder next to the
 * cache, the bootstrap SQL, a clean shutdown, then an atomic rename (two processes may race; one rename wins).
 */
export async function ensurePgliteTemplate(extensions?: Awaited<ReturnType<typeof pgliteExtensions>>): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { existsSync } = await import('node:fs');
  const { readFileSync } = await import('node:fs');
  // The package does not export its package.json; it sits next to dist/.
  const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(`${version}\n${BOOTSTRAP_SQL}`).digest('hex').slice(0, 16);
  const dir = join(TEMPLATE_CACHE, `pglite-${version}-${key}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  await mkdir(TEMPLATE_CACHE, { recursive: true });
  const tmp = await mkdtemp(join(TEMPLATE_CACHE, 'tmp-'));
  try {
    const pgl = await PGlite.create(tmp, { extensions: extensions ?? (await pgliteExtensions()) });
    await pgl.exec(BOOTSTRAP_SQL);
    await pgl.close();
    await rename(tmp, dir).catch((err: NodeJS.ErrnoException) => {
      if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return dir;
}

/** Cluster-wide roles, created or corrected idempotently (run by a superuser: BYPASSRLS needs one). */
const BOOTSTRAP_SQL = `
DO $$ BEGIN CREATE ROLE ${OWNER_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${APP_ROLE} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${SYSTEM_ROLE} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${DEFINER_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
ALTER ROLE ${OWNER_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
ALTER ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION;
ALTER ROLE ${SYSTEM_ROLE} LOGIN NOSUPERUSER BYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION;
ALTER ROLE ${DEFINER_ROLE} NOLOGIN NOSUPERUSER BYPASSRLS NOCREATEROLE NOCREATEDB;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members WHERE roleid = '${APP_ROLE}'::regrole AND member = '${SYSTEM_ROLE}'::regrole) THEN
    GRANT ${APP_ROLE} TO ${SYSTEM_ROLE};
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members WHERE roleid = '${APP_ROLE}'::regrole AND member = '${DEFINER_ROLE}'::regrole) THEN
    GRANT ${APP_ROLE} TO ${DEFINER_ROLE};
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members WHERE roleid = '${DEFINER_ROLE}'::regrole AND member = '${OWNER_ROLE}'::regrole) THEN
    GRANT ${DEFINER_ROLE} TO ${OWNER_ROLE};
  END IF;
END $$;
`;

/**
 * Per database, as a superuser, before the migrations: the owner may create schemas (and trusted extensions in
 * public); the signing key and `intranet_private.current_client()`, which every tenant policy calls. The function
 * answers the transaction's `app.client_id` only when `app.client_sig` is its signature (sha256 of key:id), so a
 * session that sets another client's id without the key (the runtime has no read access to it) sees no rows.
 */
const DATABASE_SQL = `
DO $$ BEGIN EXECUTE format('GRANT CREATE ON DATABASE %I TO ${OWNER_ROLE}', current_database()); END $$;
GRANT CREATE ON SCHEMA public TO ${OWNER_ROLE};
CREATE SCHEMA IF NOT EXISTS intranet_private AUTHORIZATION ${OWNER_ROLE};
CREATE SCHEMA IF NOT EXISTS drizzle AUTHORIZATION ${OWNER_ROLE};
ALTER SCHEMA intranet_private OWNER TO ${OWNER_ROLE};
CREATE TABLE IF NOT EXISTS intranet_private.tenant_key (id boolean PRIMARY KEY DEFAULT true CHECK (id), key text NOT NULL);
ALTER TABLE intranet_private.tenant_key OWNER TO ${OWNER_ROLE};
INSERT INTO intranet_private.tenant_key (key)
  VALUES (encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
  ON CONFLICT DO NOTHING;
CREATE OR REPLACE FUNCTION intranet_private.current_client() RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
  SELECT CASE WHEN current_setting('app.client_sig', true) = encode(sha256(convert_to(k.key || ':' || current_setting('app.client_id', true), 'UTF8')), 'hex')
    THEN nullif(current_setting('app.client_id', true), '')::uuid END
  FROM intranet_private.tenant_key k
$fn$;
ALTER FUNCTION intranet_private.current_client() OWNER TO ${OWNER_ROLE};
REVOKE ALL ON FUNCTION intranet_private.current_client() FROM PUBLIC;
CREATE OR REPLACE FUNCTION intranet_private.current_user_id() RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
  SELECT CASE WHEN current_setting('app.user_sig', true) = encode(sha256(convert_to(k.key || ':' || current_setting('app.client_id', true) || ':' || current_setting('app.user_id', true), 'UTF8')), 'hex')
    THEN nullif(current_setting('app.user_id', true), '')::uuid END
  FROM intranet_private.tenant_key k
$fn$;
ALTER FUNCTION intranet_private.current_user_id() OWNER TO ${OWNER_ROLE};
REVOKE ALL ON FUNCTION intranet_private.current_user_id() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION intranet_private.current_user_id() TO ${APP_ROLE};
GRANT USAGE ON SCHEMA intranet_private TO ${APP_ROLE};
GRANT EXECUTE ON FUNCTION intranet_private.current_client() TO ${APP_ROLE};
REVOKE ALL ON intranet_private.tenant_key FROM ${APP_ROLE};
GRANT SELECT ON intranet_private.tenant_key TO ${SYSTEM_ROLE};
`;

/** Schemas the migration step manages: the sets' own, drizzle's bookkeeping and intranet_private. */
const managedSchemas = (sets: MigrationSet[]) => [...new Set(['drizzle', ...sets.map((s) => s.schema)])];

/**
 * Before the migrations (superuser): the runtime may use what OWNER_ROLE creates (the domains' grants migrations
 * may narrow it, e.g. kb's read-only acl_versions), and objects an earlier version created as another role (the
 * migration login) pass to OWNER_ROLE, so migrations running as it may alter them.
 */
const takeOwnershipSql = (schemas: string[]) => `
ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER_ROLE} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE};
ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER_ROLE} GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE};
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT nspname FROM pg_namespace WHERE nspname = ANY(${sqlArray(schemas)}) AND nspowner <> '${OWNER_ROLE}'::regrole LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${OWNER_ROLE}', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS rel, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ANY(${sqlArray(schemas)}) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND c.relowner <> '${OWNER_ROLE}'::regrole LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO ${OWNER_ROLE}', r.rel);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ANY(${sqlArray(schemas)}) AND NOT p.prosecdef AND p.proowner <> '${OWNER_ROLE}'::regrole LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${OWNER_ROLE}', r.fn);
  END LOOP;
END $$;
`;

/**
 * After the migrations (superuser): FORCE ROW LEVEL SECURITY on every table that has row-level security, the
 * domains' SECURITY DEFINER functions owned by DEFINER_ROLE, which may read and write the domains' tables (what
 * those functions did as the tables' owner before), and read access to drizzle's bookkeeping for the runtime's
 * "is it migrated" check: only read access (issue 38 §9; the owner's default privileges gave the runtime writes on
 * every journal table, so a runtime session could mark a migration applied or forget one).
 */
const afterMigrateSql = (schemas: string[]) => `
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.oid::regclass AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ANY(${sqlArray(schemas)}) AND c.relkind IN ('r', 'p') AND c.relrowsecurity AND NOT c.relforcerowsecurity LOOP
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', r.rel);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ANY(${sqlArray(schemas.filter((x) => x !== 'drizzle'))}) AND p.prosecdef AND p.proowner <> '${DEFINER_ROLE}'::regrole LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${DEFINER_ROLE}', r.fn);
  END LOOP;
END $$;
GRANT USAGE ON SCHEMA drizzle TO ${APP_ROLE};
GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${APP_ROLE};
REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA drizzle FROM ${APP_ROLE};
DO $$ DECLARE x text; BEGIN
  FOREACH x IN ARRAY ${sqlArray(schemas.filter((x) => x !== 'drizzle'))} LOOP
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = x) THEN
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${DEFINER_ROLE}', x);
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO ${DEFINER_ROLE}', x);
      EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO ${DEFINER_ROLE}', x);
    END IF;
  END LOOP;
END $$;
`;

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => escapeLiteral(x)).join(', ')}]::text[]`;

/** Changes with the migration step's own SQL (roles, grants): a cached migrated database of an older step is stale. */
export const MIGRATION_STEP_VERSION = createHash('sha256')
  .update([BOOTSTRAP_SQL, DATABASE_SQL, takeOwnershipSql(['s']), afterMigrateSql(['s'])].join('\n'))
  .digest('hex')
  .slice(0, 12);

/** The database is missing migrations of a schema: the migration step has not run (README "Database roles"). */
export class NotMigratedError extends Error {
  override name = 'NotMigratedError';
}

/** The runtime login is a superuser, BYPASSRLS, a table owner or a member of a role: it would escape row-level security. */
export class PrivilegedRuntimeError extends Error {
  override name = 'PrivilegedRuntimeError';
}

/** `url` with its user replaced by `role` and no password (local trust/peer set-ups; give full URLs elsewhere). */
export function roleUrl(url: string, role: string): string {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  return u.toString();
}

/**
 * The signature `intranet_private.current_client()` expects for a client id ('' for none): sha256 of key:id, hex;
 * `intranet_private.current_user_id()` expects the one of `<client id>:<user id>`.
 */
export function tenantSignature(key: string, clientId: string): string {
  return createHash('sha256').update(`${key}:${clientId}`).digest('hex');
}

/** Applied migrations per set vs their journals; throws NotMigratedError naming the first incomplete schema. */
async function checkMigrated(query: (sql: string) => Promise<{ rows: { n: number }[] }>, sets: MigrationSet[]): Promise<void> {
  const { readFileSync } = await import('node:fs');
  for (const set of sets) {
    const journal = JSON.parse(readFileSync(join(set.folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    let applied = 0;
    try {
      applied = (await query(`SELECT count(*)::int AS n FROM drizzle."${set.schema}_migrations"`)).rows[0]!.n;
    } catch {
      applied = 0;
    }
    if (applied < journal.entries.length) {
      throw new NotMigratedError(
        `database not migrated: schema "${set.schema}" has ${applied} of ${journal.entries.length} migrations; run the migration step first (npm run db:migrate with DATABASE_MIGRATE_URL, README "Database roles")`,
      );
    }
  }
}

/**
 * The database options of a platform process: PostgreSQL at `DATABASE_URL` when set, else PGlite in `<DATA_DIR>/pg`
 * (in a worker thread unless PGLITE_WORKER is `off`).
 * Shared by openPlatform and the embedded portal's entry point, which opens the database before loading the rest.
 */
export function platformDatabaseOptions(
  config: {
    DATABASE_URL?: string;
    DATABASE_SYSTEM_URL?: string;
    DATABASE_MIGRATE_URL?: string;
    DATA_DIR: string;
    PGLITE_WORKER?: 'on' | 'off';
    DATABASE_PREPARED_MAX?: number;
  },
  audit?: (reason: string) => void,
): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    systemUrl: config.DATABASE_SYSTEM_URL,
    migrateUrl: config.DATABASE_MIGRATE_URL,
    dataDir: config.DATABASE_URL ? undefined : join(config.DATA_DIR, 'pg'),
    worker: config.PGLITE_WORKER !== 'off',
    preparedMax: config.DATABASE_PREPARED_MAX,
    audit,
  };
}

/**
 * Opens the database: PostgreSQL when `url` is given, else PGlite (in `dataDir`, or in memory).
 * PostgreSQL: two pools, the runtime's (`url`, APP_ROLE) and the system context's (`systemUrl`); with `migrateUrl`
 * the roles are created or corrected first. Errors: PrivilegedRuntimeError when `url` logs in as a superuser,
 * BYPASSRLS role, table owner or role member; connection failures propagate.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const audit = opts.audit ?? (() => undefined);
  if (opts.url) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { NodePgSession, NodePgTransaction } = await import('drizzle-orm/node-postgres/session');
    if (opts.migrateUrl) {
      const c = new pg.Client({ connectionString: opts.migrateUrl });
      await c.connect();
      try {
        await bootstrapRoles((q) => c.query(q));
        // The logins' passwords come from their URLs (a platform's secrets), so the two never disagree.
        for (const [u, role] of [
          [opts.url, APP_ROLE],
          [opts.systemUrl, SYSTEM_ROLE],
        ] as const) {
          const parsed = u ? new URL(u) : undefined;
          if (parsed?.password && decodeURIComponent(parsed.username) === role) {
            await c.query(`ALTER ROLE ${role} PASSWORD ${c.escapeLiteral(decodeURIComponent(parsed.password))}`);
          }
        }
      } finally {
        await c.end();
      }
    }
    // One set of statement names for both pools: the same text gets the same name, parsed once per connection.
    const names = new StatementNames(opts.prepareThreshold ?? 3, opts.preparedMax ?? 500);
    const makePool = (url: string, max: number) => {
      const pool = new pg.Pool({ connectionString: url, max });
      if (opts.preparedMax !== 0) pool.on('connect', (client) => autoPrepare(client as never, names));
      // An idle connection dropped by the server (restart, DROP DATABASE) must not crash the process.
      pool.on('error', (err) => audit(`idle connection lost: ${err.message}`));
      return pool;
    };
    const pool = makePool(opts.url, opts.poolSize ?? 10);
    const systemPool = makePool(opts.systemUrl ?? roleUrl(opts.url, SYSTEM_ROLE), Math.max(2, Math.ceil((opts.poolSize ?? 10) / 2)));
    try {
      await assertUnprivileged(pool);
    } catch (err) {
      await Promise.all([pool.end(), systemPool.end()]);
      throw err;
    }
    // BEGIN and the tenant settings in one simple-protocol round trip instead of two (every request pays it).
    const runner = (p: import('pg').Pool, d: Drizzle): TxRunner => {
      const base = (d as unknown as { session: { dialect: never; schema: never; options: never } }).session;
      return async (setup, fn) => {
        const conn = await p.connect();
        const tx = new NodePgTransaction(base.dialect, new NodePgSession(conn, base.dialect, base.schema, base.options), base.schema);
        let broken: Error | undefined;
        // A connection the server drops while it is checked out (restart, failover) emits 'error' outside any query;
        // unheard, that would end the process. It is noted and the connection discarded on release.
        const onError = (err: Error) => {
          broken = err;
          audit(`connection lost in a transaction: ${err.message}`);
        };
        conn.on('error', onError);
        try {
          await conn.query(`BEGIN; SELECT ${setup(conn.escapeLiteral.bind(conn))}`);
          try {
            const result = await fn(tx as unknown as Tx);
            await conn.query('COMMIT');
            return result;
          } catch (err) {
            await conn.query('ROLLBACK').catch((e: Error) => (broken = e));
            throw err;
          }
        } finally {
          conn.off('error', onError);
          conn.release(broken);
        }
      };
    };
    const db = drizzle(pool) as unknown as Drizzle;
    const systemDb = drizzle(systemPool) as unknown as Drizzle;
    return makeDatabase('postgres', db, audit, {
      tenant: runner(pool, db),
      system: runner(systemPool, systemDb),
      systemSetup: () => "''",
      key: async () => (await systemPool.query<{ key: string }>('SELECT key FROM intranet_private.tenant_key')).rows[0]?.key,
      async migrate(sets) {
        if (!opts.migrateUrl) return checkMigrated((q) => systemPool.query(q), sets);
        const c = new pg.Client({ connectionString: opts.migrateUrl });
        await c.connect();
        try {
          // One lock for every domain: services starting together share the `drizzle` bookkeeping schema.
          await c.query("SELECT pg_advisory_lock(hashtext('intranet:migrate'))");
          try {
            await runMigrations((q) => c.query(q), drizzle(c) as never, migrate, sets);
          } finally {
            await c.query("SELECT pg_advisory_unlock(hashtext('intranet:migrate'))");
          }
        } finally {
          await c.end();
        }
      },
      exec: async (q) => {
        await systemPool.query(q);
      },
      close: async () => {
        await Promise.all([pool.end(), systemPool.end()]);
      },
    });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const extensions = await pgliteExtensions();
  // PGLITE_TEMPLATE=off: initdb in the data folder itself (tools/bench/startup.ts measures the difference).
  if (opts.dataDir && !opts.pglite && process.env.PGLITE_TEMPLATE !== 'off') await seedFromTemplate(opts.dataDir, extensions);
  const client =
    opts.pglite ??
    (opts.worker && opts.dataDir
      ? await (await import('./pglite-client.ts')).WorkerPglite.open(opts.dataDir, PGLITE_START_PARAMS)
      : await PGlite.create(opts.dataDir, { extensions, startParams: PGLITE_START_PARAMS }));
  const db = drizzle(client as import('@electric-sql/pglite').PGlite) as unknown as Drizzle;
  await client.exec(BOOTSTRAP_SQL);
  // One superuser session (embedded mode, ADR 0008): each transaction takes the runtime's or the system's role.
  const transaction: TxRunner = (setup, fn) =>
    db.transaction(async (tx) => {
      const setupSql = `SELECT ${setup(escapeLiteral)}`;
      // The worker client runs the setup with the transaction's first statement (one round trip fewer).
      const defer = (tx as unknown as { session: { client: { defer?: (sql: string) => void } } }).session.client.defer;
      if (defer) defer(setupSql);
      else await tx.execute(sql.raw(setupSql));
      return fn(tx as Tx);
    });
  return makeDatabase('pglite', db, audit, {
    tenant: transaction,
    system: transaction,
    systemSetup: (q) => `set_config('role', ${q(SYSTEM_ROLE)}, true)`,
    key: async () => (await client.query<{ key: string }>('SELECT key FROM intranet_private.tenant_key')).rows[0]?.key,
    async migrate(sets) {
      await runMigrations(async (q) => ({ rows: (await client.exec(q)).at(-1)?.rows ?? [] }), db as never, migrate, sets);
    },
    exec: async (q) => {
      await client.exec(q);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  });
}

/** Creates or corrects the cluster's roles; retried, since test processes bootstrap at once on one server. */
async function bootstrapRoles(query: (q: string) => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await query(BOOTSTRAP_SQL);
      return;
    } catch (err) {
      // "tuple concurrently updated" (XX000) or a unique violation on pg_authid: another process did the same.
      if (attempt >= 8) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
    }
  }
}

/** The migration step on one session: database set-up, ownership, the sets as OWNER_ROLE, then FORCE and grants. */
async function runMigrations(
  query: (q: string) => Promise<unknown>,
  db: never,
  migrate: (db: never, config: { migrationsFolder: string; migrationsSchema: string; migrationsTable: string }) => Promise<void>,
  sets: MigrationSet[],
): Promise<void> {
  const schemas = managedSchemas(sets);
  await query(DATABASE_SQL);
  await query(takeOwnershipSql(schemas));
  await query(`SET ROLE ${OWNER_ROLE}`);
  try {
    for (const set of sets) {
      await migrate(db, { migrationsFolder: set.folder, migrationsSchema: 'drizzle', migrationsTable: `${set.schema}_migrations` });
    }
  } finally {
    await query('RESET ROLE');
  }
  await query(afterMigrateSql(schemas));
}

/** Refuses a runtime login that would escape row-level security (issue 18 §1). */
async function assertUnprivileged(pool: import('pg').Pool): Promise<void> {
  const { rows } = await pool.query<{ user: string; rolsuper: boolean; rolbypassrls: boolean; member: boolean; owner: boolean }>(
    `SELECT current_user AS user, r.rolsuper, r.rolbypassrls,
       EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid) AS member,
       EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid) AS owner
     FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const r = rows[0]!;
  const why = [
    r.rolsuper && 'is a superuser',
    r.rolbypassrls && 'bypasses row-level security',
    r.owner && 'owns tables',
    r.member && 'is a member of other roles',
  ].filter(Boolean);
  if (why.length) {
    throw new PrivilegedRuntimeError(
      `DATABASE_URL logs in as "${r.user}", which ${why.join(', ')}: the runtime must log in as its own role (${APP_ROLE}); migrations take DATABASE_MIGRATE_URL (README "Database roles")`,
    );
  }
}

/** Runs `fn` in a transaction whose first statement is `SELECT <setup(quote)>`; `quote` makes a SQL literal. */
type TxRunner = <T>(setup: (quote: (v: string) => string) => string, fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** PostgreSQL string literal (standard_conforming_strings on, as in every supported version). */
function escapeLiteral(v: string): string {
  if (v.includes('\0')) throw new Error('NUL in a SQL literal');
  return `'${v.replace(/'/g, "''")}'`;
}

interface Engine extends Pick<Database, 'migrate' | 'exec' | 'close'> {
  tenant: TxRunner;
  system: TxRunner;
  /** The SELECT list that opens a system transaction (PGlite: the role; PostgreSQL: nothing, the pool's login). */
  systemSetup: (quote: (v: string) => string) => string;
  /** The signing key of current_client(), read in the system context (undefined before the first migration). */
  key: () => Promise<string | undefined>;
}

function makeDatabase(kind: Database['kind'], db: Drizzle, audit: (reason: string) => void, engine: Engine): Database {
  // Runs the transaction, then the callbacks registered on it by afterCommit (only when it committed).
  const withHooks =
    (transaction: TxRunner): TxRunner =>
    async (setup, fn) => {
      const hooks: (() => void)[] = [];
      const result = await transaction(setup, (tx) => {
        commitHooks.set(tx, hooks);
        return fn(tx);
      });
      for (const h of hooks) h();
      return result;
    };
  const tenant = withHooks(engine.tenant);
  const system = withHooks(engine.system);
  let key: Promise<string> | undefined;
  const signingKey = () =>
    (key ??= engine.key().then(
      (k) => {
        if (!k) throw new NotMigratedError('database not migrated: intranet_private.tenant_key is empty (run the migration step first)');
        return k;
      },
      (err: unknown) => {
        key = undefined;
        throw err;
      },
    ));
  const signatures = new Map<string, string>();
  return {
    kind,
    drizzle: db,
    async inTenant(ctx, fn) {
      const k = await signingKey();
      const id = ctx.clientId ?? '';
      const user = ctx.userId ?? '';
      const sign = (v: string) => {
        let sig = signatures.get(v);
        if (!sig) {
          if (signatures.size > 20_000) signatures.clear();
          signatures.set(v, (sig = tenantSignature(k, v)));
        }
        return sig;
      };
      const sig = sign(id);
      const userSig = sign(`${id}:${user}`);
      return tenant(
        (q) =>
          `set_config('role', ${q(APP_ROLE)}, true), set_config('app.client_id', ${q(id)}, true), set_config('app.client_sig', ${q(sig)}, true), set_config('app.user_id', ${q(user)}, true), set_config('app.user_sig', ${q(userSig)}, true)`,
        fn,
      );
    },
    asSystem(reason, fn) {
      audit(reason);
      return system(engine.systemSetup, fn);
    },
    migrate: async (sets) => {
      await engine.migrate(sets);
      key = undefined;
    },
    exec: engine.exec,
    close: engine.close,
  };
}

const commitHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Calls `fn` once `tx` (a transaction of inTenant/asSystem) has committed; never when it rolls back. A nested
 * transaction's callbacks are not tracked (they are dropped), so use the outer `tx`. `fn` must not throw.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  commitHooks.get(tx)?.push(fn);
}

/** What Drizzle's `.prepare(name)` returns, as far as preparedQuery uses it. */
interface PreparedLike<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
  /** Drizzle's selected fields (path in the result object → column or SQL) and left-joined tables' nullability. */
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

type Decoder = { mapFromDriverValue(v: unknown): unknown };

/**
 * Drizzle's mapResultRow for one prepared select, with its per-column work done once: which decoder, which path,
 * which joined table (mapResultRow re-checks every column's class and walks its path on every row; ≈ 12 % of
 * social-service's CPU on the feed). Same result: nested objects by path, values decoded, a left-joined table whose
 * columns are all null becomes null. Input: the query's rows as arrays (Drizzle's array row mode).
 */
function compileRowMapper(fields: NonNullable<PreparedLike<unknown>['fields']>, joins: Record<string, boolean> | undefined) {
  const cols = fields.map(({ path, field }) => {
    const f = field as { decoder?: Decoder; table?: never; _?: { sql: { decoder: Decoder } }; sql?: { decoder: Decoder } };
    const decoder: Decoder = is(field, Column) ? (field as Decoder) : is(field, SQL) ? f.decoder! : is(field, Subquery) ? f._!.sql.decoder : f.sql!.decoder;
    return {
      parents: path.slice(0, -1),
      key: path[path.length - 1],
      decoder,
      // Only a column two levels deep (`author.firstName`) decides whether its joined object is null.
      table: joins && is(field, Column) && path.length === 2 ? getTableName(f.table!) : undefined,
      object: path[0],
    };
  });
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      const nullify: Record<string, string | false> = {};
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i];
        let node = result;
        for (const p of c.parents) node = (node[p] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        const value = (node[c.key] = raw === null ? null : c.decoder.mapFromDriverValue(raw));
        if (c.table !== undefined) {
          const seen = nullify[c.object];
          if (seen === undefined) nullify[c.object] = value === null ? c.table : false;
          else if (typeof seen === 'string' && seen !== c.table) nullify[c.object] = false;
        }
      }
      for (const o in nullify) {
        const t = nullify[o];
        if (typeof t === 'string' && !joins![t]) result[o] = null;
      }
      return result;
    });
}

/**
 * A hot read built once and run as a named prepared statement in any transaction (tools/bench/README.md: Drizzle
 * rebuilt the SQL of the feed on every request, ≈ 20 % of social-service's CPU). `build` makes the query on a
 * transaction with `sql.placeholder(...)` for every value that varies; the first call prepares it (per database
 * kind), later calls bind it to the caller's transaction, so PostgreSQL parses and plans it once per connection,
 * and map rows with a row mapper compiled once (compileRowMapper).
 * A value captured by `build` instead of a placeholder would be frozen into the statement: pass only placeholders.
 * Returns `{ execute(tx, values) }` → the query's rows; errors of the query propagate.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(name: string, build: (tx: Tx) => { prepare(name: string): PreparedLike<R> }) {
  const byKind = new Map<unknown, { base: PreparedLike<R>; mapper?: unknown }>();
  return {
    execute(tx: Tx, values: V): Promise<R> {
      const session = (tx as unknown as { session: { client: unknown } }).session;
      let kind = byKind.get(session.constructor);
      if (!kind) {
        const base = build(tx).prepare(name);
        const mapper = base.fields && !base.customResultMapper ? compileRowMapper(base.fields, base.joinsNotNullableMap) : undefined;
        byKind.set(session.constructor, (kind = { base, mapper }));
      }
      // Drizzle's prepared query runs on `this.client` and maps rows with `this.customResultMapper` when set;
      // everything else it holds (SQL, params, fields) is shared.
      const bound = Object.create(kind.base, {
        client: { value: session.client },
        ...(kind.mapper ? { customResultMapper: { value: kind.mapper } } : {}),
      }) as PreparedLike<R>;
      return bound.execute(values);
    },
  };
}

/** Keyset-friendly page arithmetic shared by list handlers: page is 1-based. */
export function pageWindow(page: number | undefined, limit: number | undefined, max = 200): { offset: number; limit: number } {
  const l = Math.min(Math.max(limit ?? 20, 1), max);
  const p = Math.max(page ?? 1, 1);
  return { offset: (p - 1) * l, limit: l };
}
