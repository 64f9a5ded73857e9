/**
 * Benchmark of the notifications domain (DOMAIN-DONE "Figures", issue 10) in distributed mode (gateway → NATS →
 * notifications-service → PostgreSQL):
 *   1. fan-out: one event addressed to BENCH_EMPLOYEES employees (POST api/notification with every employee id, as
 *      an administrator's notice) while BENCH_ONLINE of them are online (a Socket.IO client each, identified as
 *      that employee): the time until every notification is stored (rows counted in PostgreSQL) and until every
 *      online one got its `evt.notifications.notification.created` with the new unread count. Above the service's
 *      NOTIF_NOTICE_SYNC_MAX (1,000) recipients the POST answers at once (`queued`) and the service stores the
 *      notifications in the background, NOTIF_FANOUT_CHUNK (1,000) per transaction; both pass to the services
 *      from this process's environment (e.g. NOTIF_NOTICE_SYNC_MAX=100 NOTIF_FANOUT_CHUNK=100 exercise that path
 *      at smoke size);
 *   2. reads through the gateway (autocannon, BENCH_CONNECTIONS connections, BENCH_DURATION s each): an employee's
 *      unread count (GET api/notification/unread/{client}/{user}) and notification page (GET
 *      api/notification/{client}/all/{user}/now) — req/s, p50/p99.
 *
 *   node tools/bench/notifications.ts                                                     # the full run (lead, idle machine)
 *   BENCH_EMPLOYEES=300 BENCH_ONLINE=20 BENCH_DURATION=3 BENCH_CONNECTIONS=8 node tools/bench/notifications.ts   # smoke
 *
 * Environment: BENCH_EMPLOYEES (10000), BENCH_ONLINE (200), BENCH_CONNECTIONS (32), BENCH_DURATION (10),
 * BENCH_TIMEOUT_MS (300000: the fan-out's limit), BENCH_PG_URL, BENCH_NATS_URL. Prints its figures; never a test.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { hashPassword } from '@intranet/platform-auth';
import {
  api,
  assertAlive,
  autocannon,
  expectOk,
  intEnv,
  log,
  machine,
  onCleanup,
  percentile,
  runBench,
  runningChildren,
  sleep,
  startStack,
  superClient,
  table,
} from './lib.ts';

const PASSWORD = 'benchnotif1';

async function main(): Promise<void> {
  const nEmployees = Math.min(intEnv('BENCH_EMPLOYEES', 10_000), 10_000);
  const nOnline = Math.min(intEnv('BENCH_ONLINE', 200), nEmployees);
  const connections = intEnv('BENCH_CONNECTIONS', 32);
  const duration = intEnv('BENCH_DURATION', 10);
  const timeoutMs = intEnv('BENCH_TIMEOUT_MS', 300_000);

  const s = await startStack({ services: ['notifications'], employees: nEmployees });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);
  const users = (await su.query(`SELECT id, email FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) ORDER BY email`, [s.clientId]))
    .rows as { id: string; email: string }[];
  if (users.length < nEmployees) log(`only ${users.length} employees imported`);

  // The online ones: a password to sign in with, a token, a socket identified as them.
  // Spread over the whole list (not its first rows): the fan-out stores recipients in order, chunk by chunk, and the
  // push time must be that of the last chunk as well as the first.
  const stride = Math.max(1, Math.floor(users.length / nOnline));
  const online = users.filter((_, i) => i % stride === stride - 1).slice(0, nOnline);
  await su.query(`UPDATE people.users SET password_hash = $2 WHERE id = ANY($1::uuid[])`, [online.map((u) => u.id), await hashPassword(PASSWORD)]);
  const tokens: string[] = [];
  for (const u of online) tokens.push(expectOk(await api(s.base)('POST', '/api/login', { login: u.email, password: PASSWORD }), `sign-in ${u.email}`).token);
  const sockets: Socket[] = [];
  onCleanup(() => {
    for (const sk of sockets) sk.disconnect();
  });
  const arrived = new Float64Array(nOnline).fill(NaN);
  const unreadSeen = new Int32Array(nOnline);
  let t0 = 0;
  let mark = '';
  await Promise.all(
    online.map(
      (u, k) =>
        new Promise<void>((resolve, reject) => {
          const sk = io(`${s.base}/${s.workspace}`, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: { token: tokens[k] },
            forceNew: true,
            reconnection: false,
            timeout: 20_000,
          });
          sockets[k] = sk;
          sk.on('evt.notifications.notification.created', (d: { notification?: { title?: string }; unread?: number }) => {
            if (!mark || d?.notification?.title !== mark || !Number.isNaN(arrived[k])) return;
            arrived[k] = performance.now() - t0;
            unreadSeen[k] = d.unread ?? 0;
          });
          sk.once('connect_error', (err) => reject(new Error(`socket ${k}: ${err.message}`)));
          sk.once('connect', () =>
            sk
              .timeout(20_000)
              .emit('identify', { client_id: s.clientId, user_id: u.id, timestamp: Date.now() }, (err: Error | null, r: { ok?: boolean }) =>
                err || !r?.ok ? reject(new Error(`socket ${k}: identify ${err?.message ?? 'refused'}`)) : resolve(),
              ),
          );
        }),
    ),
  );
  log(`${nOnline} employees online`);

  // Warm-up (not counted): one notice to the online ones.
  expectOk(await admin('POST', '/api/notification', { user_ids: online.map((u) => u.id), title: 'warm-up' }), 'warm-up');
  await sleep(1500);

  // 1. The fan-out (and the notifications service's memory: its RSS before, its peak after).
  const svcPid = runningChildren().find((c) => c.name === 'notifications-service')?.pid;
  const rssBefore = svcPid ? memOf(svcPid, 'VmRSS') : NaN;
  mark = `bench notice ${Date.now()}`;
  t0 = performance.now();
  const posted = expectOk(await admin('POST', '/api/notification', { user_ids: users.map((u) => u.id), title: mark, section: 'other' }), 'notice');
  const postMs = performance.now() - t0;
  let storedMs = NaN;
  const deadline = t0 + timeoutMs;
  while (performance.now() < deadline) {
    assertAlive();
    if (Number.isNaN(storedMs)) {
      const n = Number(
        (await su.query(`SELECT count(*)::int AS n FROM notifications.notifications WHERE client_id = $1 AND title = $2`, [s.clientId, mark])).rows[0].n,
      );
      if (n >= users.length) storedMs = performance.now() - t0;
    }
    if (!Number.isNaN(storedMs) && !arrived.some(Number.isNaN)) break;
    await sleep(50);
  }
  const got = [...arrived].filter((x) => !Number.isNaN(x));
  const pushedMs = got.length === nOnline ? Math.max(...got) : NaN;
  const countsOk = [...unreadSeen].filter((c) => c === 2).length;
  const rssPeak = svcPid ? memOf(svcPid, 'VmHWM') : NaN;

  // 2. Reads through the gateway as one online employee (BENCH_CONNECTIONS connections).
  const reader = online[0]!;
  const headers = { authorization: `Bearer ${tokens[0]}` };
  const rows: string[][] = [];
  for (const [name, path] of [
    ['unread count', `/api/notification/unread/${s.clientId}/${reader.id}`],
    ['notification page', `/api/notification/${s.clientId}/all/${reader.id}/now`],
  ] as const) {
    assertAlive();
    const r = await autocannon({ url: `${s.base}${path}`, connections, duration, headers, timeout: 10 });
    rows.push([name, Math.round(r.requests.average).toString(), String(r.latency.p50), String(r.latency.p99), String(r.non2xx + r.errors + r.timeouts)]);
  }

  console.log(`\nNotifications — ${users.length} employees, ${nOnline} online, workspace ${s.workspace}\n${machine(s.pgVersion)}\n`);
  console.log(
    `fan-out of one notice to ${users.length}: POST ${postMs.toFixed(0)} ms (created ${posted.result.created}${posted.result.queued ? `, queued ${posted.result.queued}` : ''}); ` +
      `all stored after ${storedMs.toFixed(0)} ms; ` +
      `all ${nOnline} online pushed after ${pushedMs.toFixed(0)} ms (received ${got.length}/${nOnline}, p50 ${pct(got, 50)} ms, p99 ${pct(got, 99)} ms; unread count 2 in ${countsOk})`,
  );
  console.log(`notifications-service memory: RSS ${rssBefore.toFixed(0)} MB before the fan-out, peak ${rssPeak.toFixed(0)} MB`);
  console.log(`\nreads through the gateway, ${connections} connections × ${duration} s\n`);
  console.log(table(['route', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows));
  await su.end();
}

/** A process's memory figure from /proc (VmRSS now, VmHWM its peak), MB. */
function memOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const pct = (xs: number[], p: number) => (xs.length ? percentile(xs, p).toFixed(0) : 'n/a');

await runBench(main);
