/**
 * What a spec file's portal costs in a warm Jest worker (issue 39 §3): the browser specs' environment starts one
 * portal per file outside the sandbox (`startWebPortal`, tools/scripts/jest-shared-env.mjs), with the servers' modules
 * already loaded by the worker's earlier files. Starts and closes that portal BENCH_STARTS times in this process (the
 * first start loads the modules, like a worker's first file) and prints wall ms and CPU s (this process, every
 * thread) of each start and close, and the median of the warm starts. BENCH_PROFILE=<file>: a CPU profile of the
 * main thread over the last start.
 *
 *   source tools/scripts/node-env.sh && (unset DATABASE_URL NATS_URL; node tools/bench/spec-portal.ts)
 *   BENCH_STARTS=8 BENCH_PROFILE=/tmp/start.cpuprofile node tools/bench/spec-portal.ts
 *
 * Embedded only: the database is a PGlite loaded from the migrated dump, as the browser specs' is; with DATABASE_URL
 * set it is a copy of the PostgreSQL template database instead.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { startWebPortal } from '../../libs/portal/testing/src/web-portal.ts';
import { intEnv } from './lib.ts';

const STARTS = intEnv('BENCH_STARTS', 5);
const PROFILE = process.env.BENCH_PROFILE;

/** CPU seconds of this process so far (user + system, every thread). */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Runs `fn`, returning its wall milliseconds and CPU seconds. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuS: number }> {
  const c0 = cpu();
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0, cpuS: cpu() - c0 };
}

console.log(
  `spec portal start in a warm process — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log('start          wall ms  cpu s   close ms  cpu s');
const warm: { ms: number; cpuS: number }[] = [];
for (let i = 1; i <= STARTS; i++) {
  const session = PROFILE && i === STARTS ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const started = await measured(() => startWebPortal());
  if (session) writeFileSync(PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
  const closed = await measured(() => started.value.close());
  if (i > 1) warm.push(started);
  console.log(
    `${(i === 1 ? '1 (modules)' : String(i)).padEnd(13)} ${started.ms.toFixed(0).padStart(8)} ${started.cpuS.toFixed(2).padStart(6)} ${closed.ms.toFixed(0).padStart(10)} ${closed.cpuS.toFixed(2).padStart(6)}`,
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(`warm start median: wall ${median(warm.map((s) => s.ms)).toFixed(0)} ms, cpu ${median(warm.map((s) => s.cpuS)).toFixed(2)} s`);
// The portal's closed; what is left (PGlite's cached module, the SWC hook) would keep nothing running, but be sure.
process.exit(0);
