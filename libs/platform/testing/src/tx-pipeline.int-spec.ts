import { APP_ROLE, openDatabase, queryRows, roleUrl, sql, SYSTEM_ROLE, type Database } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { testDatabase, type TestDatabase } from './index.ts';

/**
 * A transaction's opening (BEGIN and the tenant settings) goes with its first statement (platform-db tx-pipeline.ts,
 * issue 39 §1). On PGlite the worker does the same its own way (`defer`); the assertions hold for both.
 */
describe('the transaction opening sent with the first statement (platform-db, issue 39 §1)', () => {
  let db: TestDatabase;
  const ctx = { clientId: randomUUID(), userId: randomUUID() };
  beforeAll(async () => {
    db = await testDatabase([]);
  });
  afterAll(async () => {
    await db?.close();
  });

  const settings = (tx: Parameters<Parameters<Database['inTenant']>[1]>[0], n: number) =>
    queryRows<{ client: string; user: string; role: string; n: number; xact: string }>(
      tx,
      sql`select current_setting('app.client_id') as client, current_setting('app.user_id') as user, current_user as role, ${n}::int as n, txid_current()::text as xact`,
    );

  it("the first statement already runs as the tenant's role with its settings, in the one transaction of every statement after it", async () => {
    const rows = await (db as Database).inTenant(ctx, async (tx) => [...(await settings(tx, 1)), ...(await settings(tx, 2))]);
    assert.deepEqual(
      rows.map((r) => [r.client, r.user, r.role, Number(r.n)]),
      [
        [ctx.clientId, ctx.userId, 'intranet_app', 1],
        [ctx.clientId, ctx.userId, 'intranet_app', 2],
      ],
    );
    assert.equal(rows[0]!.xact, rows[1]!.xact, 'both statements in one transaction');
  });

  it('a first statement without parameters (node-postgres sends it as a simple query) still runs inside the opened transaction', async () => {
    const out = await (db as Database).inTenant(ctx, async (tx) => {
      await tx.execute(sql.raw("select set_config('app.probe', 'one', true)"));
      return queryRows<{ probe: string; client: string }>(tx, sql`select current_setting('app.probe') as probe, current_setting('app.client_id') as client`);
    });
    assert.deepEqual(
      out.map((r) => [r.probe, r.client]),
      [['one', ctx.clientId]],
    );
  });

  it('a failing first statement rolls the transaction back, and the next transaction on the pool is clean', async () => {
    await assert.rejects(
      (db as Database).inTenant(ctx, async (tx) => {
        await queryRows(tx, sql`select 1 / ${0}::int as boom`);
      }),
      // Drizzle wraps the database's error ("Failed query: ...") with it as the cause.
      (e: Error) => /division by zero/.test(String((e.cause as Error | undefined)?.message ?? e.message)),
    );
    const other = { clientId: randomUUID(), userId: randomUUID() };
    for (let i = 0; i < 12; i++) {
      const [r] = await (db as Database).inTenant(other, (tx) => settings(tx, i));
      assert.equal(r!.client, other.clientId);
    }
  });

  it('a transaction that runs no statement commits nothing and leaves the connection clean', async () => {
    for (let i = 0; i < 12; i++) assert.equal(await (db as Database).inTenant(ctx, async () => i), i);
    const rows = await (db as Database).inTenant(ctx, async (tx) => [...(await settings(tx, 7)), ...(await settings(tx, 8))]);
    assert.deepEqual(
      rows.map((r) => [r.client, Number(r.n)]),
      [
        [ctx.clientId, 7],
        [ctx.clientId, 8],
      ],
    );
    assert.equal(rows[0]!.xact, rows[1]!.xact);
  });

  // PostgreSQL only: PGlite's worker prepares its own way (pglite-worker.ts).
  (process.env.DATABASE_URL ? it : it.skip)(
    'a named statement whose Parse fails as the first statement is parsed again on its next use (PostgreSQL)',
    async () => {
      assert.equal(db.kind, 'postgres');
      const url = db.url!;
      // One connection, every parameterised text named at once: the failing Parse and the later one meet on it.
      const one = await openDatabase({ url: roleUrl(url, APP_ROLE), systemUrl: roleUrl(url, SYSTEM_ROLE), poolSize: 1, prepareThreshold: 1 });
      try {
        const probe = (tx: Parameters<Parameters<Database['inTenant']>[1]>[0]) =>
          queryRows<{ v: number }>(tx, sql`select v from pg_temp.tx_pipeline_probe where v = ${1}::int`);
        await assert.rejects(
          one.inTenant(ctx, (tx) => probe(tx)),
          (e: Error) => /does not exist/.test(String((e.cause as Error | undefined)?.message ?? e.message)),
        );
        await one.inTenant(ctx, async (tx) => {
          await tx.execute(sql.raw('create temp table if not exists tx_pipeline_probe (v int)'));
          await tx.execute(sql`insert into pg_temp.tx_pipeline_probe values (${1}::int)`);
        });
        const rows = await one.inTenant(ctx, (tx) => probe(tx));
        assert.deepEqual(
          rows.map((r) => Number(r.v)),
          [1],
        );
      } finally {
        await one.close();
      }
    },
  );
});
