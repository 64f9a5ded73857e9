// The database role audit of issue 18 §1, printed for a platform team: every intranet role (superuser, BYPASSRLS,
// login, member of), who owns the tables, per schema how many tables have row-level security and FORCE, and what
// the runtime role may do with drizzle's migration journals (issue 38 §9: read only).
//
//   node tools/scripts/db-audit.ts            # a throw-away database, migrated by `npm run db:migrate`, then dropped
//   AUDIT_URL=postgres://postgres@127.0.0.1:5432/intranet node tools/scripts/db-audit.ts   # an existing database
//
// ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) is the administrator used to create and drop the
// throw-away database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let url = process.env.AUDIT_URL;
let drop: string | undefined;
if (!url) {
  drop = `audit_${randomBytes(4).toString('hex')}`;
  const a = new pg.Client({ connectionString: adminUrl });
  await a.connect();
  await a.query(`CREATE DATABASE ${drop}`);
  await a.end();
  const u = new URL(adminUrl);
  u.pathname = `/${drop}`;
  url = u.toString();
  const app = new URL(url);
  app.username = 'intranet_app';
  execFileSync(process.execPath, ['tools/scripts/db-migrate.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_MIGRATE_URL: url, DATABASE_URL: app.toString(), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const c = new pg.Client({ connectionString: url });
await c.connect();
try {
  const roles = await c.query(`
    SELECT r.rolname AS role, r.rolsuper AS superuser, r.rolbypassrls AS bypassrls, r.rolcanlogin AS login,
           coalesce((SELECT string_agg(g.rolname, ',') FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
                     WHERE m.member = r.oid), '') AS member_of,
           (SELECT count(*) FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
             WHERE t.relowner = r.oid AND t.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema'))::int AS tables_owned
      FROM pg_roles r WHERE r.rolname LIKE 'intranet%' ORDER BY r.rolname`);
  const tables = await c.query(`
    SELECT n.nspname AS schema, count(*)::int AS tables,
           count(*) FILTER (WHERE t.relrowsecurity)::int AS rls,
           count(*) FILTER (WHERE t.relforcerowsecurity)::int AS force,
           string_agg(DISTINCT pg_get_userbyid(t.relowner), ',') AS owner
      FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE t.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg_toast%'
     GROUP BY n.nspname ORDER BY n.nspname`);
  const journals = await c.query(`
    SELECT r.rolname AS role, count(*)::int AS journals,
           count(*) FILTER (WHERE has_table_privilege(r.oid, t.oid, 'SELECT'))::int AS can_select,
           count(*) FILTER (WHERE has_table_privilege(r.oid, t.oid, 'INSERT'))::int AS can_insert,
           count(*) FILTER (WHERE has_table_privilege(r.oid, t.oid, 'UPDATE'))::int AS can_update,
           count(*) FILTER (WHERE has_table_privilege(r.oid, t.oid, 'DELETE'))::int AS can_delete,
           count(*) FILTER (WHERE has_table_privilege(r.oid, t.oid, 'TRUNCATE'))::int AS can_truncate
      FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace CROSS JOIN pg_roles r
     WHERE n.nspname = 'drizzle' AND t.relkind = 'r' AND r.rolname IN ('intranet_app', 'intranet_system')
     GROUP BY r.rolname ORDER BY r.rolname`);
  const show = (rows: Record<string, unknown>[]) => {
    const head = Object.keys(rows[0] ?? {});
    const w = head.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
    const line = (cells: string[]) => cells.map((x, i) => x.padEnd(w[i]!)).join('  ');
    console.log(line(head));
    console.log(line(w.map((n) => '-'.repeat(n))));
    for (const r of rows) console.log(line(head.map((h) => String(r[h]))));
  };
  console.log(`\nRoles (${(await c.query('SHOW server_version')).rows[0].server_version})\n`);
  show(roles.rows);
  console.log('\nTables per schema: row-level security, FORCE, owner\n');
  show(tables.rows);
  const total = tables.rows.reduce((a, r) => a + r.tables, 0);
  const rls = tables.rows.reduce((a, r) => a + r.rls, 0);
  const force = tables.rows.reduce((a, r) => a + r.force, 0);
  console.log('\nMigration journals (drizzle.*_migrations): what the runtime roles may do\n');
  show(journals.rows);
  const writable = journals.rows.filter((r) => r.can_insert + r.can_update + r.can_delete + r.can_truncate > 0).map((r) => r.role);
  console.log(writable.length ? `\nWARNING: ${writable.join(', ')} may change the migration journals` : '\nThe runtime roles read the migration journals only');
  console.log(`\n${total} tables, ${rls} with row-level security, ${force} with FORCE (the rest hold no tenant rows: see ADR 0008)`);
} finally {
  await c.end();
  if (drop) {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${drop} WITH (FORCE)`);
    await a.end();
  }
}
