import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const { existsSync } = await import('node:fs');
  const { readFileSync } = await import('node:fs');
  // The package does not export its package.json; it sits next to dist/. createRequire, not import.meta.resolve: a
  // bundler keeps the former (tools/server-bundle, ADR 0015).
  const { createRequire } = await import('node:module');
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(join(main, '../../package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(`${version}\n${BOOTSTRAP_SQL}`).digest('hex').slice(0, 16);
  const dir = join(TEMPLATE_CACHE, `pglite-${version}-${key}`);
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
