import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATION_STEP_VERSION } from './migrate.ts';
import { BOOTSTRAP_SQL } from './roles.ts';

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
 * Fills an empty PGlite data folder from a cached template instead of running initdb and every migration, which are
 * most of a first start (issue 8 §1, issue 39 §2): the migrated template of this checkout's migration files when it
 * was made (`makeMigratedTemplate`, run when the server bundle is built), else the initialised one (initdb + the
 * bootstrap role: `ensurePgliteTemplate`, also run by `npm start`'s setup; the migrations then run at start). Copied
 * as plain files. A folder that already holds a database (PG_VERSION) or anything else is left alone.
 * `useMigrated` false: the initdb template only; `cache`: where the migrated template is looked for.
 * Output: which template was copied, or false. Errors of the copy propagate; a missing initdb template is created.
 */
export async function seedFromTemplate(
  dataDir: string,
  extensions?: Awaited<ReturnType<typeof pgliteExtensions>>,
  useMigrated = true,
  cache = TEMPLATE_CACHE,
): Promise<'migrated' | 'initdb' | false> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length) return false;
  const migrated = useMigrated ? migratedTemplateDir(cache) : '';
  const template = migrated && existsSync(join(migrated, 'PG_VERSION')) ? migrated : await ensurePgliteTemplate(extensions);
  // Synchronous: ≈ 0.13 s for the 1,700 files of the migrated template; fs/promises' cp took 0.7 s alone and 3.5 s
  // beside the module loading of a first start (a round trip to libuv's pool per file and call).
  cpSync(template, dataDir, { recursive: true });
  return template === migrated ? 'migrated' : 'initdb';
}

let version: string | undefined;
/**
 * PGlite's version: the package does not export its package.json, which sits next to dist/. createRequire, not
 * import.meta.resolve: a bundler keeps the former (tools/server-bundle, ADR 0015).
 */
function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return (version ??= (JSON.parse(readFileSync(join(main, '../../package.json'), 'utf8')) as { version: string }).version);
}

/** The initdb template's folder name: PGlite's version and the bootstrap SQL. */
function initdbName(v: string): string {
  return `pglite-${v}-${createHash('sha256').update(`${v}\n${BOOTSTRAP_SQL}`).digest('hex').slice(0, 16)}`;
}

/**
 * Path of the initialised PGlite data template, creating it when missing: initdb in a temporary folder next to the
 * cache, the bootstrap SQL, a clean shutdown, then an atomic rename (two processes may race; one rename wins).
 */
export async function ensurePgliteTemplate(extensions?: Awaited<ReturnType<typeof pgliteExtensions>>): Promise<string> {
  const dir = join(TEMPLATE_CACHE, initdbName(pgliteVersion()));
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  // PGlite's module only when the template is made (a first start on a new folder runs PGlite in its worker).
  const { PGlite } = await import('@electric-sql/pglite');
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

/** The folder `libs/` (import.meta.url stays the source file's own in the server bundle). */
const LIBS = fileURLToPath(new URL('../../../', import.meta.url));

/** Every `migrations` folder (with a drizzle journal) under libs/: libs/<domain>/server/ and libs/platform/<x>/. */
function migrationFolders(dir = LIBS, depth = 0): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || ['node_modules', 'src', 'test', 'web', 'dist'].includes(e.name)) continue;
    const path = join(dir, e.name);
    if (e.name === 'migrations' && existsSync(join(path, 'meta/_journal.json'))) out.push(path);
    else if (depth < 2) out.push(...migrationFolders(path, depth + 1));
  }
  return out.sort();
}

/**
 * The migrated template's folder for this checkout: PGlite's version, the bootstrap SQL, the migration step's own SQL
 * and every migration file under libs/ (names and contents). Reading them costs a few ms; only a first start asks.
 */
export function migratedTemplateDir(cache = TEMPLATE_CACHE): string {
  const hash = createHash('sha256').update(MIGRATION_STEP_VERSION);
  for (const folder of migrationFolders()) {
    for (const f of readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort()) {
      hash.update(relative(LIBS, f)).update(readFileSync(f));
    }
  }
  return join(cache, `${initdbName(pgliteVersion())}-migrated-${hash.digest('hex').slice(0, 16)}`);
}

/**
 * Makes the migrated data template when this checkout's is missing (`migrate` applies the hosted sets on the PGlite
 * it is given): a copy of the initdb template, the migrations, the signing key removed (each data folder made from
 * the template gets its own at start: migrate.ts), the WAL at the start of a fresh segment and a checkpoint (a start
 * past 75 % of a segment zero-fills the next), a clean shutdown, an atomic rename; then other migrated templates
 * (older migration files) are removed. `cache`: the folder it is made in (node_modules/.cache/intranet-pglite; a
 * spec passes its own). Output: its path and whether it was made now. Errors propagate; nothing is left half-made.
 */
export async function makeMigratedTemplate(
  migrate: (pglite: import('@electric-sql/pglite').PGlite) => Promise<void>,
  cache = TEMPLATE_CACHE,
): Promise<{ dir: string; made: boolean }> {
  const dir = migratedTemplateDir(cache);
  if (existsSync(join(dir, 'PG_VERSION'))) return { dir, made: false };
  const { PGlite } = await import('@electric-sql/pglite');
  const initdb = await ensurePgliteTemplate();
  await mkdir(cache, { recursive: true });
  const tmp = await mkdtemp(join(cache, 'tmp-'));
  try {
    await cp(initdb, tmp, { recursive: true });
    const pgl = await PGlite.create(tmp, { extensions: await pgliteExtensions(), startParams: PGLITE_START_PARAMS });
    try {
      await migrate(pgl);
      await pgl.exec('DELETE FROM intranet_private.tenant_key; SET wal_recycle = off; SELECT pg_switch_wal(); CHECKPOINT;');
    } finally {
      await pgl.close();
    }
    await rename(tmp, dir).catch((err: NodeJS.ErrnoException) => {
      if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const stale = `${basename(initdb)}-migrated-`;
  for (const d of readdirSync(cache)) {
    if (d.startsWith(stale) && d !== basename(dir)) await rm(join(cache, d), { recursive: true, force: true });
  }
  return { dir, made: true };
}
