/**
 * Benchmark: the company feed pages GET /api/post/news/{clientId}/1 and /5 (20 posts with author, mentioned people,
 * counters, liked/viewed) through the gateway in distributed mode (gateway → NATS → social-service) with social's
 * read model (issue 19), beside a bare Fastify handler running the SQL path's query and the same gateway after a
 * restart of social-service with FEED_READ_MODEL=off (the SQL path), at BENCH_POSTS_SMALL then BENCH_POSTS_LARGE.
 *
 *   node tools/bench/feed.ts
 *   BENCH_SECONDS=5 BENCH_POSTS_LARGE=200000 node tools/bench/feed.ts
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (64), BENCH_WARMUP_SECONDS (3), BENCH_EMPLOYEES (1000),
 * BENCH_POSTS_SMALL (10000), BENCH_POSTS_LARGE (1000000), BENCH_POOL_SIZE (10), BENCH_PG_URL, BENCH_NATS_URL,
 * BENCH_EXPLAIN (unset: set to print EXPLAIN ANALYZE of the feed SQL at each size, as the service role).
 * See tools/bench/README.md.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import pg from 'pg';
import {
  assertAlive,
  autocannon,
  intEnv,
  log,
  machine,
  mark,
  onCleanup,
  runBench,
  runtimeDatabase,
  startStack,
  signalChild,
  startService,
  superClient,
  table,
  tenantSig,
  waitCount,
  within,
  type CannonResult,
} from './lib.ts';

interface BareConfig {
  databaseUrl: string;
  clientId: string;
  /** The tenant signature inTenant sets (app.client_sig, libs/platform/db). */
  clientSig: string;
  userId: string;
  poolSize: number;
}

// ------------------------------------------------------------------------------------------------------------------
// Bare server (worker thread): the feed page SQL of postsRepository.page, captured once from Drizzle, run with pg.
// ------------------------------------------------------------------------------------------------------------------

async function bareWorker(cfg: BareConfig): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { PostsRepository, feedWhere } = await import('../../libs/social/server/src/posts.repository.ts');
  const postsRepository = new PostsRepository();
  // Capture the exact SQL and parameters social-service's SQL path sends for pages 1 and 5 of the wall.
  const captured: Record<number, { text: string; values: unknown[] }> = {};
  const capPool = new pg.Pool({ connectionString: cfg.databaseUrl, max: 1 });
  for (const page of [1, 5]) {
    let first: { text: string; values: unknown[] } | undefined;
    const d = drizzle(capPool, { logger: { logQuery: (text: string, values: unknown[]) => void (first ??= { text, values }) } });
    await postsRepository.page(d as never, cfg.userId, feedWhere.wall(cfg.clientId), { page, limit: 20 });
    if (!first) throw new Error('could not capture the feed SQL');
    captured[page] = first;
  }
  await capPool.end();
  const feedSql = captured[1];

  const pool = new pg.Pool({ connectionString: cfg.databaseUrl, max: cfg.poolSize });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { page?: string } }>('/news', async (req) => {
    const page = Number(req.query.page ?? 1);
    const q = captured[page] ?? feedSql;
    const c = await pool.connect();
    try {
      // What Database.inTenant + postsRepository.page do (libs/platform/db, libs/social/server/src/posts.repository.ts).
      await c.query('BEGIN');
      await c.query(
        "SELECT set_config('role', $1, true), set_config('app.client_id', $2, true), set_config('app.client_sig', $3, true), set_config('app.user_id', $4, true)",
        ['intranet_app', cfg.clientId, cfg.clientSig, cfg.userId],
      );
      const { rows } = await c.query({ text: q.text, values: q.values, rowMode: 'array' });
      await c.query('COMMIT');
      return { result: { posts: rows.slice(0, 20), page, limit: 20, hasMore: rows.length > 20 } };
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  parentPort!.postMessage({ port: typeof addr === 'object' && addr ? addr.port : 0, sql: feedSql.text, values: feedSql.values });
  parentPort!.once('message', async () => {
    await app.close();
    await pool.end();
    parentPort!.postMessage({ closed: true });
    parentPort!.close();
  });
}

// ------------------------------------------------------------------------------------------------------------------
// Orchestration
// ------------------------------------------------------------------------------------------------------------------

interface Row {
  posts: number;
  target: string;
  r: CannonResult;
}

async function main(): Promise<void> {
  const seconds = intEnv('BENCH_SECONDS', 10);
  const connections = intEnv('BENCH_CONNECTIONS', 64);
  const warmup = intEnv('BENCH_WARMUP_SECONDS', 3);
  const employees = intEnv('BENCH_EMPLOYEES', 1000);
  const small = intEnv('BENCH_POSTS_SMALL', 10_000);
  const large = intEnv('BENCH_POSTS_LARGE', 1_000_000);
  const poolSize = intEnv('BENCH_POOL_SIZE', 10);
  if (large < small) throw new Error('BENCH_POSTS_LARGE must be ≥ BENCH_POSTS_SMALL');

  const s = await startStack({ services: ['social'], employees });
  const su = await superClient(s);
  // Authors come to social through its durable projection consumer: wait until it has seen everyone.
  await waitCount(su, 'social.authors projection', 'SELECT count(*) AS n FROM social.authors WHERE client_id = $1', [s.clientId], s.employeeIds.length + 1);

  const { openDatabase } = await import('@intranet/platform-db');
  const { seedPosts } = await import('@intranet/social-server');
  const db = await openDatabase(runtimeDatabase(s, 2));
  onCleanup(() => db.close());
  const authorIds = [s.adminId, ...s.employeeIds];

  const worker = new Worker(new URL(import.meta.url), {
    workerData: { databaseUrl: s.databaseUrl, clientId: s.clientId, clientSig: await tenantSig(s), userId: s.adminId, poolSize } satisfies BareConfig,
  });
  onCleanup(async () => {
    await within(
      5_000,
      'bare server close',
      new Promise<void>((r) => {
        worker.once('message', () => r());
        worker.once('exit', () => r());
        worker.postMessage('close');
      }),
    ).catch(() => undefined);
    await worker.terminate();
  });
  // The worker captures the SQL by running it once, so it starts after the schema exists.
  const bare = await within(
    30_000,
    'bare server start',
    new Promise<{ port: number; sql: string; values: unknown[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }),
  );
  log(`bare server on port ${bare.port}; feed SQL: ${bare.sql.replace(/\s+/g, ' ').slice(0, 160)}…`);

  // The gateway with social's read model (issue 19) and, after a restart of social-service with
  // FEED_READ_MODEL=off, the same gateway on the SQL path; the bare handler runs the SQL path's query.
  const auth = { authorization: `Bearer ${s.adminToken}` } as Record<string, string> | undefined;
  const targetsOf = (mode: 'model' | 'sql') =>
    [1, 5].map((page) =>
      mode === 'model'
        ? { target: `gateway, read model p${page}`, url: `${s.base}/api/post/news/${s.clientId}/${page}`, headers: auth }
        : { target: `gateway, SQL path p${page}`, url: `${s.base}/api/post/news/${s.clientId}/${page}`, headers: auth },
    );
  const bareTargets = [1, 5].map((page) => ({
    target: `bare fastify + pg p${page}`,
    url: `http://127.0.0.1:${bare.port}/news?page=${page}`,
    headers: undefined,
  }));
  let mode: 'model' | 'sql' = 'model';
  const switchTo = async (want: 'model' | 'sql') => {
    if (mode === want) return;
    log(`restarting social-service with FEED_READ_MODEL=${want === 'model' ? 'on' : 'off'}`);
    await signalChild(mode === 'model' ? 'social-service' : 'social-service-sql', 'SIGTERM');
    await startService(s, 'social', want === 'model' ? 'social-service' : 'social-service-sql', 60_000, { FEED_READ_MODEL: want === 'model' ? 'on' : 'off' });
    mode = want;
  };
  const rows: Row[] = [];
  const newest: Record<number, string> = {};
  let have = 0;
  for (const total of small === large ? [small] : [small, large]) {
    // Seed up to `total` posts, like a few of the newest as the caller (so `liked` is not trivially false), analyse.
    const t0 = Date.now();
    await seedPosts(db, s.clientId, authorIds, total - have);
    have = total;
    await su.query(
      `WITH p AS (SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS k FROM social.posts WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 60)
       INSERT INTO social.likes (id, client_id, like_type, target_id, post_id, user_id)
       SELECT gen_random_uuid(), $1, 'post', p.id, p.id, $2 FROM p WHERE p.k % 3 = 0 ON CONFLICT DO NOTHING`,
      [s.clientId, s.adminId],
    );
    await su.query(
      `UPDATE social.posts p SET likes_count = (SELECT count(*) FROM social.likes l WHERE l.post_id = p.id) WHERE p.id IN (SELECT post_id FROM social.likes WHERE client_id = $1)`,
      [s.clientId],
    );
    const seeded = (Date.now() - t0) / 1000;
    // Fresh statistics for every table of the query (autovacuum would get there within a minute or so; without them
    // the planner takes the 1,000-row authors table for 5 rows and joins it by a nested-loop filter).
    for (const t of ['posts', 'likes', 'views', 'authors']) await su.query(`VACUUM (ANALYZE) social.${t}`);
    log(`${total} posts (seeded in ${seeded.toFixed(1)} s, then VACUUM ANALYZE of social.posts, likes, views, authors)`);
    if (process.env.BENCH_EXPLAIN) {
      // The plan as the service's role sees it (row-level security on).
      await su.query('BEGIN');
      await su.query(
        "SELECT set_config('role', 'intranet_app', true), set_config('app.client_id', $1, true), set_config('app.client_sig', $2, true), set_config('app.user_id', $3, true)",
        [s.clientId, await tenantSig(s), s.adminId],
      );
      const plan = await su.query(`EXPLAIN (ANALYZE, BUFFERS) ${bare.sql}`, bare.values);
      await su.query('ROLLBACK');
      console.log(`\nEXPLAIN ANALYZE at ${total} posts:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }

    await switchTo('model');
    for (const phase of ['model', 'bare', 'sql'] as const) {
      if (phase === 'sql') await switchTo('sql');
      const targets = phase === 'bare' ? bareTargets : targetsOf(phase === 'model' ? 'model' : 'sql');
      // Each answers 200 with 20 posts and the newest post of the SQL path's page.
      for (const t of targets) {
        const res = await fetch(t.url, { headers: t.headers, signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { result?: { posts?: unknown[] } };
        const posts = body.result?.posts ?? [];
        if (res.status !== 200 || posts.length !== 20)
          throw new Error(`${t.target}: expected 200 with 20 posts, got ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        const first = posts[0] as { _id?: string; author?: { fullName?: string } } | unknown[];
        const id = Array.isArray(first) ? String(first[0]) : String(first._id);
        const page = t.target.endsWith('p5') ? 5 : 1;
        if (newest[page] && newest[page] !== id) throw new Error(`${t.target}: newest post ${id}, others ${newest[page]}`);
        newest[page] = id;
        if (!Array.isArray(first) && !first.author?.fullName) throw new Error(`${t.target}: the newest post has no author name (projection?)`);
      }
      for (const t of targets) {
        assertAlive();
        log(`${total} posts, ${t.target}: warm-up ${warmup} s`);
        await within((warmup + 30) * 1000, 'warm-up', autocannon({ url: t.url, connections, duration: warmup, headers: t.headers, timeout: 10 }));
        log(`${total} posts, ${t.target}: ${seconds} s at ${connections} connections`);
        const r = await within(
          (seconds + 30) * 1000,
          'measurement',
          autocannon({ url: t.url, connections, duration: seconds, headers: t.headers, timeout: 10 }),
        );
        rows.push({ posts: total, target: t.target, r });
      }
    }
    for (const k of Object.keys(newest)) delete newest[Number(k)];
  }
  // Writing (issue 19: POST post p99 ≤ 200 ms at 50 connections in distributed mode), with the read model on.
  await switchTo('model');
  const postConnections = intEnv('BENCH_POST_CONNECTIONS', 50);
  const postUrl = `${s.base}/api/post`;
  const postHeaders = { ...auth, 'content-type': 'application/json' };
  const postBody = JSON.stringify({ message: 'A bench post' });
  log(`POST /api/post: warm-up ${warmup} s, then ${seconds} s at ${postConnections} connections`);
  await within(
    (warmup + 30) * 1000,
    'warm-up',
    autocannon({ url: postUrl, method: 'POST', body: postBody, headers: postHeaders, connections: postConnections, duration: warmup, timeout: 10 }),
  );
  const posting = await within(
    (seconds + 30) * 1000,
    'measurement',
    autocannon({ url: postUrl, method: 'POST', body: postBody, headers: postHeaders, connections: postConnections, duration: seconds, timeout: 10 }),
  );
  assertAlive();

  console.log(`\nGET /api/post/news/{clientId}/1 — ${seconds} s per target, ${connections} connections, ${employees} employees\n${machine(s.pgVersion)}\n`);
  console.log(
    table(
      ['posts', 'target', 'req/s', 'p50 ms', 'p99 ms', 'avg ms', 'requests', 'errors/non-2xx'],
      rows.map(({ posts, target, r }) => [
        String(posts),
        target,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        r.latency.average.toFixed(1),
        String(r.requests.total),
        `${r.errors + r.timeouts}/${r.non2xx}`,
      ]),
    ),
  );
  console.log(
    `\nPOST /api/post at ${postConnections} connections (read model on): ${posting.requests.average.toFixed(0)} req/s, p50 ${posting.latency.p50.toFixed(1)} ms, ` +
      `${mark(posting.latency.p99 <= 200)} p99 ${posting.latency.p99.toFixed(1)} ms (goal ≤ 200 ms), errors ${posting.errors + posting.timeouts}/${posting.non2xx}`,
  );
  const find = (n: number, target: string) => rows.find((x) => x.posts === n && x.target === target)!.r;
  console.log(
    '\ntargets of issue 19 (gateway, read model; pages 1 and 5): ≥ 1,500 req/s, p99 ≤ 100 ms, ≥ 2.5× the bare SQL req/s, latency(large)/latency(small) ≤ 1.2',
  );
  for (const n of [...new Set(rows.map((x) => x.posts))]) {
    for (const page of [1, 5]) {
      const g = find(n, `gateway, read model p${page}`);
      const b = find(n, `bare fastify + pg p${page}`);
      const q = find(n, `gateway, SQL path p${page}`);
      const ratio = g.requests.average / b.requests.average;
      console.log(
        `${String(n).padStart(8)} posts p${page}: ${mark(g.requests.average >= 1500)} req/s ${g.requests.average.toFixed(0)}  ${mark(g.latency.p99 <= 100)} p99 ${g.latency.p99.toFixed(1)} ms  ` +
          `${mark(ratio >= 2.5)} read model/bare SQL req/s ${ratio.toFixed(2)}  (read model/gateway SQL path ${(g.requests.average / q.requests.average).toFixed(2)}×)`,
      );
    }
  }
  if (small !== large) {
    for (const t of ['gateway, read model p1', 'gateway, read model p5', 'gateway, SQL path p1', 'bare fastify + pg p1']) {
      const a = find(small, t);
      const z = find(large, t);
      const p50 = z.latency.p50 / a.latency.p50;
      const p99 = z.latency.p99 / a.latency.p99;
      console.log(
        `latency(${large})/latency(${small}) ${t.padEnd(24)}: ${mark(p50 <= 1.2)} p50 ${p50.toFixed(2)}×  ${mark(p99 <= 1.2)} p99 ${p99.toFixed(2)}×  avg ${(z.latency.average / a.latency.average).toFixed(2)}×`,
      );
    }
  }
}

// Entry point last: the module-level constants above must be initialised first.
if (isMainThread) {
  await runBench(main);
} else {
  await bareWorker(workerData as BareConfig);
}
