/**
 * Benchmark of the company structure (issue 12 "Tests and figures") in distributed mode (gateway → NATS →
 * people-service → PostgreSQL): a structure of BENCH_DEPTS departments (a tree of fan-out BENCH_FANOUT, built by
 * bare SQL with the materialised paths the routes write) and BENCH_EMPLOYEES imported employees spread over them;
 * then, BENCH_REPEATS times each, through the gateway:
 *   - the whole chart: GET api/structure/byClient/{client}?kind=org;
 *   - one subtree with its people: GET api/structure/byClient/{client}?root=<a third-level department>;
 *   - the bare subtree SQL (one indexed range read on (client_id, kind, path text_pattern_ops)) and its plan.
 *
 *   node tools/bench/structure.ts
 *   BENCH_DEPTS=200 BENCH_EMPLOYEES=500 BENCH_REPEATS=5 node tools/bench/structure.ts     # a smoke run
 *
 * Environment: BENCH_DEPTS (2000), BENCH_EMPLOYEES (20000), BENCH_FANOUT (8), BENCH_REPEATS (30), BENCH_PG_URL,
 * BENCH_NATS_URL.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { api, expectOk, intEnv, log, machine, percentile, runBench, startStack, superClient, table } from './lib.ts';

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

async function main(): Promise<void> {
  const nDepts = intEnv('BENCH_DEPTS', 2_000);
  const nEmployees = intEnv('BENCH_EMPLOYEES', 20_000);
  const fanout = intEnv('BENCH_FANOUT', 8, 2);
  const repeats = intEnv('BENCH_REPEATS', 30);

  const s = await startStack({ services: [], employees: nEmployees });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);

  // The tree, breadth first: department i's parent is (i - 1) / fanout; paths as the routes write them.
  const ids = Array.from({ length: nDepts }, () => randomUUID());
  const paths: string[] = [];
  const parents: (string | null)[] = [];
  for (let i = 0; i < nDepts; i++) {
    const p = i === 0 ? -1 : Math.floor((i - 1) / fanout);
    parents.push(p < 0 ? null : ids[p]);
    paths.push(`${p < 0 ? '/' : paths[p]}${ids[i]}/`);
  }
  const tBuild = performance.now();
  for (let i = 0; i < nDepts; i += 1000) {
    const end = Math.min(nDepts, i + 1000);
    await su.query(
      `INSERT INTO people.departments (id, client_id, kind, name, parent_id, path)
       SELECT d, $1, 'org', 'Department ' || n, p, pa FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::int[]) AS x(d, p, pa, n)`,
      [s.clientId, ids.slice(i, end), parents.slice(i, end), paths.slice(i, end), Array.from({ length: end - i }, (_, k) => i + k)],
    );
  }
  // Employees round-robin over the departments; the first of each is its head.
  const members = s.employeeIds.map((u, k) => ({ u, d: ids[k % nDepts], head: k < nDepts }));
  for (let i = 0; i < members.length; i += 5000) {
    const chunk = members.slice(i, i + 5000);
    await su.query(
      `INSERT INTO people.dept_users (dept_id, user_id, client_id, is_head) SELECT d, u, $1, h FROM unnest($2::uuid[], $3::uuid[], $4::bool[]) AS x(d, u, h)`,
      [s.clientId, chunk.map((m) => m.d), chunk.map((m) => m.u), chunk.map((m) => m.head)],
    );
  }
  await su.query('ANALYZE people.departments; ANALYZE people.dept_users');
  log(`${nDepts} departments, ${members.length} memberships stored in ${((performance.now() - tBuild) / 1000).toFixed(1)} s`);

  // A third-level department (the first child of the first child of the root), or the deepest there is.
  const at = Math.min(fanout + 1, nDepts - 1);
  const root2 = ids[at];
  const prefix = paths[at];
  const subSize = paths.filter((p) => p.startsWith(prefix)).length;
  const chart = `/api/structure/byClient/${s.clientId}?kind=org`;
  const subtree = `/api/structure/byClient/${s.clientId}?root=${root2}`;
  const whole = expectOk(await admin('GET', chart), 'warm-up chart').result as unknown[];
  const sub = expectOk(await admin('GET', subtree), 'warm-up subtree').result as unknown[];
  if (whole.length !== nDepts || sub.length !== subSize) throw new Error(`expected ${nDepts} / ${subSize} departments, got ${whole.length} / ${sub.length}`);

  const chartMs: number[] = [];
  const subMs: number[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    chartMs.push((await timed(async () => expectOk(await admin('GET', chart), 'chart'))).ms);
    subMs.push((await timed(async () => expectOk(await admin('GET', subtree), 'subtree'))).ms);
    bareMs.push(
      (
        await timed(() =>
          su.query(`SELECT * FROM people.departments WHERE client_id = $1 AND kind = 'org' AND path LIKE $2 ORDER BY path`, [s.clientId, `${prefix}%`]),
        )
      ).ms,
    );
  }
  const plan = (
    await su.query(`EXPLAIN SELECT * FROM people.departments WHERE client_id = $1 AND kind = 'org' AND path LIKE $2 ORDER BY path`, [s.clientId, `${prefix}%`])
  ).rows
    .map((r) => r['QUERY PLAN'] as string)
    .join('\n  ');

  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  console.log(
    `\nStructure — ${nDepts} departments (fan-out ${fanout}), ${members.length} employees\n${machine(s.pgVersion)}\n\n` +
      table(
        ['measure', 'n', 'departments', 'p50 ms', 'p99 ms'],
        [
          ['GET whole chart via gateway', String(repeats), String(nDepts), p(chartMs, 50), p(chartMs, 99)],
          ['GET one subtree with its people via gateway', String(repeats), String(subSize), p(subMs, 50), p(subMs, 99)],
          ['bare subtree SQL', String(repeats), String(subSize), p(bareMs, 50), p(bareMs, 99)],
        ],
      ) +
      `\n\nplan of the subtree read:\n  ${plan}\n`,
  );
}

await runBench(main);
