/**
 * Start-up bench of the embedded portal (issue 8 §1): first start on an empty DATA_DIR, restarts on the same
 * folder, and idle RSS. Runs `node <apps/portal/node-options> dist/server/main.mjs` (the command behind `npm start`,
 * without the setup checks; the server bundle is built first, ADR 0015) as a child with this process's NODE_OPTIONS (the SWC hook), `DATA_DIR=<tmp>/startup-*`, a free port or
 * BENCH_PORT, no WEB_DIR. Each start is timed from spawn until GET /api/env answers; the portal's own figure
 * (its "ready in N ms, RSS N MB" line, counted from its process start) and the CPU seconds the child used until
 * ready are shown beside it: on a shared machine wall time depends on the load, CPU time much less.
 *
 *   source tools/scripts/node-env.sh && node tools/bench/startup.ts
 *   BENCH_RESTARTS=5 BENCH_IDLE_SECONDS=20 BENCH_PORT=3104 node tools/bench/startup.ts
 *   BENCH_PORTAL_FLAGS=' ' node tools/bench/startup.ts   # without apps/portal/node-options (before/after)
 *   BENCH_FROM_SOURCE=1 node tools/bench/startup.ts      # apps/portal/src/main.ts, not the bundle (before/after)
 *   BENCH_DEMO=0 node tools/bench/startup.ts             # without the last start, `--demo` on an empty folder
 *
 * A first start copies the migrated PGlite data template the bundle's build made (tools/server-bundle/build.mjs);
 * BENCH_TEMPLATE=initdb copies the initdb template and runs every migration at start (as before 2026-11-29);
 * BENCH_NO_TEMPLATE=1 runs initdb in the data folder too (as before any template).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { portalProcessEnv } from '@intranet/portal-testing/process';
import { freePort, intEnv, log, portalEntry, portalNodeOptions, ROOT, sleep } from './lib.ts';

const RESTARTS = intEnv('BENCH_RESTARTS', 3);
const IDLE_SECONDS = intEnv('BENCH_IDLE_SECONDS', 10);
// The flags and environment `npm start` gives the portal's process (BENCH_PORTAL_FLAGS: see portalNodeOptions).
const { flags: PORTAL_FLAGS, env: PORTAL_ENV } = portalNodeOptions();
const TICK = 100; // USER_HZ on Linux: /proc/<pid>/stat counts CPU time in 1/100 s

interface Start {
  wallMs: number;
  reportedMs: number;
  cpuS: number;
  rssMb: number;
}

/** utime + stime of a process in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / TICK;
}

/** RssAnon / RssFile / RssShmem of a process in MB (/proc status): the heap and WASM memory vs mapped files. */
function rssParts(pid: number): string {
  const st = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (k: string) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(st)?.[1] ?? NaN) / 1024);
  return `anonymous ${mb('RssAnon')} MB, files ${mb('RssFile')} MB, shared memory ${mb('RssShmem')} MB`;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

// Built (or chosen) before any start is timed: the bundle's build is not part of a start.
const ENTRY = portalEntry();

async function startPortal(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<{ child: ChildProcess; start: Start }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...PORTAL_FLAGS, ENTRY, ...args], {
    cwd: ROOT,
    env: {
      ...portalProcessEnv(dataDir, port),
      LOG_LEVEL: 'info',
      ...PORTAL_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}):\n${out.slice(-3000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/env`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 180_000) throw new Error(`not ready within 180 s:\n${out.slice(-3000)}`);
    await sleep(25);
  }
  const wallMs = performance.now() - t0;
  const cpuS = cpuSeconds(child.pid!);
  // The ready line follows the demo's seeding (the API answers before it).
  for (let i = 0; i < (args.includes('--demo') ? 6000 : 100) && !/ready in \d+ ms/.test(out); i++) await sleep(20);
  const m = /ready in (\d+) ms, RSS (\d+) MB/.exec(out);
  return { child, start: { wallMs, reportedMs: m ? Number(m[1]) : NaN, cpuS, rssMb: m ? Number(m[2]) : NaN } };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(t);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (name: string, s: Start) =>
  `${name.padEnd(22)} ${String(Math.round(s.wallMs)).padStart(7)} ${String(s.reportedMs).padStart(9)} ${s.cpuS.toFixed(2).padStart(6)} ${String(s.rssMb).padStart(7)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'startup-'));
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
let current: ChildProcess | undefined;
const cleanup = () => {
  current?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => (cleanup(), process.exit(130)));
try {
  // BENCH_NO_TEMPLATE=1: initdb at the first start; BENCH_TEMPLATE=initdb: the initdb template, the migrations at start.
  const env = process.env.BENCH_NO_TEMPLATE ? { PGLITE_TEMPLATE: 'off' } : process.env.BENCH_TEMPLATE === 'initdb' ? { PGLITE_TEMPLATE: 'initdb' } : {};
  log(`first start on an empty ${dataDir} (port ${port})`);
  const first = await startPortal(dataDir, port, env);
  current = first.child;
  await stop(first.child);
  const restarts: Start[] = [];
  let idle = NaN;
  let parts = '';
  for (let i = 0; i < RESTARTS; i++) {
    log(`restart ${i + 1}/${RESTARTS}`);
    const r = await startPortal(dataDir, port);
    current = r.child;
    restarts.push(r.start);
    if (i === RESTARTS - 1) {
      log(`idle ${IDLE_SECONDS} s`);
      await sleep(IDLE_SECONDS * 1000);
      idle = rssMb(r.child.pid!);
      parts = rssParts(r.child.pid!);
    }
    await stop(r.child);
  }
  // `npm start -- --demo` on an empty folder: the RSS after the demo workspace's seeding (issue 39 §2).
  let demo = '';
  if (process.env.BENCH_DEMO !== '0') {
    const demoDir = mkdtempSync(join(tmpdir(), 'startup-demo-'));
    try {
      log(`--demo on an empty ${demoDir}, then idle ${IDLE_SECONDS} s`);
      const d = await startPortal(demoDir, port, {}, ['--demo']);
      current = d.child;
      await sleep(IDLE_SECONDS * 1000);
      demo = `RSS ${IDLE_SECONDS} s after --demo was ready: ${rssMb(d.child.pid!)} MB (${rssParts(d.child.pid!)})`;
      await stop(d.child);
    } finally {
      rmSync(demoDir, { recursive: true, force: true });
    }
  }
  const la = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  console.log(`embedded portal start-up — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${la}`);
  console.log(`${'start'.padEnd(22)} ${'wall ms'.padStart(7)} ${'portal ms'.padStart(9)} ${'cpu s'.padStart(6)} ${'RSS MB'.padStart(7)}`);
  console.log(row(`first (empty DATA_DIR)${env.PGLITE_TEMPLATE ? ` [template ${env.PGLITE_TEMPLATE}]` : ''}`, first.start));
  restarts.forEach((r, i) => console.log(row(`restart ${i + 1}`, r)));
  console.log(
    `restart median: wall ${Math.round(median(restarts.map((r) => r.wallMs)))} ms, portal ${median(restarts.map((r) => r.reportedMs))} ms, cpu ${median(restarts.map((r) => r.cpuS)).toFixed(2)} s`,
  );
  console.log(`idle RSS after ${IDLE_SECONDS} s: ${idle} MB (${parts})`);
  if (demo) console.log(demo);
  console.log(`targets: first start ≤ 5000 ms, restart ≤ 2000 ms, idle RSS ≤ 400 MB (after --demo too)`);
} finally {
  if (current) await stop(current);
  cleanup();
}
