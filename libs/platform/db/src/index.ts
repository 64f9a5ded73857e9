import { Column, getTableName, is, sql, SQL, Subquery } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { sql, uuidv7 };
export { appRole, tenantPolicy } from './policy.ts';

/** The non-superuser role every tenant query runs as, so row-level security applies (DESIGN §10). */
export const APP_ROLE = 'intranet_app';

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
   * Runs `fn` in one transaction with row-level security bypassed (superadmin work, sign-in look-ups, schedulers).
   * `reason` is written to the audit log.
   */
  asSystem<T>(reason: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Applies committed migrations of the given sets (idempotent, serialised across processes). */
  migrate(sets: MigrationSet[]): Promise<void>;
  /** Plain SQL outside any tenant (tests and bootstrap). */
  exec(query: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder; undefined means in-memory. */
  dataDir?: string;
  /** An already-open PGlite instance (tests clone a migrated template). */
  pglite?: import('@electric-sql/pglite').PGlite;
  poolSize?: number;
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

const BOOTSTRAP_SQL = `
DO $$ BEGIN
  CREATE ROLE ${APP_ROLE} NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
`;

/**
 * The database options of a platform process: PostgreSQL at `DATABASE_URL` when set, else PGlite in `<DATA_DIR>/pg`.
 * Shared by openPlatform and the embedded portal's entry point, which opens the database before loading the rest.
 */
export function platformDatabaseOptions(config: { DATABASE_URL?: string; DATA_DIR: string }, audit?: (reason: string) => void): DatabaseOptions {
  return { url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : join(config.DATA_DIR, 'pg'), audit };
}

/**
 * Opens the database: PostgreSQL when `url` is given, else PGlite (in `dataDir`, or in memory).
 * Creates APP_ROLE if missing. Errors: connection failures propagate.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const audit = opts.audit ?? (() => undefined);
  if (opts.url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, DROP DATABASE) must not crash the process.
    pool.on('error', (err) => audit(`idle connection lost: ${err.message}`));
    const db = drizzle(pool) as unknown as Drizzle;
    await pool.query(BOOTSTRAP_SQL);
    const { NodePgSession, NodePgTransaction } = await import('drizzle-orm/node-postgres/session');
    // BEGIN and the tenant settings in one simple-protocol round trip instead of two (every request pays it).
    const transaction: TxRunner = async (setup, fn) => {
      const base = (db as unknown as { session: { dialect: never; schema: never; options: never } }).session;
      const conn = await pool.connect();
      const tx = new NodePgTransaction(base.dialect, new NodePgSession(conn, base.dialect, base.schema, base.options), base.schema);
      let broken: Error | undefined;
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
        conn.release(broken);
      }
    };
    return makeDatabase('postgres', db, audit, transaction, {
      async migrate(sets) {
        const conn = await pool.connect();
        try {
          // One lock for every domain: services starting together share the `drizzle` bookkeeping schema.
          await conn.query("SELECT pg_advisory_lock(hashtext('intranet:migrate'))");
          try {
            for (const set of sets) {
              await migrate(db as never, { migrationsFolder: set.folder, migrationsSchema: 'drizzle', migrationsTable: `${set.schema}_migrations` });
            }
          } finally {
            await conn.query("SELECT pg_advisory_unlock(hashtext('intranet:migrate'))");
          }
        } finally {
          conn.release();
        }
      },
      exec: async (q) => {
        await pool.query(q);
      },
      close: () => pool.end(),
    });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const extensions = await pgliteExtensions();
  // PGLITE_TEMPLATE=off: initdb in the data folder itself (tools/bench/startup.ts measures the difference).
  if (opts.dataDir && !opts.pglite && process.env.PGLITE_TEMPLATE !== 'off') await seedFromTemplate(opts.dataDir, extensions);
  const client = opts.pglite ?? (await PGlite.create(opts.dataDir, { extensions, startParams: PGLITE_START_PARAMS }));
  const db = drizzle(client) as unknown as Drizzle;
  await client.exec(BOOTSTRAP_SQL);
  const transaction: TxRunner = (setup, fn) =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SELECT ${setup(escapeLiteral)}`));
      return fn(tx as Tx);
    });
  return makeDatabase('pglite', db, audit, transaction, {
    async migrate(sets) {
      for (const set of sets) {
        await migrate(db as never, { migrationsFolder: set.folder, migrationsSchema: 'drizzle', migrationsTable: `${set.schema}_migrations` });
      }
    },
    exec: async (q) => {
      await client.exec(q);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  });
}

/** Runs `fn` in a transaction whose first statement is `SELECT <setup(quote)>`; `quote` makes a SQL literal. */
type TxRunner = <T>(setup: (quote: (v: string) => string) => string, fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** PostgreSQL string literal (standard_conforming_strings on, as in every supported version). */
function escapeLiteral(v: string): string {
  if (v.includes('\0')) throw new Error('NUL in a SQL literal');
  return `'${v.replace(/'/g, "''")}'`;
}

function makeDatabase(
  kind: Database['kind'],
  db: Drizzle,
  audit: (reason: string) => void,
  transaction: TxRunner,
  ops: Pick<Database, 'migrate' | 'exec' | 'close'>,
): Database {
  // Runs the transaction, then the callbacks registered on it by afterCommit (only when it committed).
  const run: TxRunner = async (setup, fn) => {
    const hooks: (() => void)[] = [];
    const result = await transaction(setup, (tx) => {
      commitHooks.set(tx, hooks);
      return fn(tx);
    });
    for (const h of hooks) h();
    return result;
  };
  return {
    kind,
    drizzle: db,
    inTenant(ctx, fn) {
      return run(
        (q) =>
          `set_config('role', ${q(APP_ROLE)}, true), set_config('app.client_id', ${q(ctx.clientId ?? '')}, true), set_config('app.user_id', ${q(ctx.userId ?? '')}, true)`,
        fn,
      );
    },
    asSystem(reason, fn) {
      audit(reason);
      return run((q) => `set_config('role', ${q(APP_ROLE)}, true), set_config('app.bypass_rls', 'on', true)`, fn);
    },
    ...ops,
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
