/**
 * Analytics bench (issue 35 "Tests and figures"), against a running distributed portal: seeds `BENCH_EMPLOYEES`
 * (default 10,000) employees and `BENCH_VISITS` (default 1,000,000) module visits straight into the analytics
 * projection tables of client BENCH_CLIENT (DATABASE_URL), then measures through the gateway:
 *   1. beacon ingestion: POST api/analytics/modules with 100 visits a request → events/s;
 *   2. the report reads (visitors, modules, turnover, demography, positions, departments) → req/s, p50, p99.
 * Prints its figures; never a test.
 *
 *   BENCH_URL=http://127.0.0.1:3000 BENCH_TOKEN=<admin token> BENCH_CLIENT=<client id> DATABASE_URL=postgres://… node tools/bench/analytics.ts
 */
import pg from 'pg';
import { autocannon } from './lib.ts';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const token = process.env.BENCH_TOKEN ?? '';
const clientId = process.env.BENCH_CLIENT ?? '';
const employees = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const visits = Number(process.env.BENCH_VISITS ?? 1_000_000);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

if (process.env.DATABASE_URL && clientId) {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query(
    `INSERT INTO analytics.employees (id, client_id, department, position, birth_date, working_since, hired_on, deactivated_on, version)
     SELECT gen_random_uuid(), $1, 'Dept ' || (i % 40), 'Pos ' || (i % 25), date '1960-01-01' + (i % 15000), date '2000-01-01' + (i % 9000),
            date '2000-01-01' + (i % 9000), CASE WHEN i % 10 = 0 THEN current_date - (i % 300) END, now()
     FROM generate_series(1, $2) i`,
    [clientId, employees],
  );
  await db.query(
    `INSERT INTO analytics.module_visits (id, client_id, user_id, module_name, at)
     SELECT gen_random_uuid(), $1, gen_random_uuid(), (ARRAY['wall','kb','polls','tasks','calendar'])[1 + i % 5], now() - (i % 43200) * interval '1 minute'
     FROM generate_series(1, $2) i`,
    [clientId, visits],
  );
  await db.end();
  console.log(`seeded ${employees} employees and ${visits} visits`);
}

const batch = JSON.stringify({ visits: Array.from({ length: 100 }, () => ({ moduleName: 'wall', date: new Date().toISOString() })) });
const w = await autocannon({ url: `${base}/api/analytics/modules`, method: 'POST', body: batch, connections: 32, duration: 10, headers, timeout: 10 });
console.log(
  `beacons: ${Math.round(w.requests.average * 100)} events/s (${Math.round(w.requests.average)} req/s of 100), p99 ${w.latency.p99} ms, non-2xx ${w.non2xx}`,
);

for (const tab of ['visitors', 'modules', 'turnover', 'demography', 'positions', 'departments']) {
  const url = `${base}/api/analytics/${tab}/${clientId}`;
  const r = await autocannon({ url, connections: 8, duration: 10, headers, timeout: 10 });
  console.log(`${tab}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
}
