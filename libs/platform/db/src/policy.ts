import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The application role (created at start by openDatabase); migrations only reference it. */
export const appRole = pgRole('intranet_app').existing();

/**
 * The row-level security policy every tenant table carries (DESIGN §5): rows are visible and writable only
 * when their client is the transaction's tenant (`app.client_id`) or during an audited system bypass.
 */
export function tenantPolicy(column = 'client_id') {
  const expr = sql.raw(`(${column} = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')`);
  return pgPolicy('tenant_isolation', { as: 'permissive', to: appRole, for: 'all', using: expr, withCheck: expr });
}
