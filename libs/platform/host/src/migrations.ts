import { auditMigrations } from '@intranet/platform-audit';
import type { MigrationSet } from '@intranet/platform-db';
import { jobsMigrations } from '@intranet/platform-jobs';
import { outboxMigrations } from '@intranet/platform-outbox';

/** The platform's own migrations (outbox, audit journal, job queue), applied before the domains' by every host and the migration step. */
export const PLATFORM_MIGRATIONS: MigrationSet[] = [outboxMigrations, auditMigrations, jobsMigrations];
