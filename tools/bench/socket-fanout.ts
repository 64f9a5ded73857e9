/**
 * Benchmark: realtime fan-out. BENCH_SOCKETS Socket.IO clients connect to one workspace namespace on the gateway
 * (distributed mode) and identify; then BENCH_EVENTS posts are created through POST /api/post, BENCH_GAP_MS apart,
 * and every socket's delivery time of `evt.social.post.created` (from the start of the POST to the arrival) is
 * recorded.
 *
 *   node tools/bench/socket-fanout.ts
 *   BENCH_SOCKETS=2000 BENCH_EVENTS=50 node tools/bench/socket-fanout.ts
 *
 * Environment: BENCH_SOCKETS (1000), BENCH_EVENTS (20), BENCH_GAP_MS (1100: over two of the gateway's 500 ms batch windows, so each post goes out alone), BENCH_CONNECT_BATCH (100: sockets
 * connecting at once), BENCH_SETTLE_MS (5000: wait for late deliveries after the last POST), BENCH_PG_URL,
 * BENCH_NATS_URL. See tools/bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { readFileSync } from 'node:fs';
import {
  assertAlive,
  expectOk,
  intEnv,
  log,
  machine,
  onCleanup,
  onLiveEvents,
  percentile,
  runBench,
  runningChildren,
  sleep,
  startStack,
  table,
  api,
} from './lib.ts';

/** The gateway's resident memory in MB (Linux /proc). */
const gatewayRssMb = (): number => {
  const pid = runningChildren().find((c) => c.name === 'gateway')?.pid;
  const m = pid ? /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8')) : null;
  return m ? Number(m[1]) / 1024 : NaN;
};

async function main(): Promise<void> {
  const nSockets = intEnv('BENCH_SOCKETS', 1000);
  const nEvents = intEnv('BENCH_EVENTS', 20);
  // Over two of the gateway's batch windows (500 ms): each post is then the first of its window and goes out at once.
  const gapMs = intEnv('BENCH_GAP_MS', 1100, 0);
  const batch = intEnv('BENCH_CONNECT_BATCH', 100);
  const settleMs = intEnv('BENCH_SETTLE_MS', 5000, 0);

  const s = await startStack({ services: ['social'], employees: 0 });
  const admin = api(s.base, s.adminToken);

  // arrivals[e][k]: ms from the start of POST e to socket k's copy of the event (NaN: not received).
  const arrivals: Float64Array[] = Array.from({ length: nEvents }, () => new Float64Array(nSockets).fill(NaN));
  const postStart = new Float64Array(nEvents).fill(NaN);
  let duplicates = 0;
  let foreign = 0;

  const sockets: Socket[] = [];
  onCleanup(() => {
    for (const sk of sockets) sk.disconnect();
  });
  const url = `${s.base}/${s.workspace}`;
  const connect = (k: number) =>
    new Promise<void>((resolve, reject) => {
      const sk = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: s.adminToken },
        forceNew: true,
        reconnection: false,
        timeout: 20_000,
      });
      sockets[k] = sk;
      onLiveEvents(sk, (subject, data: { post?: { message?: string } }) => {
        if (subject !== 'evt.social.post.created') return;
        const now = performance.now();
        const m = /bench-evt-(\d+)/.exec(data?.post?.message ?? '');
        const e = m ? Number(m[1]) : -1;
        if (e < 0 || e >= nEvents) return void foreign++;
        if (!Number.isNaN(arrivals[e][k])) return void duplicates++;
        arrivals[e][k] = now - postStart[e];
      });
      sk.once('connect_error', (err) => reject(new Error(`socket ${k}: ${err.message}`)));
      sk.once('connect', () => {
        sk.timeout(20_000).emit('identify', { client_id: s.clientId, user_id: s.adminId, timestamp: Date.now() }, (err: Error | null, r: { ok?: boolean }) => {
          if (err) return reject(new Error(`socket ${k}: identify: ${err.message}`));
          if (!r?.ok) return reject(new Error(`socket ${k}: identify refused`));
          resolve();
        });
      });
    });

  const rssBefore = gatewayRssMb();
  const t0 = performance.now();
  for (let i = 0; i < nSockets; i += batch) {
    assertAlive();
    await Promise.all(Array.from({ length: Math.min(batch, nSockets - i) }, (_, j) => connect(i + j)));
  }
  const connectS = (performance.now() - t0) / 1000;
  log(`${nSockets} sockets connected and identified in ${connectS.toFixed(1)} s`);
  await sleep(2000);
  const rssAfter = gatewayRssMb();
  log(
    `gateway RSS ${rssBefore.toFixed(0)} MB before the sockets, ${rssAfter.toFixed(0)} MB with them: ${((1024 * (rssAfter - rssBefore)) / nSockets).toFixed(1)} KB per socket`,
  );

  // Warm-up post (not counted): first request through the social service and the relay path.
  expectOk(await admin('POST', '/api/post', { message: '<p>warm-up</p>' }), 'warm-up post');
  await sleep(1000);
  foreign = 0; // the warm-up post's copies

  const postMs: number[] = [];
  for (let e = 0; e < nEvents; e++) {
    assertAlive();
    postStart[e] = performance.now();
    expectOk(await admin('POST', '/api/post', { message: `<p>bench-evt-${e} fan-out check</p>` }), `post ${e}`);
    postMs.push(performance.now() - postStart[e]);
    const wait = gapMs - (performance.now() - postStart[e]);
    if (wait > 0 && e < nEvents - 1) await sleep(wait);
  }
  // Wait for stragglers: until everything arrived or the settle time is over.
  const deadline = performance.now() + settleMs;
  while (performance.now() < deadline && arrivals.some((a) => a.some(Number.isNaN))) await sleep(100);
  const connected = sockets.filter((sk) => sk.connected).length;

  const all: number[] = [];
  const first: number[] = [];
  const lastOf: number[] = [];
  const rows: string[][] = [];
  for (let e = 0; e < nEvents; e++) {
    const got = [...arrivals[e]].filter((x) => !Number.isNaN(x));
    all.push(...got);
    first.push(Math.min(...got));
    lastOf.push(Math.max(...got));
    rows.push([
      String(e + 1),
      `${got.length}/${nSockets}`,
      postMs[e].toFixed(1),
      percentile(got, 50).toFixed(1),
      percentile(got, 99).toFixed(1),
      Math.max(...got).toFixed(1),
    ]);
  }
  const received = all.length;

  console.log(`\nSocket fan-out — ${nSockets} sockets in /${s.workspace}, ${nEvents} new posts ${gapMs} ms apart\n${machine(s.pgVersion)}\n`);
  console.log(table(['event', 'received', 'POST ms', 'p50 ms', 'p99 ms', 'max ms'], rows));
  console.log(
    `\nall deliveries: ${received}/${nSockets * nEvents} received, p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms` +
      `\nfirst socket per event: p50 ${percentile(first, 50).toFixed(1)} ms; last socket per event: p50 ${percentile(lastOf, 50).toFixed(1)} ms, max ${Math.max(...lastOf).toFixed(1)} ms` +
      `\nPOST /api/post: p50 ${percentile(postMs, 50).toFixed(1)} ms, p99 ${percentile(postMs, 99).toFixed(1)} ms; connect+identify of ${nSockets} sockets: ${connectS.toFixed(1)} s` +
      `\nstill connected at the end: ${connected}/${nSockets}; duplicates ${duplicates}, other events ${foreign}` +
      `\ngateway RSS: ${rssBefore.toFixed(0)} MB before the sockets, ${rssAfter.toFixed(0)} MB with them: ${((1024 * (rssAfter - rssBefore)) / nSockets).toFixed(1)} KB per socket`,
  );
  if (received < nSockets * nEvents) console.log(`WARNING: ${nSockets * nEvents - received} deliveries missing`);
}

await runBench(main);
