import { tenantPart } from '@intranet/platform-host';
import * as schema from './schema.ts';

/**
 * The adaptation domain's part of a workspace's whole life (issue 36, DESIGN §6): it answers
 * `tenant.adaptation.{count,delete,export,import,keys}` (tenantSubjects of @intranet/platform-contracts) over every
 * tenant table of schema.ts (a table with client_id; parents before children by foreign key) and any SQL-only
 * table with client_id in the schema. The clients service orchestrates statistics, clone, export/import and full
 * delete over it. Per-table options as the third argument: `[[sessions, { skipImport: true }]]` for rows that must
 * not be copied into another workspace (tokens), `rewrite` for a column naming the workspace, `purge` for a table
 * the runtime may not delete from (a SECURITY DEFINER function).
 */
export const adaptationTenant = tenantPart('adaptation', schema);
