import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';
import { socialRoutes } from '@intranet/social-contract';
import { APP_ROLE, DEFINER_ROLE, OWNER_ROLE, queryRows, roleUrl, sql, SYSTEM_ROLE, tenantSignature } from '@intranet/platform-db';
import { testMode } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Issue 18 §1 "Tenant isolation that does not rest on one setting". On PostgreSQL the runtime logs in as its own
 * role, and no setting or SET ROLE it can issue shows another client's rows; every tenant table has row-level
 * security and FORCE; the SECURITY DEFINER functions filter by the signed tenant. Embedded (PGlite, one superuser
 * session, ADR 0008): the same policies, FORCE and signature; the role switch is the process's own.
 */

describe('database roles and row-level security (issue 18 §1)', () => {
  let t: TestPortal;
  let a: { clientId: string; token: string };
  let b: { clientId: string };
  beforeAll(async () => {
    t = await testPortal();
    const ca = await t.makeClient('rolesa');
    const cb = await t.makeClient('rolesb');
    for (const [c, text] of [
      [ca, 'Post of rolesa'],
      [cb, 'Post of rolesb'],
    ] as const) {
      const r = await t.call(socialRoutes.postCreate, { token: c.adminToken, body: { message: text } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    a = { clientId: ca.client._id, token: ca.adminToken };
    b = { clientId: cb.client._id };
  });
  afterAll(async () => {
    await t?.close();
  });

  const system = <T extends object>(q: ReturnType<typeof sql>) => t.db.asSystem('spec', (tx) => queryRows<T>(tx, q));

  it('every table with a client column has row-level security and FORCE; every SECURITY DEFINER function filters by the signed tenant', async () => {
    const tables = await system<{ rel: string; rls: boolean; force: boolean; owner: string }>(sql`
      SELECT c.oid::regclass::text AS rel, c.relrowsecurity AS rls, c.relforcerowsecurity AS force, pg_get_userbyid(c.relowner) AS owner
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle', 'intranet_private') AND n.nspname NOT LIKE 'pg_toast%'
        AND (EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.oid AND x.attname = 'client_id' AND NOT x.attisdropped) OR c.oid = 'clients.clients'::regclass)
      ORDER BY 1`);
    assert.ok(tables.length >= 20, `tenant tables found: ${tables.length}`);
    const weak = tables.filter((r) => !r.rls || !r.force).map((r) => r.rel);
    assert.deepEqual(weak, [], 'tables without RLS or FORCE');
    if (testMode.postgres) assert.deepEqual([...new Set(tables.map((r) => r.owner))], [OWNER_ROLE]);
    // Every policy takes the tenant from the signed current_client(), none from a setting a session could forge.
    const unsigned = await system<{ policy: string }>(sql`
      SELECT schemaname || '.' || tablename || ' ' || policyname AS policy FROM pg_policies
      WHERE coalesce(qual, '') || coalesce(with_check, '') LIKE '%current_setting%'
         OR (coalesce(qual, '') || coalesce(with_check, '') NOT LIKE '%intranet_private.current_client()%'
             AND coalesce(qual, '') || coalesce(with_check, '') NOT LIKE '%intranet_private.current_user_id()%')`);
    assert.deepEqual(
      unsigned.map((r) => r.policy),
      [],
      'policies without the signed tenant',
    );
    // Trigger functions act on the row that fired them, which row-level security admitted; functions the runtime
    // may not call serve those triggers; the others must find the tenant themselves.
    const definers = await system<{ fn: string; owner: string; src: string; trigger: boolean; callable: boolean }>(sql`
      SELECT p.oid::regprocedure::text AS fn, pg_get_userbyid(p.proowner) AS owner, p.prosrc AS src, p.prorettype = 'trigger'::regtype AS trigger,
        has_function_privilege(${APP_ROLE}, p.oid, 'EXECUTE') AS callable
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE p.prosecdef AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'intranet_private')`);
    assert.ok(definers.length >= 2, 'kb search functions');
    for (const d of definers) {
      assert.equal(d.owner, DEFINER_ROLE, d.fn);
      if (d.trigger || !d.callable) continue;
      assert.match(d.src, /intranet_private\.current_client\(\)/, `${d.fn} filters by the signed tenant`);
      assert.doesNotMatch(d.src, /current_setting\(''?app\.client_id/, `${d.fn} reads no unsigned setting`);
    }
    process.stdout.write(
      `[db-roles] ${tables.length} tenant tables, all with RLS and FORCE; ${definers.length} SECURITY DEFINER functions owned by ${DEFINER_ROLE}\n`,
    );
  });

  it('a session that sets another client id (or the old bypass setting) without its signature sees no rows', async () => {
    const count = (setup: string) =>
      t.db.drizzle.transaction(async (tx) => {
        if (t.db.kind === 'pglite') await tx.execute(sql.raw(`SELECT set_config('role', '${APP_ROLE}', true)`));
        await tx.execute(sql.raw(setup));
        return Number((await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM social.posts`))[0]!.n);
      });
    assert.equal(await count(`SELECT set_config('app.client_id', '${b.clientId}', true)`), 0);
    assert.equal(await count(`SELECT set_config('app.client_id', '${b.clientId}', true), set_config('app.client_sig', 'forged', true)`), 0);
    assert.equal(await count(`SELECT set_config('app.bypass_rls', 'on', true)`), 0);
    assert.equal(await count(`SELECT set_config('app.client_id', '${b.clientId}', true), set_config('app.bypass_rls', 'on', true)`), 0);
    // The signed tenant sees its own rows only (the positive case of the same policy).
    const [{ key }] = await system<{ key: string }>(sql`SELECT key FROM intranet_private.tenant_key`);
    const signed = `SELECT set_config('app.client_id', '${a.clientId}', true), set_config('app.client_sig', '${tenantSignature(key, a.clientId)}', true)`;
    assert.equal(await count(signed), 1);
    // A signature is valid for its client only.
    assert.equal(
      await count(`SELECT set_config('app.client_id', '${b.clientId}', true), set_config('app.client_sig', '${tenantSignature(key, a.clientId)}', true)`),
      0,
    );
  });

  it('the runtime role reads the migration journals but cannot change them (issue 38 §9)', async () => {
    const journals = await system<{ rel: string }>(sql`
      SELECT c.oid::regclass::text AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'drizzle' AND c.relkind = 'r' AND c.relname LIKE '%\_migrations' ORDER BY 1`);
    assert.ok(journals.length >= 10, `journals found: ${journals.length}`);
    const asApp = (statement: string) =>
      t.db.drizzle.transaction(async (tx) => {
        if (t.db.kind === 'pglite') await tx.execute(sql.raw(`SELECT set_config('role', '${APP_ROLE}', true)`));
        return queryRows(tx, sql.raw(statement));
      });
    // Drizzle wraps the driver's error: its cause carries PostgreSQL's text.
    const refusal = (statement: string) =>
      asApp(statement).then(
        () => 'allowed',
        (e: { cause?: { message?: string }; message?: string }) => String(e.cause?.message ?? e.message),
      );
    for (const { rel } of journals) {
      assert.equal((await asApp(`SELECT count(*)::int AS n FROM ${rel}`)).length, 1, `${rel} is readable`);
      assert.match(await refusal(`INSERT INTO ${rel} (hash, created_at) VALUES ('forged', 0)`), /^permission denied for table/, `INSERT ${rel}`);
      assert.match(await refusal(`UPDATE ${rel} SET hash = hash`), /^permission denied for table/, `UPDATE ${rel}`);
      assert.match(await refusal(`DELETE FROM ${rel}`), /^permission denied for table/, `DELETE ${rel}`);
      assert.match(await refusal(`TRUNCATE ${rel}`), /^permission denied for table/, `TRUNCATE ${rel}`);
    }
  });

  (testMode.postgres ? it : it.skip)('the runtime login is no superuser, owner nor member, cannot SET ROLE stronger nor read the key', async () => {
    const [{ db }] = await system<{ db: string }>(sql`SELECT current_database() AS db`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${db}`;
    const c = new pg.Client({ connectionString: roleUrl(u.toString(), APP_ROLE) });
    await c.connect();
    try {
      const [me] = (
        await c.query(`SELECT current_user AS name, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb,
          (SELECT count(*)::int FROM pg_auth_members m WHERE m.member = r.oid) AS memberships,
          (SELECT count(*)::int FROM pg_class x WHERE x.relowner = r.oid) AS owned
          FROM pg_roles r WHERE rolname = current_user`)
      ).rows;
      assert.deepEqual(me, { name: APP_ROLE, rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false, memberships: 0, owned: 0 });
      for (const role of ['postgres', OWNER_ROLE, SYSTEM_ROLE, DEFINER_ROLE]) {
        await assert.rejects(c.query(`SET ROLE ${role}`), /permission denied/, `SET ROLE ${role}`);
      }
      await assert.rejects(c.query(`SELECT key FROM intranet_private.tenant_key`), /permission denied/);
      await assert.rejects(c.query(`ALTER TABLE social.posts DISABLE ROW LEVEL SECURITY`), /must be owner/);
      await assert.rejects(c.query(`SET SESSION AUTHORIZATION postgres`), /permission denied/);
      const visible = async () =>
        Number(
          (await c.query('SELECT (SELECT count(*) FROM social.posts) + (SELECT count(*) FROM people.users) + (SELECT count(*) FROM clients.clients) AS n'))
            .rows[0].n,
        );
      await c.query(`SELECT set_config('app.client_id', '${b.clientId}', false)`);
      assert.equal(await visible(), 0, 'a forged client id');
      await c.query(`SELECT set_config('app.bypass_rls', 'on', false)`);
      assert.equal(await visible(), 0, 'the old bypass setting');
      // Switching row security off makes PostgreSQL refuse the query rather than show the rows.
      await c.query(`SET row_security = off`);
      await assert.rejects(visible(), /row-level security/);
      await c.query(`RESET row_security`);
      // The search function (SECURITY DEFINER) answers nothing for a forged tenant either.
      await c.query(`SELECT set_config('app.client_id', '${b.clientId}', false)`);
      const found = await c.query(`SELECT count(*)::int AS n FROM kb.search_matches(to_tsquery('simple', 'rolesb'), 'kb', NULL)`);
      assert.equal(found.rows[0].n, 0);
      const roles = (
        await c.query(
          `SELECT rolname, rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname IN ('${APP_ROLE}', '${SYSTEM_ROLE}', '${OWNER_ROLE}', '${DEFINER_ROLE}') ORDER BY 1`,
        )
      ).rows;
      process.stdout.write(`[db-roles] ${JSON.stringify(roles)}\n`);
    } finally {
      await c.end();
    }
  });
});
