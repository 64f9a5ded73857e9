/**
 * The portal for a bench: in distributed mode as child processes (a throw-away database, a private nats-server,
 * gateway + clients/people + the domain services a bench needs) or the embedded portal's environment; a client with
 * its admin and imported employees; database look-ups (tools/bench/lib.ts re-exports them).
 */
import { execFileSync, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { APP_ROLE, roleUrl, SYSTEM_ROLE, tenantSignature } from '@intranet/platform-db';
import { embeddedPortalEnv as portalEnv, portalNodeOptions as nodeOptionsOf } from '@intranet/portal-testing/process';
import { freePort, log, ROOT, SUPER, ADMIN_PASSWORD, tcpOpen, until, which, within } from './basics.ts';
import { assertAlive, dropDatabaseOnCleanup, onCleanup, removeOnCleanup, startChild } from './children.ts';
import { api, employeesCsv, expectOk, type Api } from './http.ts';

/**
 * Another process of a domain service on a running stack (tools/chaos: replicas, restarts), started as startStack
 * starts them; resolves once it logs that it is ready.
 */
export async function startService(s: Stack, svc: string, name: string, readyMs = 60_000, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const c = startChild(name, process.execPath, [`apps/${svc}-service/src/main.ts`], { ...s.env, DATABASE_MIGRATE_URL: '', LOG_LEVEL: 'info', ...env });
  await until(readyMs, name, async () => {
    if (c.exited) throw new Error(`${name} exited:\n  ${c.tail.join('\n  ')}`);
    return c.tail.some((l) => l.includes(`${svc}-service ready`));
  });
}

export interface Stack {
  base: string;
  /** The environment the stack's processes got (startService reuses it). */
  env: NodeJS.ProcessEnv;
  adminUrl: string;
  databaseUrl: string;
  pgVersion: string;
  natsUrl: string;
  workspace: string;
  clientId: string;
  adminId: string;
  adminToken: string;
  superToken: string;
  employeeIds: string[];
  call: Api;
}

/** Ports of the private servers a stack started (tools/chaos restarts them with respawnChild). */
export const ports: { nats?: number; postgres?: number } = {};

/**
 * A throw-away PostgreSQL cluster of the installed server (initdb into a temp folder, run as the `postgres` OS user
 * when this is root, since the server refuses root), child 'postgres', so tools/chaos can stop and restart it
 * without touching the machine's shared server. Returns its administrator URL.
 */
async function startPrivatePostgres(): Promise<string> {
  const statements = statementsWanted() ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'] : [];
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().pop() : undefined;
  if (!version) throw new Error('privatePg: no PostgreSQL server under /usr/lib/postgresql');
  const bin = join(base, version, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  removeOnCleanup(dir);
  const asUser: SpawnOptions = {};
  if (process.getuid?.() === 0) {
    asUser.uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    asUser.gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, asUser.uid, asUser.gid);
  }
  execFileSync(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    ...asUser,
    stdio: 'ignore',
  } as never);
  const port = await freePort();
  const args = ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...statements];
  startChild('postgres', join(bin, 'postgres'), args, process.env, asUser);
  await until(20_000, 'private PostgreSQL', async () => {
    assertAlive();
    return tcpOpen('127.0.0.1', port);
  });
  ports.postgres = port;
  log(`private PostgreSQL ${version} at 127.0.0.1:${port}`);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/**
 * The script `npm start` runs: the server bundle dist/server/main.mjs (ADR 0015), built here first (a few seconds:
 * the bench measures the sources it is given); with BENCH_FROM_SOURCE=1 the TypeScript entry
 * apps/portal/src/main.ts instead (before/after in one checkout). Output: the path for `node`, relative to ROOT.
 */
let builtEntry: string | undefined;
export function portalEntry(): string {
  if (process.env.BENCH_FROM_SOURCE === '1') return 'apps/portal/src/main.ts';
  if (!builtEntry) {
    execFileSync(process.execPath, ['tools/server-bundle/build.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    builtEntry = 'dist/server/main.mjs';
  }
  return builtEntry;
}

/**
 * The Node flags and environment `npm start` gives the embedded portal's process (`portalNodeOptions` of
 * @intranet/portal-testing/process). BENCH_PORTAL_FLAGS replaces apps/portal/node-options' content (' ' for none:
 * before/after in one checkout).
 */
export function portalNodeOptions(): { flags: string[]; env: Record<string, string> } {
  return nodeOptionsOf(process.env.BENCH_PORTAL_FLAGS);
}

/**
 * The environment of `npm start`'s process (portalEntry) for a bench: production mode, PGlite in `dataDir`, the
 * in-process bus, no web, the bench's superadmin, rate limits ×1,000 (@intranet/portal-testing/process).
 */
export function embeddedPortalEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return portalEnv(dataDir, port, SUPER);
}

/**
 * A client "Bench Company" with a random workspace, its administrator (ADMIN_PASSWORD) and `employees` imported
 * employees, made through the API as the superadmin. Output: the workspace, the client, the admin's id and token,
 * the employees' ids.
 */
export async function makeBenchClient(base: string, superToken: string, employees: number) {
  const su = api(base, superToken);
  const workspace = `bench${randomBytes(3).toString('hex')}`;
  const client = expectOk(await su('POST', '/api/clients', { workspace, name: 'Bench Company' }), 'create client').result;
  const adminEmail = `admin@${workspace}.test`;
  const admin = expectOk(
    await su('POST', '/api/register', {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: adminEmail,
      password: ADMIN_PASSWORD,
      confirmPassword: ADMIN_PASSWORD,
      roles: ['admin'],
    }),
    'create admin',
  ).result;
  const login = expectOk(await api(base)('POST', '/api/login', { login: adminEmail, password: ADMIN_PASSWORD }), 'admin sign-in');
  const employeeIds: string[] = [];
  if (employees > 0) {
    const t0 = Date.now();
    // An import takes at most 10,000 rows (§9): larger populations come in several.
    let failed = 0;
    for (let from = 0; from < employees; from += 10_000) {
      const n = Math.min(10_000, employees - from);
      const imported = expectOk(await api(base, login.token)('POST', '/api/register_many', { csv: employeesCsv(n, from) }), 'import employees').result;
      failed += imported.failed;
      employeeIds.push(...(imported.rows as { _id?: string }[]).flatMap((r) => (r._id ? [r._id] : [])));
    }
    log(`imported ${employeeIds.length} employees (${failed} failed) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return { workspace, client, adminEmail, adminId: admin._id as string, adminToken: login.token as string, employeeIds };
}

/**
 * Creates `bench_<random>`, starts a private nats-server (unless BENCH_NATS_URL), clients-service + gateway, then
 * people-service and the given domain services one after the other (their migrations must not race), makes a client,
 * its admin and `employees` imported employees. Everything is undone by `cleanup()`.
 */
export async function startStack(opts: { services: string[]; employees: number; privatePg?: boolean }): Promise<Stack> {
  const privatePg = opts.privatePg || statementsWanted();
  const adminUrl = privatePg ? await startPrivatePostgres() : process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  removeOnCleanup(dataDir);

  const admin = new pg.Client({ connectionString: adminUrl });
  await within(10_000, 'PostgreSQL connect', admin.connect());
  const pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version as string;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  if (!privatePg) dropDatabaseOnCleanup(adminUrl, dbName);
  await admin.end();
  log(`database ${dbName} on ${dbUrl.host}`);

  let natsUrl = process.env.BENCH_NATS_URL;
  const natsBin = natsUrl ? undefined : which('nats-server');
  if (!natsUrl && natsBin) {
    const natsPort = await freePort();
    const natsDir = mkdtempSync(join(tmpdir(), 'bench-nats-'));
    removeOnCleanup(natsDir);
    startChild('nats-server', natsBin, ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', natsDir], process.env);
    await until(10_000, 'nats-server', async () => {
      assertAlive();
      return tcpOpen('127.0.0.1', natsPort);
    });
    natsUrl = `nats://127.0.0.1:${natsPort}`;
    ports.nats = natsPort;
    log(`private nats-server at ${natsUrl}`);
  } else {
    natsUrl ??= 'nats://127.0.0.1:4222';
    log(`shared NATS at ${natsUrl}: results are wrong if another stack serves the same subjects there`);
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // README "Database roles": the services log in as the runtime and system roles; each migrates its own schemas
    // first as the administrator (they start one after the other).
    DATABASE_URL: roleUrl(databaseUrl, APP_ROLE),
    DATABASE_SYSTEM_URL: roleUrl(databaseUrl, SYSTEM_ROLE),
    DATABASE_MIGRATE_URL: databaseUrl,
    NATS_URL: natsUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(24).toString('base64url'),
    // clients-service seals the HR password with it (NODE_ENV=production requires one).
    SECRETS_KEY: randomBytes(24).toString('base64url'),
    SUPERADMIN_EMAIL: SUPER.login,
    SUPERADMIN_PASSWORD: SUPER.password,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    WEB_DIR: '',
  };
  startChild('clients-service', process.execPath, ['apps/clients-service/src/main.ts'], env);
  startChild('gateway', process.execPath, ['apps/gateway/src/main.ts'], env);
  const call = api(base);
  await until(60_000, 'gateway + clients-service (GET /api/env)', async () => {
    assertAlive();
    return (await call('GET', '/api/env')).status === 200;
  });
  startChild('people-service', process.execPath, ['apps/people-service/src/main.ts'], env);
  let superToken = '';
  await until(
    60_000,
    'people-service (superadmin sign-in)',
    async () => {
      assertAlive();
      const r = await call('POST', '/api/login', SUPER);
      if (r.status === 200) superToken = r.body.token;
      return r.status === 200;
    },
    500,
  );
  for (const svc of opts.services) {
    // LOG_LEVEL=info only for the "ready" line; the services log nothing per request at info.
    const c = startChild(`${svc}-service`, process.execPath, [`apps/${svc}-service/src/main.ts`], { ...env, LOG_LEVEL: 'info' });
    await until(60_000, c.name, async () => {
      assertAlive();
      return c.tail.some((l) => l.includes(`${svc}-service ready`));
    });
  }
  log(`distributed mode is up (gateway, clients, people${opts.services.map((s) => `, ${s}`).join('')})`);

  const { workspace, client, adminId, adminToken, employeeIds } = await makeBenchClient(base, superToken, opts.employees);
  return {
    base,
    env,
    adminUrl,
    databaseUrl,
    pgVersion,
    natsUrl,
    workspace,
    clientId: client._id,
    adminId,
    adminToken,
    superToken,
    employeeIds,
    call,
  };
}

/** Database options of the runtime (APP_ROLE) and system logins on the bench database, for openDatabase. */
export function runtimeDatabase(s: Stack, poolSize: number) {
  return { url: roleUrl(s.databaseUrl, APP_ROLE), systemUrl: roleUrl(s.databaseUrl, SYSTEM_ROLE), poolSize };
}

/** The tenant signature of the stack's client (what inTenant sets as app.client_sig), read with the superuser. */
export async function tenantSig(s: Stack, clientId = s.clientId): Promise<string> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    return tenantSignature((await c.query('SELECT key FROM intranet_private.tenant_key')).rows[0].key as string, clientId);
  } finally {
    await c.end();
  }
}

/** BENCH_PG_STATEMENTS=N: the stack runs a private PostgreSQL with pg_stat_statements, and statementsTop prints N. */
const statementsWanted = () => Number(process.env.BENCH_PG_STATEMENTS ?? 0) > 0;

/** Forgets the statement statistics so far (BENCH_PG_STATEMENTS set; else nothing): call before a measured phase. */
export async function statementsReset(s: Stack): Promise<void> {
  if (!statementsWanted()) return;
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await c.query('SELECT pg_stat_statements_reset()');
  } finally {
    await c.end();
  }
}

/**
 * Prints the BENCH_PG_STATEMENTS statements of most execution time since statementsReset, per `per` operations of
 * the phase (e.g. buys): calls, ms of execution and rows each. Where PostgreSQL's CPU of a phase goes (issue 39 §1).
 */
export async function statementsTop(s: Stack, label: string, per: number): Promise<void> {
  const n = Number(process.env.BENCH_PG_STATEMENTS ?? 0);
  if (!(n > 0)) return;
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT calls, total_exec_time AS ms, rows, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time DESC LIMIT $1`,
      [n],
    );
    const total = rows.reduce((a, r) => a + Number(r.ms), 0);
    console.log(`\nPostgreSQL statements of ${label} (pg_stat_statements; per ${per} operations; top ${n} = ${total.toFixed(0)} ms of execution)`);
    for (const r of rows)
      console.log(
        `${(Number(r.calls) / per).toFixed(2).padStart(7)} calls/op ${(Number(r.ms) / per).toFixed(3).padStart(8)} ms/op ${(Number(r.ms) / Number(r.calls)).toFixed(3).padStart(8)} ms/call  ${String(r.query).slice(0, 150)}`,
      );
  } finally {
    await c.end();
  }
}

/** A superuser pg client on the bench database (RLS does not apply), closed by cleanup(). */
export async function superClient(s: Stack): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  onCleanup(() => c.end().catch(() => undefined));
  return c;
}

/** Waits until `sql` (one row, column n) reaches `want`; projections fill asynchronously from the event stream. */
export async function waitCount(c: pg.Client, what: string, sql: string, params: unknown[], want: number, ms = 120_000): Promise<void> {
  let last = 0;
  await until(
    ms,
    `${what} (${last}/${want})`,
    async () => {
      assertAlive();
      last = Number((await c.query(sql, params)).rows[0].n);
      return last >= want;
    },
    500,
  );
  log(`${what}: ${last}/${want}`);
}
