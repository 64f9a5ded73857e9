import { getConstructionPlans } from 'pg-boss';
import { APP_ROLE } from '@intranet/platform-db';
import { splitSqlStatements } from './sql-split.ts';

/** The PostgreSQL schema that holds the job queue's tables (pg-boss's own, not a tenant schema). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The migration that installs pg-boss's schema, as drizzle-kit's migrator reads it (statements separated by
 * breakpoints). pg-boss's construction plan wraps itself in BEGIN, SET LOCAL and an advisory lock: the migration step
 * already runs each migration in a transaction under one database-wide lock, so those lines are left out. The runtime
 * roles get the schema (tables: the default privileges of the migration step).
 */
export function jobsMigrationSql(): string {
  const skip = /^(BEGIN|COMMIT|SET LOCAL\b|SELECT pg_advisory_xact_lock\b)/i;
  const statements = splitSqlStatements(getConstructionPlans(JOBS_SCHEMA, { createSchema: true })).filter((s) => !skip.test(s));
  statements.push(`GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${APP_ROLE}`);
  return `${statements.join(';\n--> statement-breakpoint\n')};\n`;
}
