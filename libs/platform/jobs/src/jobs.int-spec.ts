// @slow 25s: 1,000 jobs through two queues in each mode.
import { eventually, testDatabase, type TestDatabase } from '@intranet/platform-testing';
import { queryRows, sql, type Database } from '@intranet/platform-db';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { JobQueue, jobsMigrations } from './index.ts';

const quiet = { warn: () => undefined, debug: () => undefined };
const count = async (db: Database, q: ReturnType<typeof sql>) => (await db.asSystem('spec', (tx) => queryRows<{ n: number }>(tx, q)))[0]!.n;

describe('durable jobs (pg-boss over the platform database; PostgreSQL when DATABASE_URL is set, else PGlite)', () => {
  let db: TestDatabase;
  let replica: Database;
  let a: JobQueue;
  let b: JobQueue;

  beforeAll(async () => {
    db = await testDatabase([jobsMigrations]);
    await db.adminExec(`CREATE TABLE public.job_runs (job_id text NOT NULL, n int NOT NULL, replica text NOT NULL);
      GRANT SELECT, INSERT ON public.job_runs TO intranet_app`);
    replica = await db.replica();
    a = new JobQueue(db, { log: quiet, pollingIntervalSeconds: 0.5 });
    b = new JobQueue(replica, { log: quiet, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await replica.close();
    await db.close();
  });

  it('1,000 jobs due at once, worked by two replicas: each runs exactly once', async () => {
    const record = (who: string) => async (job: { id: string; data: { n: number } }) => {
      await db.asSystem('spec', (tx) => tx.execute(sql`INSERT INTO public.job_runs VALUES (${job.id}, ${job.data.n}, ${who})`));
    };
    // Queued before any worker runs, so all 1,000 are due together when both start.
    await a.sendMany(
      'spec.burst',
      Array.from({ length: 1000 }, (_, n) => ({ data: { n } })),
    );
    await Promise.all([a.work('spec.burst', record('a'), { batchSize: 25 }), b.work('spec.burst', record('b'), { batchSize: 25 })]);
    await eventually(async () => (await count(db, sql`SELECT count(*)::int AS n FROM public.job_runs`)) >= 1000, 60_000);
    // Nothing more arrives once every job is done: still 1,000 runs, 1,000 distinct numbers, no job twice.
    await eventually(
      async () => (await count(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'spec.burst' AND state <> 'completed'`)) === 0,
      10_000,
    );
    assert.equal(await count(db, sql`SELECT count(*)::int AS n FROM public.job_runs`), 1000);
    assert.equal(await count(db, sql`SELECT count(DISTINCT n)::int AS n FROM public.job_runs`), 1000);
    assert.equal(await count(db, sql`SELECT count(DISTINCT job_id)::int AS n FROM public.job_runs`), 1000);
    // Both replicas took part (each claimed its own batches).
    assert.equal(await count(db, sql`SELECT count(DISTINCT replica)::int AS n FROM public.job_runs`), 2);
  });

  it('a job sent in a transaction that rolls back never exists; one sent in a committed one runs', async () => {
    const seen: number[] = [];
    await a.work<{ n: number }>('spec.tx', async (job) => void seen.push(job.data.n));
    await assert.rejects(
      db.inTenant({ clientId: null }, async (tx) => {
        await a.send('spec.tx', { n: 1 }, { tx });
        throw new Error('the change fails');
      }),
      /the change fails/,
    );
    await db.inTenant({ clientId: null }, (tx) => a.send('spec.tx', { n: 2 }, { tx }));
    await eventually(() => seen.includes(2), 10_000);
    assert.equal(await count(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'spec.tx'`), 1);
  });

  it('a cause key queues one job per cause, however often and by whichever replica it is sent', async () => {
    const ids = await Promise.all([a, b, b].map((q) => q.send('spec.once', { n: 7 }, { causeKey: 'cause-7', startAfter: 3600 })));
    await b.sendMany('spec.once', [{ data: { n: 7 }, causeKey: 'cause-7' }]);
    assert.equal(ids.filter(Boolean).length, 1);
    assert.equal(await count(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'spec.once'`), 1);
  });

  it('a job due later waits for its time while a due one of the same queue runs', async () => {
    const ran: string[] = [];
    const later = await a.send('spec.later', { n: 1 }, { startAfter: new Date(Date.now() + 3600_000) });
    await a.send('spec.later', { n: 2 });
    await a.work<{ n: number }>('spec.later', async (job) => void ran.push(String(job.data.n)));
    await eventually(() => ran.includes('2'), 10_000);
    assert.deepEqual(ran, ['2']);
    const state = await db.asSystem('spec', (tx) => queryRows<{ s: string }>(tx, sql`SELECT state::text AS s FROM pgboss.job WHERE id = ${later}`));
    assert.equal(state[0]!.s, 'created');
  });

  it('a restarted queue works the queues it finds without creating them again, and creates a new one', async () => {
    // The queue 'spec.restart' made (and a job queued) before; then a new JobQueue on the same database, as after a
    // restart, whose pg-boss's creates are counted.
    await a.send('spec.restart', { n: 3 });
    const c = new JobQueue(db, { log: quiet, pollingIntervalSeconds: 0.5 });
    const boss = (c as unknown as { boss: { createQueue: (...args: unknown[]) => Promise<void> } }).boss;
    const created: unknown[] = [];
    const create = boss.createQueue.bind(boss);
    boss.createQueue = (...args) => (created.push(args[0]), create(...args));
    try {
      const seen: number[] = [];
      await c.work<{ n: number }>('spec.restart', async (job) => void seen.push(job.data.n));
      await eventually(() => seen.includes(3), 10_000);
      await c.send('spec.fresh', { n: 4 });
      assert.deepEqual(created, ['spec.fresh']);
      assert.equal(await count(db, sql`SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'spec.fresh'`), 1);
    } finally {
      await c.stop();
    }
  });

  it('a held queue makes its queues at work() but runs no job before release(); /readyz waits for it (serving)', async () => {
    const h = new JobQueue(db, { log: quiet, pollingIntervalSeconds: 0.5, held: true });
    try {
      const seen: number[] = [];
      await h.work<{ n: number }>('spec.held', async (job) => void seen.push(job.data.n));
      // The queue exists at once: a job sent in a request's transaction finds it.
      assert.equal(await count(db, sql`SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'spec.held'`), 1);
      await db.inTenant({ clientId: null }, (tx) => h.send('spec.held', { n: 5 }, { tx }));
      await assert.rejects(h.serving(), /not started yet/);
      // A job sent meanwhile to a running worker's queue (a's 'spec.later') is taken and run: the held one is not.
      const waiting = async () => count(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'spec.later' AND state = 'created'`);
      const before = await waiting();
      await a.send('spec.later', { n: 9 });
      await eventually(async () => (await waiting()) === before, 10_000);
      assert.equal(seen.length, 0);
      assert.equal(await count(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'spec.held' AND state = 'created'`), 1);
      h.release();
      await h.serving();
      await eventually(() => seen.includes(5), 10_000);
    } finally {
      await h.stop();
    }
  });
});
