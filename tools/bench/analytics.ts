/**
 * Benchmark of the analytics domain (issue 35 "Tests and figures", DOMAIN-DONE "Figures") in distributed mode
 * (gateway → NATS → analytics-service and social-service → PostgreSQL), on a stack it starts itself (startStack):
 *   1. seeding: BENCH_VISITS (10,000,000) module visits, BENCH_VISITS / 10 sessions, BENCH_EMPLOYEES (100,000)
 *      projected employees and BENCH_VISITS / 10 coin movements straight into the tables, then the daily rollups
 *      rebuilt from the stored visits and sessions by the rebuild's SQL (timed: the rebuild at that size);
 *   2. the wall (GET api/post/news/{client}/1, BENCH_WALL_CONNECTIONS (8)) alone for BENCH_SECONDS, then the same
 *      wall while beacons are ingested: POST api/analytics/modules with 100 visits a request at BENCH_CONCURRENCY
 *      (32) in flight → events/s (target ≥ 5,000/s) and the wall's p99 without and with the ingestion;
 *   3. every report over the seeded data → p50/p99 of BENCH_REPEATS (20) sequential reads (target p99 ≤ 300 ms).
 * Prints its figures; never a test. The full sizes are the defaults; a loaded machine takes small ones:
 *
 *   node tools/bench/analytics.ts
 *   BENCH_EMPLOYEES=10000 BENCH_VISITS=100000 BENCH_SECONDS=5 node tools/bench/analytics.ts
 */
import { performance } from 'node:perf_hooks';
import { autocannon, expectOk, fastApi, intEnv, log, machine, percentile, runBench, startStack, superClient, table, until } from './lib.ts';

async function main(): Promise<void> {
  const nEmployees = intEnv('BENCH_EMPLOYEES', 100_000);
  const nVisits = intEnv('BENCH_VISITS', 10_000_000);
  const seconds = intEnv('BENCH_SECONDS', 10);
  const concurrency = intEnv('BENCH_CONCURRENCY', 32);
  const wallConnections = intEnv('BENCH_WALL_CONNECTIONS', 8);
  const repeats = intEnv('BENCH_REPEATS', 20);

  // People imports a few real employees (their events feed the projection); the bulk is seeded below.
  const s = await startStack({ services: ['analytics', 'social'], employees: 20 });
  const su = await superClient(s);
  const t0 = performance.now();
  await su.query(
    `INSERT INTO analytics.employees (id, client_id, department, position, birth_date, working_since, hired_on, deactivated_on, version)
     SELECT gen_random_uuid(), $1, 'Dept ' || (i % 40), 'Pos ' || (i % 25), date '1960-01-01' + (i % 15000), date '2000-01-01' + (i % 9000),
            date '2000-01-01' + (i % 9000), CASE WHEN i % 10 = 0 THEN current_date - (i % 300) END, now()
     FROM generate_series(1, $2::int) i`,
    [s.clientId, nEmployees],
  );
  await su.query(
    `INSERT INTO analytics.module_visits (id, client_id, user_id, module_name, at)
     SELECT ('00000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, $1, ('00000000-0000-4000-8000-' || lpad(to_hex(i % $3::int), 12, '0'))::uuid,
            (ARRAY['wall','kb','polls','tasks','calendar','shop','groups'])[1 + i % 7], now() - (i % 43200) * interval '1 minute'
     FROM generate_series(1, $2::int) i`,
    [s.clientId, nVisits, nEmployees],
  );
  await su.query(
    `INSERT INTO analytics.sessions (id, client_id, user_id, started_at, ended_at)
     SELECT ('00000000-0000-7000-9000-' || lpad(to_hex(i), 12, '0'))::uuid, $1, ('00000000-0000-4000-8000-' || lpad(to_hex(i % $3::int), 12, '0'))::uuid,
            now() - (i % 43200) * interval '1 minute', now() - (i % 43200) * interval '1 minute' + (i % 90) * interval '1 minute'
     FROM generate_series(1, $2::int) i`,
    [s.clientId, Math.ceil(nVisits / 10), nEmployees],
  );
  await su.query(
    `INSERT INTO analytics.coin_movements (id, client_id, user_id, kind, coins, day)
     SELECT gen_random_uuid()::text, $1, NULL, (ARRAY['accrual','purchase','cancel'])[1 + i % 3], 1 + i % 20, current_date - (i % 30)
     FROM generate_series(1, $2::int) i`,
    [s.clientId, Math.ceil(nVisits / 10)],
  );
  log(`seeded ${nEmployees} employees, ${nVisits} visits in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The daily rollups from the stored visits and sessions: AnalyticsRepository.rebuildRollups' SQL (migration 0004).
  const t1 = performance.now();
  await su.query(
    `INSERT INTO analytics.module_day_users (client_id, day, module_name, user_id)
    SELECT DISTINCT client_id, (at AT TIME ZONE 'UTC')::date, module_name, user_id FROM analytics.module_visits WHERE client_id = $1`,
    [s.clientId],
  );
  await su.query(
    `INSERT INTO analytics.module_days (client_id, day, module_name, visits, visitors)
    SELECT client_id, (at AT TIME ZONE 'UTC')::date, module_name, count(*), count(DISTINCT user_id) FROM analytics.module_visits WHERE client_id = $1 GROUP BY 1, 2, 3`,
    [s.clientId],
  );
  await su.query(
    `INSERT INTO analytics.session_day_users (client_id, day, user_id)
    SELECT DISTINCT client_id, (started_at AT TIME ZONE 'UTC')::date, user_id FROM analytics.sessions WHERE client_id = $1`,
    [s.clientId],
  );
  await su.query(
    `INSERT INTO analytics.session_year_users (client_id, year, user_id, days)
     SELECT client_id, extract(year FROM day)::int, user_id, bit_or(set_bit(0::bit(366), extract(doy FROM day)::int - 1, 1))
     FROM analytics.session_day_users WHERE client_id = $1 GROUP BY 1, 2, 3`,
    [s.clientId],
  );
  await su.query(
    `INSERT INTO analytics.session_days (client_id, day, sessions, minutes, users)
     SELECT client_id, (started_at AT TIME ZONE 'UTC')::date, count(*), coalesce(sum(extract(epoch FROM ended_at - started_at)) / 60, 0), count(DISTINCT user_id)
     FROM analytics.sessions WHERE client_id = $1 GROUP BY 1, 2`,
    [s.clientId],
  );
  await su.query(
    `INSERT INTO analytics.coin_days (client_id, day, accrual, cancel, purchase, nullify)
     SELECT client_id, day, coalesce(sum(coins) FILTER (WHERE kind = 'accrual'), 0), coalesce(sum(coins) FILTER (WHERE kind = 'cancel'), 0),
            coalesce(sum(coins) FILTER (WHERE kind = 'purchase'), 0), coalesce(sum(coins) FILTER (WHERE kind = 'nullify'), 0)
     FROM analytics.coin_movements WHERE client_id = $1 GROUP BY 1, 2`,
    [s.clientId],
  );
  const rebuildSeconds = (performance.now() - t1) / 1000;
  log(`rollups rebuilt in ${rebuildSeconds.toFixed(1)} s`);
  await su.query(
    'ANALYZE analytics.employees, analytics.module_visits, analytics.sessions, analytics.coin_movements, analytics.coin_days, analytics.module_days, analytics.module_day_users, analytics.session_days, analytics.session_day_users, analytics.session_year_users',
  );
  const sizes = (
    await su.query(
      `SELECT (SELECT count(*) FROM analytics.module_day_users) AS mdu, (SELECT count(*) FROM analytics.module_days) AS md, (SELECT count(*) FROM analytics.session_day_users) AS sdu`,
    )
  ).rows[0] as { mdu: string; md: string; sdu: string };
  log(`rollups: ${sizes.md} module-day rows, ${sizes.mdu} module-day visitors, ${sizes.sdu} session-day users`);

  // A wall of 20 posts to read during the ingestion.
  const admin = fastApi(s.base, s.adminToken);
  for (let i = 0; i < 20; i++) expectOk(await admin('POST', '/api/post', { message: `Wall post ${i}` }), 'POST /api/post');
  const wall = {
    url: `${s.base}/api/post/news/${s.clientId}/1`,
    connections: wallConnections,
    duration: seconds,
    headers: { authorization: `Bearer ${s.adminToken}` },
    timeout: 30,
  };
  await autocannon({ ...wall, duration: 2 });
  const wallAlone = await autocannon(wall);

  // 1. Beacon ingestion through the gateway.
  const body = JSON.stringify({ visits: Array.from({ length: 100 }, (_, i) => ({ moduleName: i % 2 ? 'wall' : 'kb', date: new Date().toISOString() })) });
  const headers = { authorization: `Bearer ${s.adminToken}`, 'content-type': 'application/json' };
  const [w, wallBusy] = await Promise.all([
    autocannon({
      url: `${s.base}/api/analytics/modules`,
      method: 'POST',
      body,
      connections: concurrency,
      duration: seconds,
      headers,
      timeout: 30,
    }),
    autocannon(wall),
  ]);
  const stored = Number((await su.query(`SELECT count(*) FROM analytics.module_visits WHERE client_id = $1`, [s.clientId])).rows[0].count) - nVisits;
  log(
    `beacons: ${w.requests.total} POSTs, ${Math.round((w.requests.average || 0) * 100)} events/s, ${stored} stored, non-2xx ${w.non2xx}, p99 ${w.latency.p99} ms; wall p99 ${wallAlone.latency.p99} ms alone, ${wallBusy.latency.p99} ms during`,
  );
  // Requests the gateway gave up on may still be queued for the service: reads start once it answers again.
  const drained = performance.now();
  await until(
    600_000,
    'analytics-service answering after the ingestion',
    async () => (await admin('GET', `/api/analytics/adaptations/${s.clientId}`)).status === 200,
  );
  log(`service answering again ${((performance.now() - drained) / 1000).toFixed(1)} s after the ingestion`);

  // 2. Every report, sequentially (the last 30 days: the whole seeded range).
  const read = async (label: string, path: string) => {
    expectOk(await admin('GET', path), label);
    const xs: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const t = performance.now();
      expectOk(await admin('GET', path), label);
      xs.push(performance.now() - t);
    }
    return [label, String(repeats), '-', percentile(xs, 50).toFixed(1), percentile(xs, 99).toFixed(1)];
  };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const q = `?dateFrom=${day(Date.now() - 29 * 86_400_000)}&dateTo=${day(Date.now())}`;
  const reads = [];
  for (const tab of ['visitors', 'modules', 'turnover', 'demography', 'positions', 'departments', 'adaptations', 'coins']) {
    reads.push(await read(`GET ${tab} (30 days)`, `/api/analytics/${tab}/${s.clientId}${q}`));
  }
  reads.push(await read('GET mood stat (30 days)', `/api/mood/stat/${s.clientId}/${day(Date.now() - 29 * 86_400_000)}/${day(Date.now())}`));

  console.log(
    `\nAnalytics — ${nEmployees} employees, ${nVisits} visits, ${Math.ceil(nVisits / 10)} sessions; rollups rebuilt in ${rebuildSeconds.toFixed(1)} s\n${machine(s.pgVersion)}\n\n` +
      table(
        ['measure', 'n', 'result', 'p50 ms', 'p99 ms'],
        [
          [
            `beacons: 100 visits a POST (${concurrency} in flight, ${seconds} s)`,
            String(w.requests.total),
            `${Math.round((w.requests.average || 0) * 100)} events/s, ${stored} stored, non-2xx ${w.non2xx}, errors ${w.errors}`,
            String(w.latency.p50),
            String(w.latency.p99),
          ],
          [
            `wall p1 alone (${wallConnections} connections, ${seconds} s)`,
            String(wallAlone.requests.total),
            `${Math.round(wallAlone.requests.average || 0)} req/s, non-2xx ${wallAlone.non2xx}`,
            String(wallAlone.latency.p50),
            String(wallAlone.latency.p99),
          ],
          [
            `wall p1 during the beacons (${wallConnections} connections)`,
            String(wallBusy.requests.total),
            `${Math.round(wallBusy.requests.average || 0)} req/s, non-2xx ${wallBusy.non2xx}`,
            String(wallBusy.latency.p50),
            String(wallBusy.latency.p99),
          ],
          ...reads,
        ],
      ),
  );
}

await runBench(main);
