import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { join } from 'node:path';
import { autoPrepare, StatementNames } from './auto-prepare.ts';
import { checkMigrated, escapeLiteral, NotMigratedError, runMigrations } from './migrate.ts';
import { APP_ROLE, assertUnprivileged, BOOTSTRAP_SQL, bootstrapRoles, roleUrl, SYSTEM_ROLE, tenantSignature } from './roles.ts';
import { makeMigratedTemplate, PGLITE_START_PARAMS, pgliteExtensions, seedFromTemplate } from './template.ts';
import { currentTenantTxHook } from './tx-scope.ts';
import type { PgliteLike } from './pglite-client.ts';

export { sql, uuidv7 };
export { StatementNames } from './auto-prepare.ts';
export { withoutTenantTxHook, withTenantTxHook, type TenantTxHook } from './tx-scope.ts';
export { queryRows, type RawExecutor } from './query-rows.ts';
export { appRole, CURRENT_USER, tenantPolicy, TENANT_CONDITION } from './policy.ts';
export { APP_ROLE, DEFINER_ROLE, OWNER_ROLE, PrivilegedRuntimeError, roleUrl, SYSTEM_ROLE, tenantSignature } from './roles.ts';
export { ensurePgliteTemplate, migratedTemplateDir, PGLITE_START_PARAMS, pgliteExtensions, seedFromTemplate } from './template.ts';
export { MIGRATION_STEP_VERSION, NotMigratedError } from './migrate.ts';
export { preparedQuery } from './prepared.ts';
export { batchedApply } from './batched.ts';

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
    const { forgetOpening, openWith, opened, pipelineOpening } = await import('./tx-pipeline.ts');
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
      pool.on('connect', (client) => {
        // Innermost first: the opening goes with the statement as autoPrepare named it.
        pipelineOpening(client as never);
        if (opts.preparedMax !== 0) autoPrepare(client as never, names);
      });
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
    // BEGIN and the tenant settings go with the transaction's first statement (tx-pipeline.ts): no round trip of their own.
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
          openWith(conn, `SELECT ${setup(conn.escapeLiteral.bind(conn))}`);
          try {
            const result = await fn(tx as unknown as Tx);
            // No statement ran: nothing was opened, so nothing is committed.
            if (opened(conn)) await conn.query('COMMIT');
            return result;
          } catch (err) {
            if (opened(conn)) await conn.query('ROLLBACK').catch((e: Error) => (broken = e));
            throw err;
          }
        } finally {
          forgetOpening(conn);
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
  // PGLITE_TEMPLATE=off: initdb in the data folder itself; =initdb: never the migrated template (tools/bench/startup.ts
  // measures the differences).
  if (opts.dataDir && !opts.pglite && process.env.PGLITE_TEMPLATE !== 'off')
    await seedFromTemplate(opts.dataDir, undefined, process.env.PGLITE_TEMPLATE !== 'initdb');
  // The worker starts before this thread loads Drizzle's driver (and through it PGlite's module): its boot, ≈ 2 s of
  // a restart, then overlaps that loading (ADR 0015: it began ≈ 1 s into a restart of the server bundle).
  // A PGlite on this thread (specs', or PGLITE_WORKER=off) runs behind the worker's session code too (LocalPglite).
  const opening: Promise<PgliteLike> = opts.pglite
    ? import('./pglite-client.ts').then((m) => new m.LocalPglite(opts.pglite!))
    : opts.worker && opts.dataDir
      ? import('./pglite-client.ts').then((m) => m.WorkerPglite.open(opts.dataDir!, PGLITE_START_PARAMS))
      : (async () => {
          const [{ PGlite }, { LocalPglite }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-client.ts')]);
          return new LocalPglite(await PGlite.create(opts.dataDir, { extensions: await pgliteExtensions(), startParams: PGLITE_START_PARAMS }));
        })();
  opening.catch(() => undefined); // awaited below, after the imports; its error must not surface as unhandled first
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await opening;
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

/**
 * The embedded portal's migrated data template (template.ts `makeMigratedTemplate`), made when this checkout's
 * migration files have none yet by applying `sets()` (only then called: the portal loads its domains for them).
 * A first start on an empty DATA_DIR copies it instead of running every migration. `cache`: a folder of the caller's
 * instead of node_modules/.cache/intranet-pglite (specs). Output: its folder and whether it was made now.
 */
export function ensureMigratedTemplate(sets: () => Promise<MigrationSet[]>, cache?: string): Promise<{ dir: string; made: boolean }> {
  return makeMigratedTemplate(async (pglite) => {
    const db = await openDatabase({ pglite });
    await db.migrate(await sets());
  }, cache);
}

/** Runs `fn` in a transaction whose first statement is `SELECT <setup(quote)>`; `quote` makes a SQL literal. */
type TxRunner = <T>(setup: (quote: (v: string) => string) => string, fn: (tx: Tx) => Promise<T>) => Promise<T>;

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
      const hook = currentTenantTxHook();
      return tenant(
        (q) =>
          `set_config('role', ${q(APP_ROLE)}, true), set_config('app.client_id', ${q(id)}, true), set_config('app.client_sig', ${q(sig)}, true), set_config('app.user_id', ${q(user)}, true), set_config('app.user_sig', ${q(userSig)}, true)`,
        hook
          ? async (tx) => {
              await hook.first(tx);
              return fn(tx);
            }
          : fn,
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

/** Keyset-friendly page arithmetic shared by list handlers: page is 1-based. */
export function pageWindow(page: number | undefined, limit: number | undefined, max = 200): { offset: number; limit: number } {
  const l = Math.min(Math.max(limit ?? 20, 1), max);
  const p = Math.max(page ?? 1, 1);
  return { offset: (p - 1) * l, limit: l };
}
