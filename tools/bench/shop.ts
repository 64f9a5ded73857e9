/**
 * Benchmark of the shop domain (DOMAIN-DONE "Figures", issue 32) in distributed mode (gateway → NATS →
 * shop-service → PostgreSQL):
 *   1. the buy race: BENCH_BUYERS employees (200) with coins buy one item with stock 50 at once — exactly 50 sales,
 *      0 negative balances, p50/p99 of POST api/shop/buy;
 *   2. buys of an unlimited item for BENCH_SECONDS (10) at BENCH_CONCURRENCY (32) in flight — buys/s and p99
 *      (target ≥ 1,000/s, p99 ≤ 200 ms);
 *   3. reads at BENCH_EMPLOYEES (10,000) balances: GET api/shop/balances/{client} (first page), POST api/shop/stats,
 *      GET api/shop/balance/{id} (history page) — p50/p99 each;
 *   4. nullify of every balance (10,000) through the gateway — time;
 *   5. the birthday run: every employee (10,000) has a birthday today and the birthday accrual is on; the service's
 *      date job (durable, pg-boss) is sent one run of the current hour — time until every accrual is written.
 *
 *   node tools/bench/shop.ts
 *   BENCH_EMPLOYEES=1000 BENCH_BUYERS=100 node tools/bench/shop.ts
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '@intranet/platform-auth';
import {
  api,
  expectOk,
  intEnv,
  log,
  machine,
  onCleanup,
  percentile,
  runBench,
  runtimeDatabase,
  startStack,
  statementsReset,
  statementsTop,
  superClient,
  table,
  timed,
  waitCount,
} from './lib.ts';

const PASSWORD = 'benchbuyer1';

async function main(): Promise<void> {
  const nEmployees = intEnv('BENCH_EMPLOYEES', 10_000);
  const nBuyers = Math.min(intEnv('BENCH_BUYERS', 200), nEmployees);
  const seconds = intEnv('BENCH_SECONDS', 10);
  const concurrency = intEnv('BENCH_CONCURRENCY', 32);
  const repeats = intEnv('BENCH_REPEATS', 20);

  const s = await startStack({ services: ['shop'], employees: nEmployees });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);
  const hash = await hashPassword(PASSWORD);
  await su.query(
    `UPDATE people.users SET password_hash = $2, roles = CASE WHEN 'shop' = ANY(roles) THEN roles ELSE array_append(roles, 'shop') END
     WHERE client_id = $1 AND NOT ('admin' = ANY(roles))`,
    [s.clientId, hash],
  );
  // Every employee holds 1,000 coins: one accrual entry and its balance each (bare SQL, as the accrual route stores them).
  await su.query(
    `INSERT INTO shop.entries (id, client_id, user_id, kind, amount, cause)
     SELECT gen_random_uuid(), $1, id, 'auto', 1000, 'bench:' || id FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles))`,
    [s.clientId],
  );
  await su.query(
    `INSERT INTO shop.balances (client_id, user_id, amount, earned) SELECT $1, id, 1000, 1000 FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles))`,
    [s.clientId],
  );
  const emails = (
    await su.query(`SELECT email FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) ORDER BY email LIMIT $2`, [s.clientId, nBuyers])
  ).rows.map((r) => r.email as string);
  const tokens: string[] = [];
  for (let i = 0; i < emails.length; i += 8) {
    const batch = await Promise.all(
      emails
        .slice(i, i + 8)
        .map(async (login) => expectOk(await s.call('POST', '/api/login', { login, password: PASSWORD }), `login ${login}`).token as string),
    );
    tokens.push(...batch);
  }
  log(`${tokens.length} buyers signed in`);

  // 1. The race: every buyer at once for an item with stock 50.
  const item = expectOk(await admin('POST', `/api/shop/${s.clientId}/shop_items`, { name: 'Hoodie', cost: 10, start_amount: 50 }), 'item').result as {
    _id: string;
  };
  const raceMs: number[] = [];
  const race = await Promise.all(
    tokens.map(async (tk) => {
      const r = await timed(() => api(s.base, tk)('POST', '/api/shop/buy', { item: item._id }));
      raceMs.push(r.ms);
      return r.value.status;
    }),
  );
  const sold = race.filter((x) => x === 200).length;
  const negative = Number((await su.query(`SELECT count(*) FROM shop.balances WHERE amount < 0`)).rows[0].count);
  const rest = (await su.query(`SELECT rest, sold FROM shop.items WHERE id = $1`, [item._id])).rows[0];

  // 2. Unlimited stock: as many buys as the buyers' coins allow, `concurrency` in flight for `seconds`.
  const open = expectOk(await admin('POST', `/api/shop/${s.clientId}/shop_items`, { name: 'Sticker', cost: 1 }), 'item').result as { _id: string };
  const buyMs: number[] = [];
  await statementsReset(s);
  let failed = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const r = await timed(() => api(s.base, tokens[n++ % tokens.length])('POST', '/api/shop/buy', { item: open._id }));
        buyMs.push(r.ms);
        if (r.value.status !== 200) failed++;
      }
    }),
  );
  const buySecs = (performance.now() - t0) / 1000;
  await statementsTop(s, 'the unlimited buys', buyMs.length);

  // 3. Reads over nEmployees balances.
  const read = async (label: string, fn: () => Promise<unknown>) => {
    await fn();
    const xs: number[] = [];
    for (let i = 0; i < repeats; i++) xs.push((await timed(fn)).ms);
    return [label, String(repeats), '-', percentile(xs, 50).toFixed(1), percentile(xs, 99).toFixed(1)];
  };
  const someone = (await su.query(`SELECT user_id FROM shop.balances WHERE client_id = $1 ORDER BY spent DESC LIMIT 1`, [s.clientId])).rows[0]
    .user_id as string;
  const reads = [
    await read(`GET balances (first 50 of ${nEmployees})`, async () => expectOk(await admin('GET', `/api/shop/balances/${s.clientId}`), 'balances')),
    await read('POST stats (30 days)', async () => expectOk(await admin('POST', '/api/shop/stats', {}), 'stats')),
    await read('GET balance + history page', async () => expectOk(await admin('GET', `/api/shop/balance/${someone}`), 'balance')),
  ];

  // 4. Nullify every balance.
  const nul = await timed(async () => expectOk(await admin('POST', `/api/shop/balances/nullify/${s.clientId}`), 'nullify').result as { nullified: number });

  // 5. The birthday run: today's birthday for everyone, the accrual on, one run of the date job sent to the service.
  // The shop's copy of the users (shop.members, from people's user events) must hold every imported employee first:
  // a user event still on its way would write its own (empty) birth date over the bench's.
  const staff = Number((await su.query(`SELECT count(*) AS n FROM people.users WHERE client_id = $1`, [s.clientId])).rows[0].n);
  await waitCount(su, 'shop members projected', `SELECT count(*) AS n FROM shop.members WHERE client_id = $1`, [s.clientId], staff, 600_000);
  const today = new Date().toISOString().slice(0, 10);
  const born = await su.query(
    `INSERT INTO shop.members (client_id, user_id, birth_date) SELECT $1, id, '1990-' || $2 FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles))
     ON CONFLICT (client_id, user_id) DO UPDATE SET birth_date = EXCLUDED.birth_date, deleted = false`,
    [s.clientId, today.slice(5)],
  );
  expectOk(await admin('PUT', '/api/shop', { name: 'Shop!', auto: { birthday: { on: true, amount: 1 } } }), 'settings');
  const { openDatabase } = await import('@intranet/platform-db');
  const { JobQueue } = await import('@intranet/platform-jobs');
  const db = await openDatabase(runtimeDatabase(s, 2));
  onCleanup(() => db.close());
  const jobs = new JobQueue(db, { log: { warn: (m) => log(m), debug: () => undefined } });
  const birthdays = await timed(async () => {
    await jobs.send('shop.auto.hourly', { hour: new Date().toISOString().slice(0, 13) }, { causeKey: `bench|${Date.now()}` });
    await waitCount(
      su,
      'birthday accruals',
      `SELECT count(*) AS n FROM shop.entries WHERE client_id = $1 AND cause LIKE 'birthday:%'`,
      [s.clientId],
      born.rowCount ?? 0,
      600_000,
    );
  });
  // Stopped before the cleanup closes its database (its maintenance would run on a closed pool).
  await jobs.stop();

  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  console.log(
    `\nShop — ${nEmployees} employees, ${tokens.length} buyers\n${machine(s.pgVersion)}\n\n` +
      table(
        ['measure', 'n', 'result', 'p50 ms', 'p99 ms'],
        [
          [
            `buy race: ${tokens.length} at once, stock 50`,
            String(race.length),
            `${sold} sold, rest ${rest.rest}, ${negative} negative balances`,
            p(raceMs, 50),
            p(raceMs, 99),
          ],
          [
            `buy unlimited (${concurrency} in flight, ${seconds} s)`,
            String(buyMs.length),
            `${(buyMs.length / buySecs).toFixed(0)} buys/s, ${failed} failed`,
            p(buyMs, 50),
            p(buyMs, 99),
          ],
          ...reads,
          [`nullify ${nul.value.nullified} balances`, '1', '-', nul.ms.toFixed(0), '-'],
          [`birthday run: ${born.rowCount} employees (date job)`, '1', `${born.rowCount} accruals`, birthdays.ms.toFixed(0), '-'],
        ],
      ),
  );
}

await runBench(main);
