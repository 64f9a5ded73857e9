/**
 * Shared helpers of the benchmarks in tools/bench (feed.ts, socket-fanout.ts, kb-search.ts): environment parsing,
 * a throw-away database, a private nats-server, the portal in distributed mode as child processes (gateway +
 * clients/people + the domain services a bench needs), a client with its admin and imported employees, cleanup on
 * exit/errors/Ctrl-C, percentiles and tables. user-get.ts predates this file and keeps its own copy.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection, createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool, type Dispatcher } from 'undici';
import { APP_ROLE, roleUrl, SYSTEM_ROLE, tenantSignature } from '@intranet/platform-db';

/** The checkout whose services and gateway are started: this one, or BENCH_ROOT (tools/bench/compare.ts runs a base commit's). */
export const ROOT = process.env.BENCH_ROOT ? resolve(process.env.BENCH_ROOT) : fileURLToPath(new URL('../..', import.meta.url));
export const SUPER = { login: 'bench-root@example.com', password: 'benchroot1' };
export const ADMIN_PASSWORD = 'benchadmin1';

export function intEnv(name: string, def: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min} (got '${raw}')`);
  return n;
}

export const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls `fn` for every realtime event a socket.io-client socket receives, the entries of the gateway's `batch`
 * frames ([[subject, data], ...]: a busy workspace's events, issue 19) unpacked in order, as @intranet/web-session does.
 */
export function onLiveEvents(sk: { onAny(fn: (event: string, ...args: any[]) => void): unknown }, fn: (subject: string, data: any) => void): void {
  sk.onAny((event: string, data: unknown) => {
    if (event === 'batch' && Array.isArray(data)) for (const [subject, d] of data as [string, unknown][]) fn(subject, d);
    else fn(event, data);
  });
}

/** Rejects when `p` takes longer than `ms`. */
export async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no result within ${Math.round(ms / 1000)} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function tcpOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host, port });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** Polls `check` every `everyMs` until it returns true; throws after `ms`. */
export async function until(ms: number, what: string, check: () => Promise<boolean>, everyMs = 250): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not ready within ${Math.round(ms / 1000)} s`);
}

function which(bin: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const d of dirs) if (d && existsSync(join(d, bin))) return join(d, bin);
  return undefined;
}

// ------------------------------------------------------------------------------------------------------------------
// Child processes and cleanup
// ------------------------------------------------------------------------------------------------------------------

/** A child process whose last output lines are kept for error reports. */
interface Child {
  name: string;
  proc: ChildProcess;
  tail: string[];
  exited: boolean;
}

const children: Child[] = [];
/** Extra cleanup steps (workers, sockets, pools), run before the children are stopped, newest first. */
const cleanups: (() => Promise<void> | void)[] = [];
export const onCleanup = (fn: () => Promise<void> | void) => void cleanups.push(fn);

/** How each named child was started, so respawnChild can start it again the same way. */
const recipes = new Map<string, { cmd: string; args: string[]; env: NodeJS.ProcessEnv; opts: SpawnOptions }>();

/** Starts a child process (stopped by cleanup; its last 40 output lines kept for errors). */
export function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, opts: SpawnOptions = {}): Child {
  recipes.set(name, { cmd, args, env, opts });
  const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const child: Child = { name, proc, tail: [], exited: false };
  const keep = (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) if (line.trim()) child.tail.push(line);
    if (child.tail.length > 40) child.tail.splice(0, child.tail.length - 40);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  proc.once('exit', () => {
    child.exited = true;
  });
  children.push(child);
  return child;
}

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

/** Sends `signal` to the named child and waits for it to exit (SIGKILL: a crash; SIGTERM: a graceful stop). */
export async function signalChild(name: string, signal: NodeJS.Signals, ms = 30_000): Promise<void> {
  const c = children.find((x) => x.name === name && !x.exited);
  if (!c) throw new Error(`no running child ${name}`);
  const gone = new Promise<void>((r) => c.proc.once('exit', () => r()));
  c.proc.kill(signal);
  await within(ms, `${name} to exit on ${signal}`, gone);
  children.splice(children.indexOf(c), 1);
}

/**
 * Starts a child again exactly as it was first started (tools/chaos: nats-server or the private PostgreSQL after a
 * stop, on the same port and data folder); resolves once its port accepts connections.
 */
export async function respawnChild(name: string, port: number, ms = 30_000): Promise<void> {
  const r = recipes.get(name);
  if (!r) throw new Error(`no recipe for ${name}`);
  startChild(name, r.cmd, r.args, r.env, r.opts);
  await until(ms, name, async () => tcpOpen('127.0.0.1', port), 50);
}

/** The running child processes (name and pid), e.g. to sample their memory. */
export const runningChildren = (): { name: string; pid: number }[] =>
  children.filter((c) => !c.exited && c.proc.pid !== undefined).map((c) => ({ name: c.name, pid: c.proc.pid! }));

/** The last output lines of a child process started by startStack (e.g. 'kb-service'). */
export const childTail = (name: string): string[] => children.find((c) => c.name === name)?.tail ?? [];

export function assertAlive(): void {
  const dead = children.find((c) => c.exited);
  if (dead) throw new Error(`${dead.name} exited (code ${dead.proc.exitCode}):\n  ${dead.tail.join('\n  ')}`);
}

async function stopChild(c: Child, ms = 5_000): Promise<void> {
  if (c.exited || c.proc.exitCode !== null || c.proc.signalCode !== null) return;
  const gone = new Promise<void>((r) => c.proc.once('exit', () => r()));
  c.proc.kill('SIGTERM');
  const t = setTimeout(() => c.proc.kill('SIGKILL'), ms);
  await gone;
  clearTimeout(t);
}

let cleaning: Promise<void> | undefined;
const dirs: string[] = [];
let dropDb: { adminUrl: string; dbName: string } | undefined;

/** Idempotent: extra cleanups, then the children (services first, NATS last), temp dirs, the database. */
export function cleanup(): Promise<void> {
  return (cleaning ??= (async () => {
    for (const fn of [...cleanups].reverse()) {
      try {
        await within(10_000, 'cleanup step', Promise.resolve(fn()));
      } catch (err) {
        log(`cleanup: ${(err as Error).message}`);
      }
    }
    for (const c of [...children].reverse()) await stopChild(c);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (dropDb) {
      const admin = new pg.Client({ connectionString: dropDb.adminUrl });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${dropDb.dbName}" WITH (FORCE)`);
        log(`dropped database ${dropDb.dbName}`);
      } catch (err) {
        log(`could not drop database ${dropDb.dbName}: ${(err as Error).message}`);
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
  })());
}

/** Runs `main` with cleanup on success, error, SIGINT and SIGTERM; sets the exit code. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      log(`${sig}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (err) {
    process.exitCode = 1;
    log(`FAILED: ${(err as Error).stack ?? err}`);
  } finally {
    await cleanup();
  }
}

// ------------------------------------------------------------------------------------------------------------------
// HTTP API
// ------------------------------------------------------------------------------------------------------------------

export interface ApiResult {
  status: number;
  body: any;
}
export type Api = (method: string, path: string, body?: unknown) => Promise<ApiResult>;

export function api(base: string, token?: string): Api {
  return async (method, path, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  };
}

/**
 * Like `api`, on undici's `request` over one keep-alive pool per origin (no connection cap): about a third of
 * fetch's CPU per call, which matters where the load generator shares the two cores with the portal (mixed.ts).
 * Same answers: status and the body parsed as JSON when it is JSON. A call gives up after 120 s.
 */
export function fastApi(base: string, token?: string): Api {
  const pool = (pools[base] ??= new Pool(base, { connections: null, headersTimeout: 120_000, bodyTimeout: 120_000 }));
  return async (method, path, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await pool.request({ method: method as Dispatcher.HttpMethod, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body: parsed };
  };
}
const pools: Record<string, Pool> = {};
onCleanup(() => Promise.all(Object.values(pools).map((p) => p.close())).then(() => undefined));

export function expectOk(r: ApiResult, what: string): any {
  if (r.status !== 200) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r.body;
}

/** ~n employees as CSV (header + rows), varied enough for realistic rows; `from` offsets their numbers (e-mails). */
export function employeesCsv(n: number, from = 0): string {
  const first = ['Anna', 'Boris', 'Chloe', 'Dmytro', 'Elena', 'Fedir', 'Galyna', 'Ivan', 'Kateryna', 'Oleh', 'Maria', 'Petro'];
  const last = ['Shevchenko', 'Bondarenko', 'Kovalenko', 'Tkachenko', 'Kravchenko', 'Oliynyk', 'Smith', 'Jones', 'Melnyk', 'Boyko'];
  const dept = ['Sales', 'Finance', 'Engineering', 'HR', 'Legal', 'Support', 'Marketing'];
  const city = ['Kyiv', 'Lviv', 'Odesa', 'Kharkiv', 'Dnipro'];
  const lines = ['firstName,lastName,email,position,department,city,phone'];
  for (let i = from; i < from + n; i++) {
    lines.push(
      [
        first[i % first.length],
        last[(i * 7) % last.length],
        `employee${i}@bench.test`,
        `Specialist ${i % 9}`,
        dept[i % dept.length],
        city[i % city.length],
        `+380 44 ${String(1000000 + i).slice(-7)}`,
      ].join(','),
    );
  }
  return lines.join('\n');
}

// ------------------------------------------------------------------------------------------------------------------
// The portal in distributed mode
// ------------------------------------------------------------------------------------------------------------------

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
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().pop() : undefined;
  if (!version) throw new Error('privatePg: no PostgreSQL server under /usr/lib/postgresql');
  const bin = join(base, version, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  dirs.push(dir);
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
  const args = ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'];
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
 * A client "Bench Company" with a random workspace, its administrator (ADMIN_PASSWORD) and `employees` imported
 * employees, made through the API as the superadmin. Output: the workspace, the client, the admin's id and token,
 * the employees' ids.
 */
/**
 * The environment of `npm start`'s process (apps/portal/src/main.ts) for a bench: production mode, PGlite in
 * `dataDir`, the in-process bus (no DATABASE_URL or NATS_URL), no web, the bench's superadmin, rate limits ×1,000.
 */
export function embeddedPortalEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIR: '',
    DATABASE_URL: '',
    NATS_URL: '',
    JWT_SECRET: randomBytes(24).toString('base64url'),
    SUPERADMIN_EMAIL: SUPER.login,
    SUPERADMIN_PASSWORD: SUPER.password,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'error',
  };
}

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
  const adminUrl = opts.privatePg ? await startPrivatePostgres() : process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  dirs.push(dataDir);

  const admin = new pg.Client({ connectionString: adminUrl });
  await within(10_000, 'PostgreSQL connect', admin.connect());
  const pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version as string;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  if (!opts.privatePg) dropDb = { adminUrl, dbName };
  await admin.end();
  log(`database ${dbName} on ${dbUrl.host}`);

  let natsUrl = process.env.BENCH_NATS_URL;
  const natsBin = natsUrl ? undefined : which('nats-server');
  if (!natsUrl && natsBin) {
    const natsPort = await freePort();
    const natsDir = mkdtempSync(join(tmpdir(), 'bench-nats-'));
    dirs.push(natsDir);
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

// ------------------------------------------------------------------------------------------------------------------
// Measurement and output
// ------------------------------------------------------------------------------------------------------------------

/** The part of autocannon's result these benches read (autocannon ships no types). */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
export type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  timeout?: number;
  method?: string;
  body?: string;
}) => Promise<CannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Nearest-rank percentile of an unsorted sample (0 for an empty one). */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export function table(head: string[], data: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...data.map((d) => (d[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...data.map(fmt)].join('\n');
}

export function machine(pgVersion: string): string {
  const cpu = cpus();
  return `node ${process.version}, PostgreSQL ${pgVersion}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
}

/** A target check: ✓ / ✗ next to a figure. */
export const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');
