import { createHash } from 'node:crypto';

/**
 * Database roles (issue 18 §1, README "Database roles", docs/adr/0008-database-roles.md):
 * - OWNER_ROLE owns every schema, table and function; migrations run as it (`SET ROLE` from the migration login);
 *   it cannot log in and is subject to row-level security (every tenant table has FORCE ROW LEVEL SECURITY).
 * - APP_ROLE is the runtime's login: not superuser, not owner, no BYPASSRLS, member of no role. It sees a tenant's
 *   rows only while the transaction carries that client's id and its signature (`app.client_id`, `app.client_sig`).
 * - SYSTEM_ROLE is the login of the system context (asSystem: superadmin screens, relays, schedulers, sign-in
 *   look-ups): BYPASSRLS, a separate pool, entered only through `asSystem(reason, …)`.
 * - DEFINER_ROLE (no login, BYPASSRLS) owns the SECURITY DEFINER functions of the domains (reads the planner cannot
 *   do under row-level security, e.g. kb search); each filters by `intranet_private.current_client()` itself.
 */
export const OWNER_ROLE = 'intranet_owner';
export const APP_ROLE = 'intranet_app';
export const SYSTEM_ROLE = 'intranet_system';
export const DEFINER_ROLE = 'intranet_definer';

/** Cluster-wide roles, created or corrected idempotently (run by a superuser: BYPASSRLS needs one). */
export const BOOTSTRAP_SQL = `
DO $$ BEGIN CREATE ROLE ${OWNER_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${APP_ROLE} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${SYSTEM_ROLE} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${DEFINER_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
ALTER ROLE ${OWNER_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
ALTER ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION;
ALTER ROLE ${SYSTEM_ROLE} LOGIN NOSUPERUSER BYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION;
ALTER ROLE ${DEFINER_ROLE} NOLOGIN NOSUPERUSER BYPASSRLS NOCREATEROLE NOCREATEDB;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members WHERE roleid = '${APP_ROLE}'::regrole AND member = '${SYSTEM_ROLE}'::regrole) THEN
    GRANT ${APP_ROLE} TO ${SYSTEM_ROLE};
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members WHERE roleid = '${APP_ROLE}'::regrole AND member = '${DEFINER_ROLE}'::regrole) THEN
    GRANT ${APP_ROLE} TO ${DEFINER_ROLE};
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members WHERE roleid = '${DEFINER_ROLE}'::regrole AND member = '${OWNER_ROLE}'::regrole) THEN
    GRANT ${DEFINER_ROLE} TO ${OWNER_ROLE};
  END IF;
END $$;
`;

/** The runtime login is a superuser, BYPASSRLS, a table owner or a member of a role: it would escape row-level security. */
export class PrivilegedRuntimeError extends Error {
  override name = 'PrivilegedRuntimeError';
}

/** `url` with its user replaced by `role` and no password (local trust/peer set-ups; give full URLs elsewhere). */
export function roleUrl(url: string, role: string): string {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  return u.toString();
}

/**
 * The signature `intranet_private.current_client()` expects for a client id ('' for none): sha256 of key:id, hex;
 * `intranet_private.current_user_id()` expects the one of `<client id>:<user id>`.
 */
export function tenantSignature(key: string, clientId: string): string {
  return createHash('sha256').update(`${key}:${clientId}`).digest('hex');
}

/** Creates or corrects the cluster's roles; retried, since test processes bootstrap at once on one server. */
export async function bootstrapRoles(query: (q: string) => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await query(BOOTSTRAP_SQL);
      return;
    } catch (err) {
      // "tuple concurrently updated" (XX000) or a unique violation on pg_authid: another process did the same.
      if (attempt >= 8) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
    }
  }
}

/** Refuses a runtime login that would escape row-level security (issue 18 §1). */
export async function assertUnprivileged(pool: import('pg').Pool): Promise<void> {
  const { rows } = await pool.query<{ user: string; rolsuper: boolean; rolbypassrls: boolean; member: boolean; owner: boolean }>(
    `SELECT current_user AS user, r.rolsuper, r.rolbypassrls,
       EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid) AS member,
       EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid) AS owner
     FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const r = rows[0]!;
  const why = [
    r.rolsuper && 'is a superuser',
    r.rolbypassrls && 'bypasses row-level security',
    r.owner && 'owns tables',
    r.member && 'is a member of other roles',
  ].filter(Boolean);
  if (why.length) {
    throw new PrivilegedRuntimeError(
      `DATABASE_URL logs in as "${r.user}", which ${why.join(', ')}: the runtime must log in as its own role (${APP_ROLE}); migrations take DATABASE_MIGRATE_URL (README "Database roles")`,
    );
  }
}
