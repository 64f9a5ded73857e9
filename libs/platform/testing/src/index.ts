import { Logger } from '@nestjs/common';
import { InProcessBus, NatsBus, type Bus } from '@intranet/platform-bus';
import {
  APP_ROLE,
  MIGRATION_STEP_VERSION,
  openDatabase,
  pgliteExtensions,
  roleUrl,
  SYSTEM_ROLE,
  type Database,
  type MigrationSet,
} from '@intranet/platform-db';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test ports (DESIGN §9): the real PostgreSQL and NATS when DATABASE_URL / NATS_URL are set, else PGlite and
 * the in-process bus. Each call gives an isolated database (a fresh PostgreSQL database, or a clone of a migrated
 * PGlite template) and an isolated bus (a random subject prefix and its own JetStream stream).
 */
export const testMode = {
  postgres: !!process.env.DATABASE_URL,
  nats: !!process.env.NATS_URL,
};

const rand = () => randomBytes(5).toString('hex');

let template: Promise<Uint8Array> | undefined;
let templateSets = '';

/**
 * A test database plus `adminExec`: SQL as the server's administrator (DDL a spec needs beyond the migrations), and
 * `replica()`: another process's view of the same database (PostgreSQL: its own pools; PGlite: the one session, as
 * the embedded portal has), for specs of work that must run once with two replicas. Close replicas before the database.
 */
export type TestDatabase = Database & {
  adminExec(query: string): Promise<void>;
  replica(): Promise<Database>;
  /** PostgreSQL only: the database's administrator URL, for a service process a spec starts on it. */
  url?: string;
};

/**
 * An isolated, migrated database; `close()` drops it (PostgreSQL) or closes the clone (PGlite). `owner`: the pid of
 * a process that may be killed before it can close the database (a Jest worker's shared portal); PostgreSQL names
 * it `it_s<pid>_...` so that `dropOrphanDatabases` can drop it once that process is gone.
 */
export async function testDatabase(sets: MigrationSet[], owner?: number): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = (await import('pg')).default;
    if (owner !== undefined) await dropOrphanDatabases(url);
    const name = owner === undefined ? `it_${rand()}` : `it_s${owner}_${rand()}`;
    const template = await postgresTemplate(url, sets);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    // DATABASE_URL is the test server's administrator: it migrates; the portal runs as the runtime and system roles.
    const db = await openDatabase({
      url: roleUrl(u.toString(), APP_ROLE),
      systemUrl: roleUrl(u.toString(), SYSTEM_ROLE),
      migrateUrl: u.toString(),
      poolSize: 4,
    });
    // Nothing left to apply; it grants what a copy does not carry (the database-level CREATE right of the owner).
    await db.migrate(sets);
    const close = db.close;
    return {
      ...db,
      url: u.toString(),
      replica: () => openDatabase({ url: roleUrl(u.toString(), APP_ROLE), systemUrl: roleUrl(u.toString(), SYSTEM_ROLE), poolSize: 4 }),
      async adminExec(query) {
        const a = new pg.Client({ connectionString: u.toString() });
        await a.connect();
        try {
          await a.query(query);
        } finally {
          await a.end();
        }
      },
      async close() {
        await close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const key = sets.map((s) => s.folder).join('|');
  if (!template || templateSets !== key) {
    templateSets = key;
    template = migratedTemplate(sets);
  }
  // Each database starts from the migrated dump: one PGlite start per spec database (a clone of a template
  // instance cost two starts and a dump of each spec file's only database).
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  let pglite: import('@electric-sql/pglite').PGlite;
  try {
    pglite = await PGlite.create({ extensions, loadDataDir: tarball(await template) });
  } catch {
    // A damaged cached dump: rebuild it once.
    template = migratedTemplate(sets, true);
    pglite = await PGlite.create({ extensions, loadDataDir: tarball(await template) });
  }
  const db = await openDatabase({ pglite });
  return { ...db, adminExec: db.exec, replica: async () => ({ ...db, close: async () => undefined }) };
}

/** PostgreSQL (administrator `url`): drops the `it_s<pid>_...` spec databases whose process no longer runs. */
export async function dropOrphanDatabases(url: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ '^it_s[0-9]+_'");
    for (const { datname } of rows) {
      const pid = Number(/^it_s(\d+)_/.exec(datname)![1]);
      if (alive(pid)) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The data folder of a migrated PGlite for `sets`, as a tar dump. Spec files run in separate processes and each used
 * to pay initdb and every migration (~10 s); the first one writes the dump to node_modules/.cache (keyed by the PGlite
 * version and the migration files' contents) and the others read it. Writes are atomic (rename), so racing processes
 * are harmless. `rebuild`: ignore the cached dump (it was found damaged).
 */
async function migratedTemplate(sets: MigrationSet[], rebuild = false): Promise<Uint8Array> {
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8')) as { version: string }).version;
  // "w": a dump at the start of a fresh WAL segment (below); dumps made before that are not reused.
  const file = join(DUMP_CACHE, `migrated-${version}-w-${migrationsKey(sets)}.tar`);
  if (existsSync(file) && !rebuild) return new Uint8Array(readFileSync(file));
  const pgl = await PGlite.create({ extensions });
  try {
    await (await openDatabase({ pglite: pgl })).migrate(sets);
    // The migrations fill most of a 16 MB WAL segment; a start past 75 % of one zero-fills the next (PostgreSQL's
    // pre-allocation at the start's checkpoint): 16 MB written through PGlite's in-memory files by every spec
    // database. A fresh segment, the old one removed rather than kept as a spare, and a checkpoint leave the dump
    // at the start of its only segment.
    await pgl.exec('SET wal_recycle = off; SELECT pg_switch_wal(); CHECKPOINT;');
    const dump = await pgl.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(DUMP_CACHE, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    return new Uint8Array(bytes);
  } finally {
    await pgl.close();
  }
}

/** 16 hex digits naming the migration files of `sets` (names and contents) and the migration steps' version. */
function migrationsKey(sets: MigrationSet[]): string {
  const hash = createHash('sha256').update(MIGRATION_STEP_VERSION);
  for (const set of sets) {
    for (const f of readdirSync(set.folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort()) {
      hash.update(f.slice(set.folder.length)).update(readFileSync(f));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * PostgreSQL: the name of a migrated template database for `sets` on the server of `url` (administrator), made once
 * per set of migration files and kept (`it_tpl_<key>`); each spec database is a copy of it (`CREATE DATABASE ...
 * TEMPLATE`, ~0.3 s) instead of running every migration again (~5 s of the server's CPU a spec file). Processes
 * racing to make it serialise on an advisory lock; a template is built under another name and renamed when
 * complete, so a half-built one is never copied.
 */
function postgresTemplate(url: string, sets: MigrationSet[]): Promise<string> {
  const key = `${url}|${migrationsKey(sets)}`;
  let made = pgTemplates.get(key);
  if (!made) {
    made = buildPostgresTemplate(url, sets, `it_tpl_${key.split('|')[1]}`);
    made.catch(() => pgTemplates.delete(key));
    pgTemplates.set(key, made);
  }
  return made;
}

async function buildPostgresTemplate(url: string, sets: MigrationSet[], name: string): Promise<string> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_b${rand()}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const u = new URL(url);
    u.pathname = `/${building}`;
    const db = await openDatabase({
      url: roleUrl(u.toString(), APP_ROLE),
      systemUrl: roleUrl(u.toString(), SYSTEM_ROLE),
      migrateUrl: u.toString(),
      poolSize: 1,
    });
    try {
      await db.migrate(sets);
    } finally {
      await db.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}

/**
 * The dump as PGlite's `loadDataDir` reads it: it asks only `arrayBuffer()` and `type`, and copies each file into its
 * own memory, so the bytes are shared by every database and never written. A Blob of the 48 MB dump cost each spec
 * database ≈ 0.3 s of CPU in Node's Blob reader (`pull`, `concat`) before PGlite read a byte (issue 39).
 */
function tarball(bytes: Uint8Array): Blob {
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => bytes.buffer } as unknown as Blob;
}

const DUMP_CACHE = fileURLToPath(new URL('../../../../node_modules/.cache/intranet-pglite-migrated/', import.meta.url));

/** An isolated bus: NATS with a random prefix, or the given one (ephemeral stream), or a new in-process bus. */
export function testBus(queue?: string, prefix = `t${rand()}`): Bus {
  const url = process.env.NATS_URL;
  if (url) {
    // A process routes Nest's NATS status lines (connect, close) to its own logger (openPlatform); a bare test bus
    // has none, so Nest's default would print one per connection closed: warnings and errors only.
    Logger.overrideLogger(['warn', 'error']);
    return new NatsBus({ servers: url, queue, prefix, ephemeral: true });
  }
  return new InProcessBus();
}

/** A TCP port free on 127.0.0.1 just now (the OS picks it), for a child process's listener. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Waits until `check` stops throwing (an assertion that holds), polling every `everyMs`; rethrows its last failure after `ms`. */
export async function eventuallyPasses(check: () => Promise<void> | void, ms = 5000, everyMs = 25): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

/** Waits until `fn` returns truthy (events, mail files); throws after `timeoutMs`. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** An HTTP-ish answer of the test harness (`t.call`, `api`): status and parsed body. */
// Bodies differ per route; a spec reads what it asserts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = any;

export interface Answer {
  status: number;
  body: AnyBody;
}

/**
 * The `result` of an answer that must have `status` (200 by default); otherwise fails naming the status and body.
 * Given a promise of an answer, returns a promise of the result. The one `ok()` every spec uses (issue 30 §6).
 */
export function ok<T = AnyBody>(r: Answer, status?: number, what?: string): T;
export function ok<T = AnyBody>(r: Promise<Answer>, status?: number, what?: string): Promise<T>;
export function ok<T = AnyBody>(r: Answer | Promise<Answer>, status = 200, what = ''): T | Promise<T> {
  const check = (a: Answer): T => {
    if (a.status !== status) throw new Error(`${what ? `${what}: ` : ''}expected ${status}, got ${a.status} ${JSON.stringify(a.body)}`);
    return (a.body?.result ?? a.body) as T;
  };
  return r instanceof Promise ? r.then(check) : check(r);
}
