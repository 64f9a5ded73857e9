/**
 * Issue 38 §3's measurement: does POST /api/forgot_password take longer for an e-mail that has an account? Against
 * the embedded portal (`node apps/portal/src/main.ts`), BENCH_TRIES (100) calls for a known e-mail (the bench
 * client's administrator) and as many for unknown ones, alternating, one at a time with BENCH_PAUSE_MS (50) between
 * calls (so the work a call started after answering is done before the next); prints both medians and p90s.
 *
 *   source tools/scripts/node-env.sh && node tools/bench/forgot-password.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
  percentile,
  runBench,
  sleep,
  startChild,
  SUPER,
  table,
  until,
} from './lib.ts';

await runBench(async () => {
  const tries = intEnv('BENCH_TRIES', 100);
  const pause = intEnv('BENCH_PAUSE_MS', 50, 0);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-forgot-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  startChild('portal', process.execPath, ['apps/portal/src/main.ts'], embeddedPortalEnv(dataDir, port));
  await until(180_000, 'portal', async () => (await api(base)('GET', '/api/env').catch(() => ({ status: 0 }))).status === 200, 250);
  const su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
  const { adminEmail, workspace } = await makeBenchClient(base, su, 0);
  const call = async (email: string) => {
    const t0 = performance.now();
    expectOk(await api(base)('POST', '/api/forgot_password', { email }), 'forgot password');
    return performance.now() - t0;
  };
  // Warm-up: the route's code paths of both kinds loaded once.
  for (let i = 0; i < 5; i++) await call(adminEmail).then(() => call(`warm${i}@${workspace}.test`));
  const known: number[] = [];
  const unknown: number[] = [];
  log(`${tries} calls each, known ${adminEmail} and unknown addresses, ${pause} ms apart`);
  for (let i = 0; i < tries; i++) {
    known.push(await call(adminEmail));
    await sleep(pause);
    unknown.push(await call(`nobody${i}@${workspace}.test`));
    await sleep(pause);
  }
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    table(
      ['e-mail', 'calls', 'median', 'p90'],
      [
        ['known', String(tries), f(percentile(known, 50)), f(percentile(known, 90))],
        ['unknown', String(tries), f(percentile(unknown, 50)), f(percentile(unknown, 90))],
      ],
    ),
  );
});
