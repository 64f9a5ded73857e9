/**
 * Benchmark of the company structure (issue 12 "Tests and figures") in distributed mode (gateway → NATS →
 * people-service → PostgreSQL): a structure of BENCH_DEPTS departments (a tree of fan-out BENCH_FANOUT, built by
 * bare SQL with the materialised paths the routes write) and BENCH_EMPLOYEES imported employees spread over them;
 * then, BENCH_REPEATS times each, through the gateway:
 *   - the whole chart: GET api/structure/byClient/{client}?kind=org;
 *   - one subtree with its people: GET api/structure/byClient/{client}?root=<a third-level department>;
 *   - the bare subtree SQL (one indexed range read on (client_id, kind, path text_pattern_ops)) and its plan;
 * then the HR import (POST api/user/load_hrm) of BENCH_HR_EMPLOYEES employees from a local HTTP server that plays
 * 1C:ZUP's standard OData interface (Catalog_Сотрудники, Catalog_ФизическиеЛица, the recorded shape): the first
 * import (all created), a re-import (all unchanged): wall time and the people-service's peak RSS while it runs
 * (/proc/<pid>/status VmRSS sampled every 50 ms) and its VmHWM.
 *
 *   node tools/bench/structure.ts
 *   BENCH_DEPTS=200 BENCH_EMPLOYEES=500 BENCH_REPEATS=5 node tools/bench/structure.ts     # a smoke run
 *
 * Environment: BENCH_DEPTS (2000), BENCH_EMPLOYEES (20000), BENCH_FANOUT (8), BENCH_REPEATS (30),
 * BENCH_HR_EMPLOYEES (20000; 0 skips the HR import), BENCH_PG_URL, BENCH_NATS_URL.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { api, expectOk, intEnv, log, machine, percentile, runBench, runningChildren, type Stack, startStack, superClient, table, timed } from './lib.ts';

/** Letters only (§5 names): the number spelled with a–j. */
const letters = (i: number) => [...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('');

/** A local HTTP server in 1C:ZUP's standard OData shape with `n` employees and their physical persons. */
async function fakeZup(n: number): Promise<{ server: Server; url: string }> {
  const ref = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
  const staff = JSON.stringify({
    'odata.metadata': 'http://zup/odata/standard.odata/$metadata#Catalog_Сотрудники',
    value: Array.from({ length: n }, (_, i) => ({
      Ref_Key: ref(i),
      Code: String(i + 1).padStart(8, '0'),
      Description: `Benchworker${letters(i)} Hr`,
      ФизическоеЛицо_Key: ref(1_000_000 + i),
      ВАрхиве: false,
      DeletionMark: false,
    })),
  });
  const persons = JSON.stringify({
    'odata.metadata': 'http://zup/odata/standard.odata/$metadata#Catalog_ФизическиеЛица',
    value: Array.from({ length: n }, (_, i) => ({
      Ref_Key: ref(1_000_000 + i),
      Фамилия: `Benchworker${letters(i)}`,
      Имя: 'Hr',
      Отчество: '',
      ИНН: String(100_000_000_000 + i),
      ДатаРождения: '1990-01-01T00:00:00',
      Пол: i % 2 ? 'Мужской' : 'Женский',
      КонтактнаяИнформация: [{ Тип: 'АдресЭлектроннойПочты', Представление: `hr${i}@zup-bench.test` }],
    })),
  });
  const server = createServer((req, res) => {
    const m = /\/odata\/standard\.odata\/([^?]+)/.exec(decodeURIComponent(req.url ?? ''));
    const none = m?.[1] === 'Catalog_Должности' || m?.[1] === 'InformationRegister_КадроваяИсторияСотрудников/SliceLast()' ? '{"value":[]}' : null;
    const body = m?.[1] === 'Catalog_Сотрудники' ? staff : m?.[1] === 'Catalog_ФизическиеЛица' ? persons : none;
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/zup` };
}

/** VmRSS / VmHWM of a process in MB (Linux /proc), or NaN. */
const memMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/**
 * POST api/user/load_hrm through the gateway, timed, with the people-service's RSS sampled every 50 ms.
 * Output: wall ms, the answer's counts, peak RSS seen (MB) and the process's VmHWM after it (MB).
 */
async function hrImport(s: Stack, label: string) {
  const people = runningChildren().find((c) => c.name.startsWith('people'));
  let peak = 0;
  const sample = () => {
    if (people) peak = Math.max(peak, memMb(people.pid, 'VmRSS'));
  };
  sample();
  const timer = setInterval(sample, 50);
  const t0 = performance.now();
  try {
    const res = await fetch(`${s.base}/api/user/load_hrm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.adminToken}`, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(600_000),
    });
    const body = (await res.json()) as { result?: { created: number; updated: number; unchanged: number; failed: unknown[] } };
    if (res.status !== 200 || !body.result) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    const ms = performance.now() - t0;
    clearInterval(timer);
    sample();
    return { ms, r: body.result, peak, hwm: people ? memMb(people.pid, 'VmHWM') : NaN };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const nDepts = intEnv('BENCH_DEPTS', 2_000);
  const nEmployees = intEnv('BENCH_EMPLOYEES', 20_000);
  const fanout = intEnv('BENCH_FANOUT', 8, 2);
  const repeats = intEnv('BENCH_REPEATS', 30);
  const nHr = intEnv('BENCH_HR_EMPLOYEES', 20_000, 0);

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

  // The HR import against the local 1C-shaped server (issue 12 "an HR import of 20,000 employees").
  let hrRows: string[][] = [];
  if (nHr > 0) {
    const zup = await fakeZup(nHr);
    try {
      const superApi = api(s.base, s.superToken);
      expectOk(
        await superApi('PUT', `/api/clients/${s.clientId}`, { taxNumber: '7701234567', hr: { url: zup.url, login: 'bench', password: 'bench-pass' } }),
        'connect the HR system',
      );
      const first = await hrImport(s, 'first HR import');
      if (first.r.created !== nHr) throw new Error(`first HR import created ${first.r.created} of ${nHr}: ${JSON.stringify(first.r.failed.slice(0, 3))}`);
      log(`HR import of ${nHr}: ${(first.ms / 1000).toFixed(1)} s`);
      const again = await hrImport(s, 'HR re-import');
      const row = (name: string, x: Awaited<ReturnType<typeof hrImport>>) => [
        name,
        String(nHr),
        `${x.r.created}/${x.r.updated}/${x.r.unchanged}/${x.r.failed.length}`,
        (x.ms / 1000).toFixed(1),
        x.peak.toFixed(0),
        x.hwm.toFixed(0),
      ];
      hrRows = [row('first import (creates)', first), row('re-import (unchanged)', again)];
    } finally {
      zup.server.close();
    }
  }

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
      `\n\nplan of the subtree read:\n  ${plan}\n` +
      (hrRows.length
        ? `\nHR import (POST api/user/load_hrm, 1C:ZUP-shaped local server) — people-service memory\n\n` +
          table(['run', 'employees', 'created/updated/unchanged/failed', 'wall s', 'peak RSS MB', 'VmHWM MB'], hrRows) +
          '\n'
        : ''),
  );
}

await runBench(main);
