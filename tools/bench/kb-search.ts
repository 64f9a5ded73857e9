/**
 * Benchmark: knowledge-base search and tree load through the gateway in distributed mode (gateway → NATS →
 * kb-service → PostgreSQL), as a non-admin employee so grants apply, with BENCH_ARTICLES articles in BENCH_FOLDERS
 * folders and department grants on a third of the folders (seedArticles).
 *
 *   node tools/bench/kb-search.ts
 *   BENCH_ARTICLES=10000 BENCH_FOLDERS=1000 node tools/bench/kb-search.ts
 *
 * Environment: BENCH_ARTICLES (50000), BENCH_FOLDERS (5000), BENCH_REPEATS (20: sequential requests per search
 * word and per tree variant), BENCH_PG_URL, BENCH_NATS_URL. See tools/bench/README.md.
 *
 * Requests are sequential (one in flight): the figures are latencies of a single user, not throughput.
 */
import { performance } from 'node:perf_hooks';
import {
  api,
  assertAlive,
  childTail,
  expectOk,
  intEnv,
  log,
  machine,
  onCleanup,
  percentile,
  runBench,
  runtimeDatabase,
  startStack,
  superClient,
  table,
  waitCount,
} from './lib.ts';

/** Terminal colour codes in the services' log lines. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Words of the seed's vocabulary (ru, uk, en), a two-word query, a prefix, a typo and a word that is not there. */
const QUERIES = ['отпуск', 'відпустка', 'policy', 'security onboarding', 'безопас', 'handbok', 'договор 123', 'zzzqxv'];

async function main(): Promise<void> {
  const nArticles = intEnv('BENCH_ARTICLES', 50_000);
  const nFolders = intEnv('BENCH_FOLDERS', 5_000);
  const repeats = intEnv('BENCH_REPEATS', 20);

  const s = await startStack({ services: ['kb'], employees: 0 });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);

  // A plain employee of one department: the seed restricts a third of the folders to one of Dept 0..9 each.
  const email = `reader@${s.workspace}.test`;
  const password = 'benchreader1';
  const emp = expectOk(
    await admin('POST', '/api/register', {
      firstName: 'Rita',
      lastName: 'Reader',
      email,
      password,
      confirmPassword: password,
      department: 'Dept 3',
      roles: ['employee', 'knowledge_base'],
    }),
    'create employee',
  ).result;
  const login = expectOk(await s.call('POST', '/api/login', { login: email, password }), 'employee sign-in');
  const reader = api(s.base, login.token);

  const { openDatabase } = await import('@intranet/platform-db');
  const { seedArticles } = await import('@intranet/kb-server');
  const db = await openDatabase(runtimeDatabase(s, 2));
  onCleanup(() => db.close());
  const t0 = performance.now();
  await seedArticles(db, s.clientId, { folders: nFolders, articles: nArticles, grantedShare: 1 / 3, authorId: s.adminId });
  const seeded = (performance.now() - t0) / 1000;
  await su.query('VACUUM (ANALYZE) kb.articles');
  const counts = (
    await su.query(
      `SELECT count(*) FILTER (WHERE type = 'folder') AS folders, count(*) FILTER (WHERE type <> 'folder') AS articles,
              count(*) FILTER (WHERE jsonb_array_length(grants) > 0) AS granted,
              count(*) FILTER (WHERE acl_id IS NOT NULL) AS restricted,
              count(*) FILTER (WHERE acl_id IN (SELECT id FROM kb.articles WHERE grants @> '[{"value":"Dept 3"}]')) AS mine
       FROM kb.articles WHERE client_id = $1`,
      [s.clientId],
    )
  ).rows[0];
  log(
    `seeded ${counts.folders} folders, ${counts.articles} articles in ${seeded.toFixed(1)} s: ${counts.granted} folders with grants, ` +
      `${counts.restricted} rows under them, ${counts.mine} of those readable by Dept 3`,
  );

  // Warm the kb members projection for the reader (the first call fetches the user from people and stores it).
  expectOk(await reader('GET', `/api/user/${s.clientId}/articles/access_for/${emp._id}?search=policy`), 'first search');
  await waitCount(su, 'kb.members row of the reader', `SELECT count(*) AS n FROM kb.members WHERE id = $1 AND department = 'Dept 3'`, [emp._id], 1, 30_000);

  const timed = async (who: typeof reader, path: string): Promise<{ ms: number; body: any; bytes: number }> => {
    const a = performance.now();
    const r = await who('GET', path);
    const ms = performance.now() - a;
    expectOk(r, path);
    return { ms, body: r.body, bytes: JSON.stringify(r.body).length };
  };

  // 1. Search, employee (grants apply) and, for comparison, admin (no grant filter).
  const rows: string[][] = [];
  const allEmp: number[] = [];
  for (const q of QUERIES) {
    assertAlive();
    const path = `/api/user/${s.clientId}/articles/access_for/${emp._id}?search=${encodeURIComponent(q)}`;
    const adminPath = `/api/user/${s.clientId}/articles/access_for/${s.adminId}?search=${encodeURIComponent(q)}`;
    await timed(reader, path); // warm-up
    const e: number[] = [];
    const a: number[] = [];
    let hits = 0;
    let adminHits = 0;
    let leaked = 0;
    for (let i = 0; i < repeats; i++) {
      const r = await timed(reader, path);
      e.push(r.ms);
      hits = r.body.result.length;
      leaked = (r.body.result as { restricted?: boolean; access?: boolean }[]).filter((x) => x.access === false).length;
      const ra = await timed(admin, adminPath);
      a.push(ra.ms);
      adminHits = ra.body.result.length;
    }
    allEmp.push(...e);
    rows.push([
      q,
      String(hits),
      percentile(e, 50).toFixed(1),
      percentile(e, 99).toFixed(1),
      String(adminHits),
      percentile(a, 50).toFixed(1),
      percentile(a, 99).toFixed(1),
    ]);
    if (leaked) log(`WARNING: '${q}': ${leaked} results flagged access=false for the employee`);
  }

  // 1b. The grant-level cache (kb access.ts loadAcl): a cheap search (no hits, so the grant levels dominate) while
  //     the cached map is valid, and right after a grants change (the version moved: the map is recomputed).
  const granted = (
    await su.query(`SELECT id, grants FROM kb.articles WHERE client_id = $1 AND jsonb_array_length(grants) > 0 ORDER BY id LIMIT 1`, [s.clientId])
  ).rows[0] as { id: string; grants: unknown[] };
  const cheap = `/api/user/${s.clientId}/articles/access_for/${emp._id}?search=zzzqxv`;
  const warm: number[] = [];
  const cold: number[] = [];
  await timed(reader, cheap);
  for (let i = 0; i < repeats; i++) {
    assertAlive();
    warm.push((await timed(reader, cheap)).ms);
    // Same grants written twice over (a change, then back): the version moves, the levels do not.
    expectOk(
      await admin('PUT', `/api/article/${granted.id}/rights`, { grants: i % 2 ? granted.grants : [...granted.grants, { target: 'all', level: 'none' }] }),
      'rights change',
    );
    cold.push((await timed(reader, cheap)).ms);
  }
  expectOk(await admin('PUT', `/api/article/${granted.id}/rights`, { grants: granted.grants }), 'rights restored');
  const aclRows = [
    ['cached (version unchanged)', percentile(warm, 50).toFixed(1), percentile(warm, 99).toFixed(1)],
    ['after a grants change (recomputed)', percentile(cold, 50).toFixed(1), percentile(cold, 99).toFixed(1)],
  ];

  // 2. Tree: folders only (the 5k-folder tree), and the whole tree with articles; employee and admin. A failing
  //    variant (e.g. a bus timeout) is reported in the table instead of ending the run.
  const treeRows: string[][] = [];
  let failures = 0;
  const count = (nodes: { children?: unknown[] }[]): number => nodes.reduce((n, x) => n + 1 + count((x.children ?? []) as { children?: unknown[] }[]), 0);
  for (const [label, qs] of [
    ['folders only', '?folders=true'],
    ['whole tree', ''],
  ] as const) {
    for (const [who, call] of [
      ['employee', reader],
      ['admin', admin],
    ] as const) {
      assertAlive();
      const path = `/api/article/full_tree/${s.clientId}${qs}`;
      const a = performance.now();
      const first = await call('GET', path); // warm-up
      const firstMs = performance.now() - a;
      if (first.status !== 200) {
        failures++;
        const why = `${first.status} ${first.body?.details?.cause ?? first.body?.message ?? ''}`.trim();
        treeRows.push([`${label}, ${who}`, '-', '-', `FAILED: HTTP ${why} after ${(firstMs / 1000).toFixed(1)} s`, '', '']);
        continue;
      }
      const ms: number[] = [];
      for (let i = 0; i < repeats; i++) ms.push((await timed(call, path)).ms);
      treeRows.push([
        `${label}, ${who}`,
        String(count(first.body.result)),
        `${(JSON.stringify(first.body).length / 1024).toFixed(0)} KiB`,
        percentile(ms, 50).toFixed(1),
        percentile(ms, 99).toFixed(1),
        Math.max(...ms).toFixed(1),
      ]);
    }
  }

  console.log(
    `\nKB search and tree — ${counts.articles} articles in ${counts.folders} folders, ${counts.granted} folders with department grants; ` +
      `sequential requests, ${repeats} per row (after one warm-up)\n${machine(s.pgVersion)}\n`,
  );
  console.log(table(['search', 'employee hits', 'p50 ms', 'p99 ms', 'admin hits', 'admin p50', 'admin p99'], rows));
  console.log(
    `\nall employee searches: p50 ${percentile(allEmp, 50).toFixed(1)} ms, p99 ${percentile(allEmp, 99).toFixed(1)} ms (${allEmp.length} requests)\n`,
  );
  console.log(table(["employee search 'zzzqxv', grant levels", 'p50 ms', 'p99 ms'], aclRows));
  console.log('');
  console.log(table(['full_tree', 'nodes', 'JSON', 'p50 ms', 'p99 ms', 'max ms'], treeRows));
  if (failures) {
    const tail = [...childTail('kb-service'), ...childTail('gateway')]
      .map((l) => l.replace(ANSI, ''))
      .filter((l) => !l.includes('ready'))
      .slice(-12);
    console.log(`\n${failures} tree variant(s) failed; last service log lines:\n  ${tail.join('\n  ') || '(none)'}`);
  }
}

await runBench(main);
