/**
 * Benchmark of a workspace's whole life (issue 36) on the embedded portal: export of a workspace of BENCH_EMPLOYEES
 * employees and BENCH_POSTS posts (plus BENCH_FILES stored objects of BENCH_FILE_KB each) to one archive, then its
 * import under a new workspace code, each as a long job (POST api/clients/jobs, polled through GET
 * api/clients/jobs/{job}): time, rows/s and the portal's peak RSS growth during each (streamed: it must not grow
 * with the workspace).
 *
 *   source tools/scripts/node-env.sh && node tools/bench/tenant.ts
 *   BENCH_EMPLOYEES=10000 BENCH_POSTS=100000 BENCH_FILES=1000 BENCH_FILE_KB=1024 node tools/bench/tenant.ts   # issue 36's sizes
 *
 * How: `node <apps/portal/node-options> apps/portal/src/main.ts` (the process `npm start` runs; BENCH_PORTAL_FLAGS=' '
 * for Node's defaults) on a throw-away DATA_DIR; the client and its employees through the API; the
 * portal stopped, the posts seeded into its PGlite folder (seedPosts) and the objects written into its storage
 * folder, the portal started again; then the two jobs. RSS: /proc/<pid>/status VmRSS of the portal, sampled every
 * 100 ms. Environment: BENCH_EMPLOYEES (200), BENCH_POSTS (2000), BENCH_FILES (20), BENCH_FILE_KB (256).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  embeddedPortalEnv,
  expectOk,
  freePort,
  intEnv,
  log,
  makeBenchClient,
  onCleanup,
  portalNodeOptions,
  runBench,
  signalChild,
  startChild,
  SUPER,
  table,
  until,
} from './lib.ts';

/** The portal's resident memory in bytes (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

await runBench(async () => {
  const employees = intEnv('BENCH_EMPLOYEES', 200);
  const posts = intEnv('BENCH_POSTS', 2000);
  const files = intEnv('BENCH_FILES', 20, 0);
  const fileKb = intEnv('BENCH_FILE_KB', 256);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lifecycle-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // As `npm start` runs it (apps/portal/node-options): its young generation and malloc arenas decide the RSS.
  const portal = portalNodeOptions();
  const env = { ...embeddedPortalEnv(dataDir, port), ...portal.env };
  let pid = 0;
  const start = async () => {
    // The sources keep their source maps, as `PORTAL_FROM_SOURCE=1 npm start` does (tools/scripts/run.sh).
    const flags = portal.flags.filter((f) => f !== '--no-enable-source-maps');
    pid = startChild('portal', process.execPath, [...flags, 'apps/portal/src/main.ts'], env).proc.pid!;
    await until(180_000, 'portal', async () => (await api(base)('GET', '/api/env').catch(() => ({ status: 0 }))).status === 200, 250);
  };

  await start();
  let su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
  const { workspace, client, adminId, employeeIds } = await makeBenchClient(base, su, employees);
  await signalChild('portal', 'SIGTERM', 60_000);

  const t0 = Date.now();
  const { openDatabase } = await import('@intranet/platform-db');
  const { seedPosts } = await import('@intranet/social-server');
  const db = await openDatabase({ dataDir: join(dataDir, 'pg') });
  try {
    await seedPosts(db, client._id, [adminId, ...employeeIds], posts);
  } finally {
    await db.close();
  }
  // Objects straight into the file storage's folder (as uploads would leave them; none is referenced: hanged files).
  const folder = join(dataDir, 'files', client._id, 'bench');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(folder, `f${i}.bin`), randomBytes(fileKb * 1024));
  log(`${workspace}: ${employees} employees, ${posts} posts, ${files} objects of ${fileKb} KB (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await start();
  su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
  const call = api(base, su);

  /** Runs one job to its end, sampling the portal's RSS: time, rows, peak growth. */
  const runJob = async (body: Record<string, unknown>) => {
    const rss0 = rssOf(pid);
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
    const started = Date.now();
    try {
      const job = expectOk(await call('POST', '/api/clients/jobs', body), `start ${body.kind}`).result as { _id: string };
      let last: { status: string; result: unknown; error: unknown; total: number } | undefined;
      await until(
        3_600_000,
        `${body.kind} job`,
        async () => {
          last = expectOk(await call('GET', `/api/clients/jobs/${job._id}`), 'job').result;
          return last!.status === 'done' || last!.status === 'failed';
        },
        200,
      );
      if (last!.status !== 'done') throw new Error(`${body.kind}: ${JSON.stringify(last!.error)}`);
      return { ms: Date.now() - started, growth: peak - rss0, result: last!.result as Record<string, any> };
    } finally {
      clearInterval(sampler);
    }
  };

  const exp = await runJob({ kind: 'export', client: client._id, name: 'bench' });
  const manifest = exp.result.manifest as { domains: Record<string, Record<string, number>>; files: number; bytes: number };
  const rows = Object.values(manifest.domains).reduce((a, t) => a + Object.values(t).reduce((b, n) => b + n, 0), 0);
  const size = (await call('GET', `/api/clients/${client._id}/filestat`)).body.result.bytes as number;
  const imp = await runJob({ kind: 'import', workspace: `${workspace}b`, key: exp.result.key });
  const MB = 1024 * 1024;
  console.log(
    `\nA workspace's export and import as long jobs (embedded portal, PGlite): ${rows} rows, ${manifest.files} objects, ${(size / MB).toFixed(1)} MB\n`,
  );
  console.log(
    table(
      ['job', 'seconds', 'rows/s', 'MB/s (objects)', 'peak RSS growth MB'],
      [exp, imp].map((j, i) => [
        i ? 'import' : 'export',
        (j.ms / 1000).toFixed(1),
        (rows / (j.ms / 1000)).toFixed(0),
        (size / MB / (j.ms / 1000)).toFixed(1),
        (j.growth / MB).toFixed(0),
      ]),
    ),
  );
});
