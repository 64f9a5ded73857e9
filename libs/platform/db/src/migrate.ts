import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationSet } from './index.ts';
import { APP_ROLE, BOOTSTRAP_SQL, DEFINER_ROLE, OWNER_ROLE, SYSTEM_ROLE } from './roles.ts';

/**
 * A new random signing key, unless the database has one. Also run when the migration step finds nothing to do: the
 * embedded portal's migrated data template is kept without a key (template.ts), so each data folder made from it gets
 * its own.
 */
const TENANT_KEY_SQL = `INSERT INTO intranet_private.tenant_key (key)
  VALUES (encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
  ON CONFLICT DO NOTHING;`;

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
${TENANT_KEY_SQL}
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
CREATE TABLE IF NOT EXISTS intranet_private.migration_step (schema text PRIMARY KEY, fingerprint text NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now());
ALTER TABLE intranet_private.migration_step OWNER TO ${OWNER_ROLE};
REVOKE ALL ON intranet_private.migration_step FROM ${APP_ROLE};
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

/** The step's own SQL (schema '') and each set's journal as of the step's last complete run, per schema. */
const STEP_ROW = '';
const fingerprintOf = (set: MigrationSet) =>
  createHash('sha256')
    .update(MIGRATION_STEP_VERSION)
    .update(readFileSync(join(set.folder, 'meta/_journal.json')))
    .digest('hex')
    .slice(0, 16);

/** Applied migrations per set vs their journals; throws NotMigratedError naming the first incomplete schema. */
export async function checkMigrated(query: (sql: string) => Promise<{ rows: { n: number }[] }>, sets: MigrationSet[]): Promise<void> {
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
 * The migration step on one session: database set-up, ownership, the sets as OWNER_ROLE, then FORCE and grants.
 * Skipped when its last complete run on this database recorded the same step SQL (MIGRATION_STEP_VERSION) and the
 * same journal for every set in `intranet_private.migration_step`: then drizzle has nothing to apply and the
 * ownership and grant passes found nothing to change (an embedded restart paid ≈ 0.7 s of CPU for that on a 2-vCPU
 * VM; tools/bench/README.md, issue 39 §2); only a missing signing key is made then. `query` answers `{ rows }` (pg's
 * shape).
 */
export async function runMigrations(
  query: (q: string) => Promise<{ rows: unknown[] }>,
  db: never,
  migrate: (db: never, config: { migrationsFolder: string; migrationsSchema: string; migrationsTable: string }) => Promise<void>,
  sets: MigrationSet[],
): Promise<void> {
  const wanted = new Map([[STEP_ROW, MIGRATION_STEP_VERSION], ...sets.map((s) => [s.schema, fingerprintOf(s)] as const)]);
  const recorded = await recordedFingerprints(query);
  if ([...wanted].every(([schema, f]) => recorded.get(schema) === f)) {
    await query(TENANT_KEY_SQL);
    return;
  }
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
  await query(
    `INSERT INTO intranet_private.migration_step (schema, fingerprint) VALUES ${[...wanted].map(([schema, f]) => `(${escapeLiteral(schema)}, ${escapeLiteral(f)})`).join(', ')}
     ON CONFLICT (schema) DO UPDATE SET fingerprint = excluded.fingerprint, recorded_at = now()`,
  );
}

/** schema → fingerprint from the last complete runs of the step (empty before the first, or before this table). */
async function recordedFingerprints(query: (q: string) => Promise<{ rows: unknown[] }>): Promise<Map<string, string>> {
  const exists = (await query("SELECT to_regclass('intranet_private.migration_step') IS NOT NULL AS ok")).rows[0] as { ok: boolean } | undefined;
  if (!exists?.ok) return new Map();
  const { rows } = await query('SELECT schema, fingerprint FROM intranet_private.migration_step');
  return new Map((rows as { schema: string; fingerprint: string }[]).map((r) => [r.schema, r.fingerprint]));
}

/** PostgreSQL string literal (standard_conforming_strings on, as in every supported version). */
export function escapeLiteral(v: string): string {
  if (v.includes('\0')) throw new Error('NUL in a SQL literal');
  return `'${v.replace(/'/g, "''")}'`;
}
