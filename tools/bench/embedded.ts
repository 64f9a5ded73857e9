/**
 * Benchmark of the embedded portal (issue 19: what every new user of `npm start` sees first): the wall page
 * GET /api/post/news/{client}/1 at BENCH_FEED_CONNECTIONS (25) and POST /api/post at BENCH_POST_CONNECTIONS (50), at
 * BENCH_POSTS_SMALL (10,000) and BENCH_POSTS_LARGE (100,000) posts, with social's wall read model and then with
 * FEED_READ_MODEL=off (the SQL path), in one run.
 *
 *   source tools/scripts/node-env.sh && node tools/bench/embedded.ts
 *   BENCH_POSTS_LARGE=1000000 node tools/bench/embedded.ts      # the 1M-post figure
 *
 * How: `node dist/server/main.mjs` (the command behind `npm start`; BENCH_FROM_SOURCE=1: apps/portal/src/main.ts) on a throw-away DATA_DIR; a client, its
 * administrator and BENCH_EMPLOYEES (200) employees through the API; then the portal is stopped and the posts are
 * seeded straight into its PGlite folder (seedPosts, as feed.ts does on PostgreSQL: 100,000 posts through the API
 * would take longer than the run), and the portal started again for each measured mode.
 * Environment: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_EMPLOYEES (200), BENCH_POSTS_SMALL,
 * BENCH_POSTS_LARGE, BENCH_FEED_CONNECTIONS, BENCH_POST_CONNECTIONS. See tools/bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_PASSWORD,
  api,
  embeddedPortalEnv,
  makeBenchClient,
  autocannon,
  expectOk,
  freePort,
  intEnv,
  log,
  mark,
  onCleanup,
  portalEntry,
  runBench,
  signalChild,
  sleep,
  startChild,
  SUPER,
  table,
  until,
  type CannonResult,
} from './lib.ts';

await runBench(async () => {
  const seconds = intEnv('BENCH_SECONDS', 10);
  const warmup = intEnv('BENCH_WARMUP_SECONDS', 3);
  const employees = intEnv('BENCH_EMPLOYEES', 200);
  const small = intEnv('BENCH_POSTS_SMALL', 10_000);
  const large = intEnv('BENCH_POSTS_LARGE', 100_000);
  const feedConnections = intEnv('BENCH_FEED_CONNECTIONS', 25);
  const postConnections = intEnv('BENCH_POST_CONNECTIONS', 50);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = embeddedPortalEnv(dataDir, port);

  let running = '';
  const start = async (readModel: boolean) => {
    running = `portal-${readModel ? 'model' : 'sql'}`;
    startChild(running, process.execPath, [portalEntry()], { ...env, FEED_READ_MODEL: readModel ? 'on' : 'off' });
    await until(180_000, running, async () => (await api(base)('GET', '/api/env').catch(() => ({ status: 0 }))).status === 200, 250);
  };
  const stop = async () => {
    if (running) await signalChild(running, 'SIGTERM', 60_000);
    running = '';
  };

  await start(true);
  const su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
  const { workspace, client, adminEmail, adminId, employeeIds } = await makeBenchClient(base, su, employees);
  const signIn = async () => expectOk(await api(base)('POST', '/api/login', { login: adminEmail, password: ADMIN_PASSWORD }), 'admin sign-in').token as string;
  const authorIds = [adminId, ...employeeIds];
  log(`embedded portal on ${base}: client ${workspace}, ${authorIds.length} people`);
  await sleep(2000); // social's projection of the new people (in-process bus)
  await stop();

  const { openDatabase } = await import('@intranet/platform-db');
  const { seedPosts } = await import('@intranet/social-server');
  const rows: { posts: number; mode: string; route: string; r: CannonResult }[] = [];
  let have = 0;
  for (const total of small === large ? [small] : [small, large]) {
    const t0 = Date.now();
    const db = await openDatabase({ dataDir: join(dataDir, 'pg') });
    try {
      await seedPosts(db, client._id, authorIds, total - have);
    } finally {
      await db.close();
    }
    have = total;
    log(`${total} posts (seeded into PGlite in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    for (const readModel of [true, false]) {
      await start(readModel);
      const token = await signIn();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const mode = readModel ? 'read model' : 'SQL path';
      const feed = { url: `${base}/api/post/news/${client._id}/1`, headers, connections: feedConnections };
      const first = await api(base, token)('GET', `/api/post/news/${client._id}/1`);
      if (first.status !== 200 || first.body.result.posts.length !== 20) throw new Error(`feed: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
      log(`${total} posts, ${mode}: feed warm-up ${warmup} s, then ${seconds} s at ${feedConnections} connections`);
      await autocannon({ ...feed, duration: warmup, timeout: 10 });
      rows.push({ posts: total, mode, route: 'GET news p1', r: await autocannon({ ...feed, duration: seconds, timeout: 10 }) });
      if (readModel) {
        // Writes once per size (they add posts): with the read model, as a user of `npm start` has it.
        const body = JSON.stringify({ message: 'A bench post' });
        log(`${total} posts: POST /api/post ${seconds} s at ${postConnections} connections`);
        rows.push({
          posts: total,
          mode,
          route: 'POST post',
          r: await autocannon({ url: `${base}/api/post`, method: 'POST', body, headers, connections: postConnections, duration: seconds, timeout: 10 }),
        });
        have += rows.at(-1)!.r['2xx'];
      }
      await stop();
    }
  }

  console.log(`\nEmbedded portal (PGlite, in-process bus), ${seconds} s per row\n`);
  console.log(
    table(
      ['posts', 'mode', 'route', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors/non-2xx'],
      rows.map(({ posts, mode, route, r }) => [
        String(posts),
        mode,
        route,
        String(route.startsWith('GET') ? feedConnections : postConnections),
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        String(r.requests.total),
        `${r.errors + r.timeouts}/${r.non2xx}`,
      ]),
    ),
  );
  const find = (n: number, mode: string, route: string) => rows.find((x) => x.posts === n && x.mode === mode && x.route === route)!.r;
  console.log('\ntargets of issue 19 (embedded): feed ≥ 150 req/s with p99 ≤ 300 ms at 25 connections (100k posts); POST post p99 ≤ 500 ms at 50');
  for (const n of [...new Set(rows.map((x) => x.posts))]) {
    const f = find(n, 'read model', 'GET news p1');
    const p = find(n, 'read model', 'POST post');
    console.log(
      `${String(n).padStart(8)} posts: ${mark(f.requests.average >= 150)} feed ${f.requests.average.toFixed(0)} req/s  ${mark(f.latency.p99 <= 300)} p99 ${f.latency.p99.toFixed(1)} ms` +
        `  (SQL path ${find(n, 'SQL path', 'GET news p1').requests.average.toFixed(0)} req/s)  ${mark(p.latency.p99 <= 500)} POST p99 ${p.latency.p99.toFixed(1)} ms`,
    );
  }
  if (small !== large) {
    const a = find(small, 'read model', 'GET news p1');
    const z = find(large, 'read model', 'GET news p1');
    console.log(
      `latency(${large})/latency(${small}) read model: ${mark(z.latency.p50 / a.latency.p50 <= 1.2)} p50 ${(z.latency.p50 / a.latency.p50).toFixed(2)}×  ${mark(z.latency.p99 / a.latency.p99 <= 1.2)} p99 ${(z.latency.p99 / a.latency.p99).toFixed(2)}×`,
    );
  }
});
