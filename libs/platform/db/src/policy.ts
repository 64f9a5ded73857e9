import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The application role (created at start by openDatabase); migrations only reference it. */
export const appRole = pgRole('intranet_app').existing();

/**
 * The tenant condition of every policy: the transaction's client as `intranet_private.current_client()` vouches
 * for it (its id and signature, set by inTenant; null otherwise). As a scalar subquery it is evaluated once per
 * query, not per row. The system context needs no clause: its role bypasses row-level security.
 */
export const TENANT_CONDITION = (column: string) => `(${column} = (SELECT intranet_private.current_client()))`;

/** The signed user of the transaction (inTenant's ctx.userId, vouched for like the client), for per-user policies. */
export const CURRENT_USER = '(SELECT intranet_private.current_user_id())';

/**
 * The row-level security policy every tenant table carries (DESIGN §5, issue 18 §1): rows are visible and writable
 * only when their client is the transaction's signed tenant.
 */
export function tenantPolicy(column = 'client_id') {
  const expr = sql.raw(TENANT_CONDITION(column));
  return pgPolicy('tenant_isolation', { as: 'permissive', to: appRole, for: 'all', using: expr, withCheck: expr });
}
