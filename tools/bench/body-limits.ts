/**
 * Issue 38 §7's measurement: BENCH_BODY_REQUESTS (20) parallel unauthenticated POST /api/forgot_password calls with
 * a BENCH_BODY_MB (24) MB JSON body against the embedded portal (`node apps/portal/src/main.ts`, the gateway's
 * process). Prints the time until every call was answered, the answers' statuses and the process's RSS before and
 * at its peak (sampled every 20 ms from /proc). Before the per-route limits the gateway read and parsed every body
 * (25 MB limit on every route); now a public route refuses anything above 64 KB by its Content-Length.
 *
 *   source tools/scripts/node-env.sh && node tools/bench/body-limits.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { api, embeddedPortalEnv, freePort, intEnv, log, onCleanup, runBench, startChild, table, until } from './lib.ts';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

await runBench(async () => {
  const n = intEnv('BENCH_BODY_REQUESTS', 20);
  const mb = intEnv('BENCH_BODY_MB', 24);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-body-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startChild('portal', process.execPath, ['apps/portal/src/main.ts'], embeddedPortalEnv(dataDir, port));
  await until(180_000, 'portal', async () => (await api(base)('GET', '/api/env').catch(() => ({ status: 0 }))).status === 200, 250);
  // One small call first, so the route's code is loaded before the baseline.
  await api(base)('POST', '/api/forgot_password', { email: 'warm@example.com' });
  const pid = child.proc.pid!;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const body = Buffer.from(JSON.stringify({ email: `${'a'.repeat(mb * 1024 * 1024 - 40)}@example.com` }));
  log(`${n} × ${(body.length / 1024 / 1024).toFixed(1)} MB to ${base}/api/forgot_password`);
  const t0 = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: n }, () =>
      request(`${base}/api/forgot_password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, headersTimeout: 120_000 }).then(
        async (r) => {
          await r.body.text();
          return String(r.statusCode);
        },
        (e: { code?: string }) => `closed (${e.code ?? 'error'})`,
      ),
    ),
  );
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  console.log(
    table(
      ['requests', 'body', 'all answered in', 'answers', 'RSS before', 'RSS peak', 'growth'],
      [
        [
          String(n),
          `${mb} MB`,
          `${(ms / 1000).toFixed(2)} s`,
          [...counts].map(([k, v]) => `${v}× ${k}`).join(', '),
          `${before.toFixed(0)} MB`,
          `${peak.toFixed(0)} MB`,
          `${(peak - before).toFixed(0)} MB`,
        ],
      ],
    ),
  );
});
