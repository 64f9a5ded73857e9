import { batchedApply, queryRows, sql, type Tx } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { testDatabase, type TestDatabase } from './index.ts';

const A = '00000000-0000-7000-8000-00000000000a';
const B = '00000000-0000-7000-8000-00000000000b';

interface Evt {
  client: string | null;
  n: number;
}

describe('batchedApply (platform-db): a burst of events in one transaction per client, each settled on its own', () => {
  let db: TestDatabase;
  let txs = 0;
  const apply = async (tx: Tx, e: Evt) => {
    if (e.n === 13) throw new Error('a bad event');
    await tx.execute(sql`INSERT INTO batched_spec.rows (client_id, n, xid) VALUES (${e.client}, ${e.n}, txid_current())`);
  };
  beforeAll(async () => {
    db = await testDatabase([]);
    await db.adminExec(`
      CREATE SCHEMA batched_spec;
      CREATE TABLE batched_spec.rows (seq serial PRIMARY KEY, client_id uuid NOT NULL, n integer NOT NULL, xid bigint NOT NULL);
      GRANT USAGE ON SCHEMA batched_spec TO intranet_app;
      GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA batched_spec TO intranet_app;
      GRANT USAGE ON ALL SEQUENCES IN SCHEMA batched_spec TO intranet_app;`);
  });
  afterAll(() => db.close());

  const rows = () =>
    db.asSystem('spec', (tx) =>
      queryRows<{ client_id: string; n: number; xid: string }>(tx, sql`SELECT client_id, n, xid::text FROM batched_spec.rows ORDER BY seq`),
    );

  it('60 events of two clients at once: two transactions, each client in order; one bad event fails alone', async () => {
    const handle = batchedApply<Evt>(
      db,
      (e) => e.client,
      async (tx, e) => {
        txs++;
        await apply(tx, e);
      },
    );
    const events: Evt[] = Array.from({ length: 60 }, (_, i) => ({ client: i % 2 ? A : B, n: i }));
    events.push({ client: null, n: 1000 });
    const settled = await Promise.allSettled(events.map(handle));
    assert.deepEqual(
      settled.flatMap((s, i) => (s.status === 'rejected' ? [events[i].n] : [])),
      [13],
      'only the bad event is refused (its batch is applied again one event at a time)',
    );
    const got = await rows();
    assert.equal(got.length, 59, 'every good event of both clients, none without a client');
    for (const c of [A, B]) {
      const mine = got.filter((r) => r.client_id === c);
      assert.deepEqual(
        mine.map((r) => r.n),
        events.filter((e) => e.client === c && e.n !== 13).map((e) => e.n),
        'in the order they were handed in',
      );
    }
    // B's 30 events in one transaction; A's batch failed on 13 and its 29 good ones went one transaction each.
    assert.equal(new Set(got.filter((r) => r.client_id === B).map((r) => r.xid)).size, 1);
    assert.equal(new Set(got.filter((r) => r.client_id === A).map((r) => r.xid)).size, 29);
    assert.ok(txs > 60, 'the failed batch was applied again event by event');
  });
});
