/**
 * Benchmark: the gateway's own cost per request, with the bus answering at once (no NATS, no service, no SQL), so
 * the figure is the edge alone: HTTP, JWT, cached session/client, guards, validation, envelope. Compares gateway
 * builds of several checkouts side by side, alternating, in one run:
 *
 *   BENCH_ROOTS=/path/to/old,/path/to/new node tools/bench/gateway.ts
 *
 * Each checkout's `createGateway` runs in a child process (`--serve <root>`) over an in-process bus whose handlers
 * for the session, the client and `GET /api/user/{id}` answer canned objects. The bench process drives autocannon
 * and reads the child's CPU time (process.cpuUsage, sent over IPC) before and after the measured run: CPU µs per
 * request is robust on a loaded machine, unlike req/s. Environment: BENCH_ROOTS (default: this checkout),
 * BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (64), BENCH_ROUNDS (2), BENCH_PROFILE (a folder:
 * V8 CPU profiles of the gateway children).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon, intEnv, log, ROOT, table } from './lib.ts';

const SECRET = 'bench-secret-0123456789abcdef';
const ids = { client: randomUUID(), user: randomUUID(), session: randomUUID() };

/** Child: one gateway of `root` on a free port with canned bus answers; answers 'cpu' messages with cpuUsage. */
async function serve(root: string): Promise<void> {
  const { createGateway, allRoutes } = await import(join(root, 'libs/gateway/server/src/index.ts'));
  const { InProcessBus } = await import(join(root, 'libs/platform/bus/src/in-process.ts'));
  const { openStorage } = await import(join(root, 'libs/platform/storage/src/index.ts'));
  const bus = new InProcessBus();
  const user = {
    _id: ids.user,
    clientId: ids.client,
    login: 'bench',
    email: 'bench@example.com',
    firstName: 'Bench',
    lastName: 'User',
    roles: ['admin'],
    status: 'active',
  };
  bus.handle('people.internal.session', async () => ({ userId: ids.user, clientId: ids.client, workspace: 'bench', roles: ['admin'], lang: 'en' }));
  // Every field clients.internal.get's answer schema requires (the bus checks the canned answer as a service's).
  const client = {
    ...{ _id: ids.client, workspace: 'bench', name: 'Bench', fullName: null, lang: 'en', start_page: 'news', status: 'active', maintenance: false },
    ...{ settings: { hideMoodMeter: false, initialRights: [] }, design: { headImage: null, sidePanel: null, background: null, text: null, accent: null } },
    ...{ logo: null, city: null, phone: null, address: null, director: null, telegram: null, notes: null, taxNumber: null },
    ...{ storage: { total: 0, used: 0 }, features: [], hr: { url: null, login: null, hasPassword: false }, created: new Date().toISOString() },
  };
  bus.handle('clients.internal.get', async () => client);
  bus.handle('people.user.get', async () => user);
  await bus.start();
  const quiet = () => undefined;
  const silent = { debug: quiet, info: quiet, warn: quiet, error: (m: string) => process.stderr.write(`${m}\n`), enabled: () => false };
  const app = await createGateway({
    bus,
    routes: allRoutes,
    jwtSecret: SECRET,
    vendor: 'intranet',
    log: silent,
    rateLimitScale: 1000,
    storage: await openStorage({ dataDir: mkdtempSync(join(tmpdir(), 'bench-gw-')) }),
  });
  await app.listen(0, '127.0.0.1');
  const addr = app.getHttpServer().address();
  // BENCH_PROFILE=<dir>: a V8 CPU profile of the measured run only (between the two 'cpu' messages).
  const profileDir = process.env.BENCH_PROFILE;
  const session = profileDir ? new (await import('node:inspector/promises')).Session() : undefined;
  session?.connect();
  let profiling = false;
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const cpu = process.cpuUsage();
      if (session && !profiling) {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        profiling = true;
      } else if (session && profiling) {
        const { profile } = await session.post('Profiler.stop');
        (await import('node:fs')).writeFileSync(join(profileDir!, `gateway-${process.pid}.cpuprofile`), JSON.stringify(profile));
        profiling = false;
      }
      process.send!({ cpu });
    }
    if (typeof m === 'object' && m && 'inject' in m) {
      // In-process variant: `n` requests through fastify.inject, 16 at a time; no sockets, so no scheduler noise.
      const { n, url, headers } = (m as { inject: { n: number; url: string; headers: Record<string, string> } }).inject;
      const fastify = app.getHttpAdapter().getInstance();
      if (session) {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      let ok = 0;
      for (let i = 0; i < n; i += 16) {
        const rs = await Promise.all(Array.from({ length: Math.min(16, n - i) }, () => fastify.inject({ method: 'GET', url, headers })));
        ok += rs.filter((r: { statusCode: number }) => r.statusCode === 200).length;
      }
      const c = process.cpuUsage(c0);
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        (await import('node:fs')).writeFileSync(join(profileDir!, `gateway-${process.pid}.cpuprofile`), JSON.stringify(profile));
      }
      process.send!({ injected: { ok, ms: performance.now() - t0, cpuUs: c.user + c.system } });
    }
    if (m === 'close') void app.close().then(() => process.exit(0));
  });
  process.send!({ port: typeof addr === 'object' && addr ? addr.port : 0 });
}

const ask = <T>(c: ChildProcess, msg: string | object, key: string) =>
  new Promise<T>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        c.off('message', on);
        resolve(m[key] as T);
      }
    };
    c.on('message', on);
    c.send(msg);
  });

async function main(): Promise<void> {
  const roots = (process.env.BENCH_ROOTS ?? ROOT).split(',').filter(Boolean);
  const seconds = intEnv('BENCH_SECONDS', 8);
  const warmup = intEnv('BENCH_WARMUP_SECONDS', 3);
  const connections = intEnv('BENCH_CONNECTIONS', 64);
  const rounds = intEnv('BENCH_ROUNDS', 2);
  const { signToken } = await import(join(ROOT, 'libs/platform/auth/src/index.ts'));
  const token = signToken({ client_id: ids.client, result: { _id: ids.user }, sid: ids.session } as never, SECRET, 3600);
  const rows: string[][] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const root of roots) {
      const child = fork(new URL(import.meta.url), ['--serve', root], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      try {
        const port = await new Promise<number>((resolve, reject) => {
          child.once('message', (m: { port?: number }) => resolve(m.port!));
          child.once('exit', (code) => reject(new Error(`gateway of ${root} exited ${code}`)));
        });
        const url = `http://127.0.0.1:${port}/api/user/${ids.user}`;
        const headers = { authorization: `Bearer ${token}` };
        const probe = await fetch(url, { headers });
        if (probe.status !== 200) throw new Error(`${root}: GET user answered ${probe.status} ${await probe.text()}`);
        if (process.env.BENCH_INJECT) {
          // BENCH_INJECT=<n>: in-process injects instead of HTTP (warm-up: the same number first).
          const n = Number(process.env.BENCH_INJECT);
          const path = new URL(url).pathname;
          await ask(child, { inject: { n, url: path, headers } } as never, 'injected');
          const r = await ask<{ ok: number; ms: number; cpuUs: number }>(child, { inject: { n, url: path, headers } } as never, 'injected');
          const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
          rows.push([String(round), root, String(Math.round((r.ok / r.ms) * 1000)), '-', '-', (r.cpuUs / r.ok).toFixed(0), `${n - r.ok}`, load]);
          log(`round ${round} ${root}: ${rows.at(-1)!.slice(2).join(' ')}`);
          continue;
        }
        await autocannon({ url, connections, duration: warmup, headers });
        const before = await ask<NodeJS.CpuUsage>(child, 'cpu', 'cpu');
        const r = await autocannon({ url, connections, duration: seconds, headers });
        const after = await ask<NodeJS.CpuUsage>(child, 'cpu', 'cpu');
        const cpuUs = after.user - before.user + (after.system - before.system);
        const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
        rows.push([
          String(round),
          root,
          String(Math.round(r.requests.average)),
          r.latency.p50.toFixed(1),
          r.latency.p99.toFixed(1),
          (cpuUs / r['2xx']).toFixed(0),
          `${r.errors + r.timeouts}/${r.non2xx}`,
          load,
        ]);
        log(`round ${round} ${root}: ${rows.at(-1)!.slice(2).join(' ')}`);
      } finally {
        child.send('close');
        await new Promise((r) => child.once('exit', r));
      }
    }
  }
  console.log(table(['round', 'checkout', 'req/s', 'p50 ms', 'p99 ms', 'gateway CPU µs/req', 'errors/non-2xx', 'load'], rows));
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await main();
