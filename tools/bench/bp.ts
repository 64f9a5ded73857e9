/**
 * Benchmark of the services (bp) domain (DOMAIN-DONE "Figures", issue 15) in distributed mode (gateway → NATS →
 * bp-service → PostgreSQL):
 *   1. lists: BENCH_REQUESTS requests in one client (inserted by bare SQL, as POST api/bp/start stores them with
 *      their bp.request_participants rows, spread over the employees as initiators and performers), then GET api/bp/runned/{user} "my requests"
 *      (as=initiator) and "requests to me" (as=performer) through the gateway, BENCH_REPEATS times each — p50/p99,
 *      beside the bare SQL of the same page;
 *   2. pass_step: BENCH_PERFORMERS employees each start BENCH_PER requests of a 2-step service whose second step
 *      the initiator performs, then all pass them at once (BENCH_PERFORMERS in flight) — p50/p99 of
 *      POST api/bp/{bp}/pass_step.
 *
 *   node tools/bench/bp.ts
 *   BENCH_EMPLOYEES=200 BENCH_REQUESTS=2000 BENCH_PERFORMERS=5 BENCH_PER=2 BENCH_REPEATS=5 node tools/bench/bp.ts   # smoke
 *
 * Environment: BENCH_EMPLOYEES (10000), BENCH_REQUESTS (100000), BENCH_PERFORMERS (50), BENCH_PER (10),
 * BENCH_REPEATS (50), BENCH_PG_URL, BENCH_NATS_URL; BENCH_EXPLAIN=1 also prints EXPLAIN (ANALYZE, BUFFERS) of both lists'
 * page and count as the superuser and as the runtime role with the tenant settings inTenant sets (row-level security;
 * without the client condition, which the policy adds, as the repository sends them).
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '@intranet/platform-auth';
import { APP_ROLE, tenantSignature } from '@intranet/platform-db';
import { api, expectOk, intEnv, log, machine, percentile, runBench, startStack, superClient, table, timed } from './lib.ts';

const PASSWORD = 'benchbp1';

async function main(): Promise<void> {
  const nEmployees = intEnv('BENCH_EMPLOYEES', 10_000);
  const nRequests = intEnv('BENCH_REQUESTS', 100_000);
  const nPerformers = Math.min(intEnv('BENCH_PERFORMERS', 50), nEmployees);
  const per = intEnv('BENCH_PER', 10);
  const repeats = intEnv('BENCH_REPEATS', 50);

  const s = await startStack({ services: ['bp'], employees: nEmployees });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);
  const hash = await hashPassword(PASSWORD);
  await su.query(
    `UPDATE people.users SET password_hash = $2, roles = CASE WHEN 'services' = ANY(roles) THEN roles ELSE array_append(roles, 'services') END
     WHERE client_id = $1 AND NOT ('admin' = ANY(roles))`,
    [s.clientId, hash],
  );

  const group = expectOk(await admin('POST', '/api/service_group', { name: 'Bench' }), 'group').result._id as string;
  const svc = expectOk(
    await admin('POST', '/api/bp', {
      name: 'Bench service',
      description: 'Two steps, the initiator passes the second',
      group,
      days_limit: 5,
      steps: [
        { name: 'Start', fields: [{ _id: 'subject', name: 'Subject', type: 'string', required: true }], performers: [] },
        { name: 'Confirm', fields: [{ _id: 'n', name: 'Number', type: 'number' }], performers: [{ kind: 'initiator' }] },
      ],
    }),
    'service',
  ).result as { _id: string; steps: unknown[]; version: number };

  // 1. BENCH_REQUESTS requests by bare SQL: initiator i % n, performer (i * 7 + 1) % n, a third finished.
  const users = (await su.query(`SELECT id FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) ORDER BY email`, [s.clientId])).rows.map(
    (r) => r.id as string,
  );
  const definition = JSON.stringify({ steps: svc.steps, days_limit: 5, department: null });
  const t0 = performance.now();
  for (let i = 0; i < nRequests; i += 5000) {
    await su.query(
      `INSERT INTO bp.requests (id, client_id, service_id, name, version, definition, initiator_id, status, current_step, current_performers,
         participants, steps, history, names, due_at, created_at)
       SELECT gen_random_uuid(), $1, $2, 'Bench service', $3, $4::jsonb, u[1 + g % cardinality(u)],
         CASE WHEN g % 3 = 0 THEN 'finished' ELSE 'active' END, CASE WHEN g % 3 = 0 THEN 2 ELSE 1 END,
         CASE WHEN g % 3 = 0 THEN '{}'::uuid[] ELSE ARRAY[u[1 + (g * 7 + 1) % cardinality(u)]] END, ARRAY[u[1 + (g * 7 + 1) % cardinality(u)]],
         '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, now() + interval '5 days', now() - (g || ' minutes')::interval
       FROM generate_series($5::int, $6::int) g, (SELECT $7::uuid[] AS u) x`,
      [s.clientId, svc._id, svc.version, definition, i, Math.min(i + 5000, nRequests) - 1, users],
    );
  }
  // Their rows of "requests to me" (bp.request_participants), as start and pass_step write them.
  await su.query(
    `INSERT INTO bp.request_participants (client_id, user_id, request_id, created_at)
     SELECT r.client_id, p.user_id, r.id, r.created_at FROM bp.requests r CROSS JOIN LATERAL unnest(r.participants) AS p(user_id) WHERE r.client_id = $1
     ON CONFLICT DO NOTHING`,
    [s.clientId],
  );
  await su.query('ANALYZE bp.requests');
  await su.query('ANALYZE bp.request_participants');
  log(`${nRequests} requests inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const someone = users[0]!;
  const loginOf = async (id: string) => {
    const email = (await su.query(`SELECT email FROM people.users WHERE id = $1`, [id])).rows[0].email as string;
    return expectOk(await s.call('POST', '/api/login', { login: email, password: PASSWORD }), `login ${email}`).token as string;
  };
  const token = await loginOf(someone);
  const read = async (as: 'initiator' | 'performer') => {
    const call = api(s.base, token);
    expectOk(await call('GET', `/api/bp/runned/${someone}?as=${as}`), 'warm-up');
    const ms: number[] = [];
    for (let i = 0; i < repeats; i++)
      ms.push((await timed(async () => expectOk(await call('GET', `/api/bp/runned/${someone}?as=${as}&page=1&limit=20`), as))).ms);
    return ms;
  };
  const mine = await read('initiator');
  const toMe = await read('performer');
  // The SQL the repository sends (bpRepository.runned): page and count, $1 the client, $2 the user.
  const lists = {
    initiator: {
      page: `SELECT * FROM bp.requests WHERE client_id = $1 AND initiator_id = $2 ORDER BY created_at DESC, id DESC LIMIT 20`,
      count: `SELECT count(*) FROM bp.requests WHERE client_id = $1 AND initiator_id = $2`,
    },
    performer: {
      page: `SELECT r.* FROM bp.request_participants p JOIN bp.requests r ON r.id = p.request_id WHERE p.client_id = $1 AND p.user_id = $2
             ORDER BY p.created_at DESC, p.request_id DESC LIMIT 20`,
      count: `SELECT count(*) FROM bp.request_participants p WHERE p.client_id = $1 AND p.user_id = $2`,
    },
  };
  const bare = async (q: { page: string; count: string }) => {
    const ms: number[] = [];
    for (let i = 0; i < repeats; i++) {
      ms.push(
        (
          await timed(async () => {
            await su.query(q.page, [s.clientId, someone]);
            await su.query(q.count, [s.clientId, someone]);
          })
        ).ms,
      );
    }
    return ms;
  };
  const bareMine = await bare(lists.initiator);
  const bareToMe = await bare(lists.performer);
  if (process.env.BENCH_EXPLAIN === '1') {
    const key = (await su.query('SELECT key FROM intranet_private.tenant_key')).rows[0].key as string;
    const explain = async (sql: string, runtime: boolean) => {
      await su.query('BEGIN');
      try {
        if (runtime)
          await su.query(
            `SELECT set_config('role', $1, true), set_config('app.client_id', $2, true), set_config('app.client_sig', $3, true),
               set_config('app.user_id', $4, true), set_config('app.user_sig', $5, true)`,
            [APP_ROLE, s.clientId, tenantSignature(key, s.clientId), someone, tenantSignature(key, `${s.clientId}:${someone}`)],
          );
        // As the runtime the repository names no client: the policy adds it (client_id = current_client()).
        const [text, params] = runtime ? [sql.replace(/(?:p\.)?client_id = \$1 AND /, '').replaceAll('$2', '$1'), [someone]] : [sql, [s.clientId, someone]];
        return (await su.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params)).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
      } finally {
        await su.query('ROLLBACK');
      }
    };
    for (const [as, q] of Object.entries(lists))
      for (const [what, sql] of Object.entries(q))
        for (const runtime of [false, true])
          console.log(`\n--- as=${as} ${what}, ${runtime ? `runtime role ${APP_ROLE} (row-level security)` : 'superuser'}\n${await explain(sql, runtime)}`);
  }

  // 2. pass_step: each performer starts BENCH_PER requests (not timed), then all pass them at once.
  const performers = users.slice(1, 1 + nPerformers);
  const tokens: string[] = [];
  for (const id of performers) tokens.push(await loginOf(id));
  const todo: { token: string; id: string }[] = [];
  for (const tk of tokens) {
    for (let j = 0; j < per; j++) {
      const r = expectOk(await api(s.base, tk)('POST', '/api/bp/start', { bp: svc._id, values: { subject: `Bench ${j}` } }), 'start');
      todo.push({ token: tk, id: r.result._id as string });
    }
  }
  const lat: number[] = [];
  let failed = 0;
  const tp = performance.now();
  await Promise.all(
    tokens.map(async (tk) => {
      for (const job of todo.filter((x) => x.token === tk)) {
        const r = await timed(() => api(s.base, tk)('POST', `/api/bp/${job.id}/pass_step`, { decision: 'accept', values: { n: 1 } }));
        lat.push(r.ms);
        if (r.value.status !== 200) failed++;
      }
    }),
  );
  const passSecs = (performance.now() - tp) / 1000;

  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  console.log(
    `\nServices — ${nEmployees} employees, ${nRequests} requests in one client\n${machine(s.pgVersion)}\n\n` +
      table(
        ['measure', 'n', 'rate', 'p50 ms', 'p99 ms'],
        [
          ['GET runned as=initiator via gateway', String(mine.length), '-', p(mine, 50), p(mine, 99)],
          ['  bare SQL (page + count)', String(bareMine.length), '-', p(bareMine, 50), p(bareMine, 99)],
          ['GET runned as=performer via gateway', String(toMe.length), '-', p(toMe, 50), p(toMe, 99)],
          ['  bare SQL (page + count)', String(bareToMe.length), '-', p(bareToMe, 50), p(bareToMe, 99)],
          [
            `POST pass_step (${nPerformers} in flight)`,
            String(lat.length),
            `${(lat.length / passSecs).toFixed(0)}/s, ${failed} failed`,
            p(lat, 50),
            p(lat, 99),
          ],
        ],
      ),
  );
}

await runBench(main);
