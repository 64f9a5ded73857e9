/**
 * Benchmark of the chat domain (issue 16 figures) through the gateway in distributed mode (gateway, clients, people
 * and chat services on PostgreSQL and NATS):
 *
 * 1. fan-out: a BENCH_MEMBERS-member group room (1,000), one socket per member (each its own user, so the gateway
 *    targets 1,000 user channels), BENCH_EVENTS messages BENCH_GAP_MS apart: delivery of `evt.chat.msg.created` to
 *    every socket, from the start of POST api/chat/msg to the arrival, p50/p99 (and the gateway's memory per socket);
 * 2. history: a room seeded with BENCH_HISTORY messages (bulk SQL, uuidv7-ordered ids): GET api/chat/room/{id}/msgs
 *    for the newest page and for pages at random depths (`before` = a random message), p50/p99, beside the same
 *    keyset SQL run bare (superuser, no RLS, no gateway);
 * 3. writers: BENCH_WRITERS members (200) each writing to their own direct room with the admin as fast as they can for
 *    BENCH_WRITE_S seconds: messages/s sustained and POST latency p50/p99.
 *
 *   node tools/bench/chat.ts
 *   BENCH_HISTORY=1000000 node tools/bench/chat.ts
 *
 * Prints figures; never a test.
 */
import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { connect as natsConnect } from '@nats-io/transport-node';
import {
  ADMIN_PASSWORD,
  api,
  assertAlive,
  expectOk,
  intEnv,
  log,
  machine,
  onCleanup,
  percentile,
  runBench,
  sleep,
  startStack,
  superClient,
  table,
} from './lib.ts';

async function main(): Promise<void> {
  const nMembers = intEnv('BENCH_MEMBERS', 1000);
  const nEvents = intEnv('BENCH_EVENTS', 20);
  const gapMs = intEnv('BENCH_GAP_MS', 300, 0);
  const nHistory = intEnv('BENCH_HISTORY', 300_000);
  const nPages = intEnv('BENCH_PAGES', 300);
  const nWriters = Math.min(intEnv('BENCH_WRITERS', 200), nMembers);
  const writeS = intEnv('BENCH_WRITE_S', 15);

  const s = await startStack({ services: ['chat'], employees: nMembers });
  const admin = api(s.base, s.adminToken);
  const pg = await superClient(s);

  // Every imported employee gets the admin's password (import leaves them without one), then signs in.
  await pg.query(`UPDATE people.users SET password_hash = (SELECT password_hash FROM people.users WHERE id = $1) WHERE client_id = $2 AND id <> $1`, [
    s.adminId,
    s.clientId,
  ]);
  const users: { id: string; token: string }[] = [];
  const t0 = performance.now();
  for (let i = 0; i < nMembers; i += 8) {
    assertAlive();
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, nMembers - i) }, (_, j) =>
        s.call('POST', '/api/login', { login: `employee${i + j}@bench.test`, password: ADMIN_PASSWORD }).then((r) => expectOk(r, `login ${i + j}`)),
      ),
    );
    users.push(...batch.map((b) => ({ id: b._id as string, token: b.token as string })));
  }
  log(`${users.length} members signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---------------------------------------------------------------- 1. fan-out to the members' sockets
  const room = expectOk(await admin('POST', '/api/chat/room', { name: 'Everyone', members: users.map((u) => u.id) }), 'create room').result;
  log(`room of ${room.members_count} members`);
  const gwPid = findGatewayPid();
  const rss0 = gwPid ? rssOf(gwPid) : NaN;
  const arrivals: Float64Array[] = Array.from({ length: nEvents }, () => new Float64Array(nMembers).fill(NaN));
  const start = new Float64Array(nEvents).fill(NaN);
  let duplicates = 0;
  const sockets: Socket[] = [];
  onCleanup(() => {
    for (const sk of sockets) sk.disconnect();
  });
  const connect = (k: number) =>
    new Promise<void>((resolve, reject) => {
      const sk = io(`${s.base}/${s.workspace}`, {
        transports: ['websocket'],
        auth: { token: users[k].token },
        forceNew: true,
        reconnection: false,
        timeout: 20_000,
      });
      sockets[k] = sk;
      sk.on('evt.chat.msg.created', (data: { msg?: { content?: string } }) => {
        const now = performance.now();
        const m = /bench-msg-(\d+)/.exec(data?.msg?.content ?? '');
        const e = m ? Number(m[1]) : -1;
        if (e < 0 || e >= nEvents) return;
        if (!Number.isNaN(arrivals[e][k])) return void duplicates++;
        arrivals[e][k] = now - start[e];
      });
      sk.once('connect_error', (err) => reject(new Error(`socket ${k}: ${err.message}`)));
      sk.once('connect', () =>
        sk
          .timeout(20_000)
          .emit('identify', { client_id: s.clientId, user_id: users[k].id, timestamp: Date.now() }, (err: Error | null, r: { ok?: boolean }) =>
            err || !r?.ok ? reject(new Error(`socket ${k}: identify failed`)) : resolve(),
          ),
      );
    });
  const tc = performance.now();
  for (let i = 0; i < nMembers; i += 100) {
    assertAlive();
    await Promise.all(Array.from({ length: Math.min(100, nMembers - i) }, (_, j) => connect(i + j)));
  }
  log(`${nMembers} member sockets connected and identified in ${((performance.now() - tc) / 1000).toFixed(1)} s`);
  await sleep(1000);
  const rss1 = gwPid ? rssOf(gwPid) : NaN;
  // The same event as it reaches the bus (committed and relayed by chat's outbox), to split a delivery into
  // "POST start → on the bus" and "bus → socket" (one clock: everything runs on this machine).
  const busAt = new Float64Array(nEvents).fill(NaN);
  const nc = await natsConnect({ servers: s.natsUrl });
  onCleanup(() => void nc.close());
  const busSub = nc.subscribe('evt.chat.msg.created');
  void (async () => {
    for await (const m of busSub) {
      const now = performance.now();
      const e = Number(/bench-msg-(\d+)/.exec(m.string())?.[1] ?? -1);
      if (e >= 0 && e < nEvents && Number.isNaN(busAt[e])) busAt[e] = now - start[e];
    }
  })();
  await nc.flush();
  expectOk(await admin('POST', '/api/chat/msg', { room_id: room._id, content: 'warm-up' }), 'warm-up');
  await sleep(1000);
  const postMs: number[] = [];
  for (let e = 0; e < nEvents; e++) {
    assertAlive();
    start[e] = performance.now();
    expectOk(await admin('POST', '/api/chat/msg', { room_id: room._id, content: `bench-msg-${e}` }), `message ${e}`);
    postMs.push(performance.now() - start[e]);
    const wait = gapMs - (performance.now() - start[e]);
    if (wait > 0) await sleep(wait);
  }
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && arrivals.some((a) => a.some(Number.isNaN))) await sleep(100);
  const all = arrivals.flatMap((a) => [...a].filter((x) => !Number.isNaN(x)));
  const onBus = [...busAt].filter((x) => !Number.isNaN(x));
  const busToSocket = arrivals.flatMap((a, e) => [...a].filter((x) => !Number.isNaN(x)).map((x) => x - busAt[e]));
  const lastPer = arrivals.map((a) => Math.max(...[...a].filter((x) => !Number.isNaN(x))));
  // The SQL of one message to that room run bare (superuser, rolled back): insert, last message, 1,000 unread counters, audience.
  const bareSend: number[] = [];
  for (let i = 0; i < nEvents; i++) {
    const t = performance.now();
    await pg.query('BEGIN');
    await pg.query(
      `INSERT INTO chat.messages (id, client_id, room_id, sender_id, username, content) VALUES (gen_random_uuid(), $1, $2, $3, 'Ada Admin', 'bare')`,
      [s.clientId, room._id, s.adminId],
    );
    await pg.query(`UPDATE chat.rooms SET last_at = now() WHERE id = $1`, [room._id]);
    await pg.query(
      `UPDATE chat.members SET unread = CASE WHEN user_id = $2 THEN 0 ELSE unread + 1 END, last_seen_id = CASE WHEN user_id = $2 THEN last_seen_id ELSE last_seen_id END WHERE room_id = $1`,
      [room._id, s.adminId],
    );
    await pg.query(`SELECT user_id FROM chat.members WHERE room_id = $1`, [room._id]);
    await pg.query('ROLLBACK');
    bareSend.push(performance.now() - t);
  }
  console.log(
    `\nChat — distributed mode (gateway, clients, people, chat services)\n${machine(s.pgVersion)}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
  );
  console.log(
    table(
      ['fan-out', 'value'],
      [
        ['room members / sockets (one user each)', `${nMembers} / ${sockets.filter((x) => x.connected).length}`],
        [`deliveries (${nEvents} messages × ${nMembers})`, `${all.length}/${nEvents * nMembers}, duplicates ${duplicates}`],
        [
          'delivery to every socket p50 / p99 / max',
          `${percentile(all, 50).toFixed(1)} / ${percentile(all, 99).toFixed(1)} / ${Math.max(...all).toFixed(1)} ms`,
        ],
        ['last socket per message p50 / max', `${percentile(lastPer, 50).toFixed(1)} / ${Math.max(...lastPer).toFixed(1)} ms`],
        ['POST api/chat/msg to 1,000 members p50 / p99', `${percentile(postMs, 50).toFixed(1)} / ${percentile(postMs, 99).toFixed(1)} ms`],
        ['POST start → event on the bus p50 / p99', `${percentile(onBus, 50).toFixed(1)} / ${percentile(onBus, 99).toFixed(1)} ms`],
        ['event on the bus → socket p50 / p99', `${percentile(busToSocket, 50).toFixed(1)} / ${percentile(busToSocket, 99).toFixed(1)} ms`],
        ['its SQL bare (rolled back) p50 / p99', `${percentile(bareSend, 50).toFixed(1)} / ${percentile(bareSend, 99).toFixed(1)} ms`],
        ['gateway RSS per socket', gwPid ? `${((rss1 - rss0) / nMembers).toFixed(1)} KB (${rss0.toFixed(0)} → ${rss1.toFixed(0)} KB)` : 'n/a'],
      ],
    ),
  );

  // ---------------------------------------------------------------- 2. history of a large room
  const big = expectOk(await admin('POST', '/api/chat/room', { name: 'Years of history', members: [users[0].id] }), 'history room').result;
  const ts = performance.now();
  const baseMs = Date.now() - nHistory * 60_000;
  for (let from = 0; from < nHistory; from += 100_000) {
    assertAlive();
    const to = Math.min(from + 100_000, nHistory) - 1;
    // uuidv7-shaped ids (48-bit ms, version 7, variant 8) one minute apart: the keyset order is the time order.
    await pg.query(
      `INSERT INTO chat.messages (id, client_id, room_id, sender_id, username, content, created_at)
       SELECT (lpad(to_hex($4::bigint + i::bigint * 60000), 12, '0') || '7' || substr(md5(i::text), 1, 3) || '8' || substr(md5(i::text), 4, 15))::uuid,
              $1::uuid, $2::uuid, CASE WHEN i % 2 = 0 THEN $3::uuid ELSE $5::uuid END, 'Bench Writer', 'history message ' || i, to_timestamp(($4::bigint + i::bigint * 60000) / 1000.0)
       FROM generate_series($6::int, $7::int) AS i`,
      [s.clientId, big._id, s.adminId, baseMs, users[0].id, from, to],
    );
  }
  await pg.query(
    `UPDATE chat.rooms SET last_msg_id = (SELECT id FROM chat.messages WHERE room_id = $1 ORDER BY id DESC LIMIT 1), last_at = now() WHERE id = $1`,
    [big._id],
  );
  await pg.query(`ANALYZE chat.messages`);
  const seedS = (performance.now() - ts) / 1000;
  log(`seeded ${nHistory} messages in ${seedS.toFixed(1)} s`);
  const ids = (await pg.query(`SELECT id FROM chat.messages WHERE room_id = $1 ORDER BY random() LIMIT $2`, [big._id, nPages])).rows.map((r) => r.id as string);
  const timed = async (fn: () => Promise<unknown>, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
    return out;
  };
  const newest = await timed(async () => expectOk(await admin('GET', `/api/chat/room/${big._id}/msgs`), 'newest page'), nPages);
  let k = 0;
  const deep = await timed(async () => expectOk(await admin('GET', `/api/chat/room/${big._id}/msgs?before=${ids[k++ % ids.length]}`), 'deep page'), nPages);
  k = 0;
  const bare = await timed(
    () => pg.query(`SELECT * FROM chat.messages WHERE room_id = $1 AND id < $2 ORDER BY id DESC LIMIT 51`, [big._id, ids[k++ % ids.length]]),
    nPages,
  );
  console.log(
    table(
      ['history', 'value'],
      [
        [`history room (seeded in ${seedS.toFixed(0)} s)`, `${nHistory.toLocaleString('en')} messages`],
        ['newest page (50) p50 / p99', `${percentile(newest, 50).toFixed(1)} / ${percentile(newest, 99).toFixed(1)} ms`],
        ['page at a random depth p50 / p99', `${percentile(deep, 50).toFixed(1)} / ${percentile(deep, 99).toFixed(1)} ms`],
        ['same keyset SQL bare p50 / p99', `${percentile(bare, 50).toFixed(2)} / ${percentile(bare, 99).toFixed(2)} ms`],
      ],
    ),
  );

  // ---------------------------------------------------------------- 3. sustained writes, 200 writers
  const writers = users.slice(0, nWriters);
  const rooms = await Promise.all(
    writers.map(
      async (w) => expectOk(await api(s.base, w.token)('POST', '/api/chat/room', { direct: true, members: [s.adminId] }), 'direct').result._id as string,
    ),
  );
  const lat: number[] = [];
  let errors = 0;
  const until = performance.now() + writeS * 1000;
  const tw = performance.now();
  await Promise.all(
    writers.map(async (w, i) => {
      const call = api(s.base, w.token);
      let n = 0;
      while (performance.now() < until) {
        const t = performance.now();
        const r = await call('POST', '/api/chat/msg', { room_id: rooms[i], content: `writer ${i} message ${n++}` });
        if (r.status === 200) lat.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  const writeSecs = (performance.now() - tw) / 1000;
  console.log(
    table(
      ['writers', 'value'],
      [
        [`writers (${nWriters}, own direct rooms, ${writeS} s)`, `${(lat.length / writeSecs).toFixed(0)} messages/s, errors ${errors}`],
        ['POST api/chat/msg under load p50 / p99', `${percentile(lat, 50).toFixed(1)} / ${percentile(lat, 99).toFixed(1)} ms`],
      ],
    ),
  );
}

/** The gateway child's pid (the process running apps/gateway/src/main.ts), or 0. */
function findGatewayPid(): number {
  try {
    const out = readFileSync('/proc/self/stat', 'utf8').split(' ');
    const me = Number(out[0]);
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8').split(' ');
        if (cmd.includes('apps/gateway/src/main.ts') && Number(stat[3]) === me) return Number(d);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return 0;
}

/** Resident memory of a process in KB. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

await runBench(main);
