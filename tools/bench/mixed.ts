/**
 * Mixed workload (issue 19): a simulated population doing what employees do in a session, stepped up until the
 * portal no longer holds it. Distributed mode (gateway, clients-, people-, social-, kb-service), or with
 * MIXED_MODE=embedded the one process of `npm start` (PGlite, in-process bus).
 *
 *   source tools/scripts/node-env.sh && node tools/bench/mixed.ts
 *   MIXED_START=200 MIXED_STEP=200 MIXED_MAX=3000 MIXED_STEP_S=30 node tools/bench/mixed.ts
 *
 * Each virtual employee signs in once (BENCH_ACCOUNTS real accounts, shared round-robin: sign-in is an argon2id
 * verification), keeps a Socket.IO connection open (live updates counted), and loops over its session steps with a
 * think time of THINK_MS (± 50 %) between them. The steps and their weights are SESSION_STEPS below, then with
 * MIXED_MIX=all (the default) MODULE_STEPS: the shop, learning, adaptation, analytics and chat (issue 39), whose
 * services join the distributed stack; MIXED_MIX=base runs SESSION_STEPS alone, the mix of issue 39's base commit.
 * Every step of MIXED_STEP_S seconds adds MIXED_STEP users; a step fails when the p99 of all requests exceeds
 * MIXED_P99_MS (300) or errors exceed 0.1 %; the run ends at the first failing step or at MIXED_MAX users (MIXED_SLICE_S:
 * also a p99 line per slice of that many seconds). Printed per
 * step: users, req/s, p50/p99, errors, live events received, CPU % and RSS of each process (the portal's, NATS,
 * PostgreSQL and the bench's own, with its timing thread's event-loop delay p99); then per route for the last held
 * step. The sockets live in a worker thread (mixed-sockets.ts), so that decoding live frames never delays the timing
 * of requests. See tools/bench/README.md.
 */
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  embeddedPortalEnv,
  expectOk,
  fastApi,
  freePort,
  intEnv,
  log,
  makeBenchClient,
  onCleanup,
  percentile,
  portalEntry,
  runBench,
  runningChildren,
  sleep,
  startChild,
  startStack,
  statementsReset,
  statementsTop,
  SUPER,
  table,
  until,
  type Api,
  type Stack,
} from './lib.ts';

/** What a step sees: the user's API, ids it may use, and what it learnt before (the wall's newest posts). */
/** What the steps need of the portal under test (distributed stack or embedded portal). */
interface Target {
  base: string;
  workspace: string;
  clientId: string;
  adminToken: string;
  employeeIds: string[];
}

interface Session {
  call: Api;
  s: Target;
  userId: string;
  n: number;
  wall: { _id: string }[];
}

/**
 * What the steps of the round's modules use (MIXED_MIX=all), made once before the load: an unlimited shop item
 * (every account holds coins), a published course whose 20-question test each account has started, each account's
 * adaptation, and a chat room of all the accounts.
 */
interface Modules {
  itemId: string;
  testId: string;
  /** Per account: the question ids and one answer id of each, of its attempt. */
  attempts: Map<string, { q: string; a: string }[]>;
  /** Per account: its adaptation (user track) id. */
  adaptations: Map<string, string>;
  roomId: string;
}
let M: Modules | undefined;
const iso = () => new Date().toISOString();

/** One thing an employee does; `weight`: how often per loop (1 = every loop, 0.2 = one loop in five). */
interface SessionStep {
  route: string;
  weight: number;
  run(x: Session): Promise<{ status: number; body?: any }>;
}

const searches = ['Anna', 'Ivan', 'Shev', 'Sales', 'Kyiv'];

/** The session of an employee; domains append their steps here (route names as the §7 paths). */
const SESSION_STEPS: SessionStep[] = [
  {
    route: 'GET /api/post/news/{client}/1',
    weight: 1,
    async run(x) {
      const r = await x.call('GET', `/api/post/news/${x.s.clientId}/1`);
      if (r.status === 200) x.wall = r.body.result.posts;
      return r;
    },
  },
  { route: 'GET /api/post/news/{client}/2', weight: 1, run: (x) => x.call('GET', `/api/post/news/${x.s.clientId}/2`) },
  { route: 'GET /api/post/news/{client}/3', weight: 0.5, run: (x) => x.call('GET', `/api/post/news/${x.s.clientId}/3`) },
  {
    route: 'POST /api/post/like',
    weight: 0.5,
    run: (x) => x.call('POST', '/api/post/like', { like_type: 'post', post_id: x.wall[x.n % Math.max(1, x.wall.length)]?._id }),
  },
  {
    route: 'POST /api/comment',
    weight: 0.2,
    run: (x) =>
      x.call('POST', '/api/comment', { parent_type: 'post', parent_id: x.wall[(x.n * 3) % Math.max(1, x.wall.length)]?._id, message: `A comment ${x.n}` }),
  },
  { route: 'POST /api/post', weight: 0.1, run: (x) => x.call('POST', '/api/post', { message: `What I did today, part ${x.n}` }) },
  {
    route: 'POST /api/user/filter/{ws}',
    weight: 0.5,
    run: (x) => x.call('POST', `/api/user/filter/${x.s.workspace}`, { data: { search: searches[x.n % searches.length], page: 1, limit: 20 } }),
  },
  { route: 'GET /api/user/{id}', weight: 0.5, run: (x) => x.call('GET', `/api/user/${x.s.employeeIds[(x.n * 31) % x.s.employeeIds.length] ?? x.userId}`) },
  {
    route: 'GET /api/user/{client}/articles/access_for/{user}',
    weight: 0.3,
    run: (x) => x.call('GET', `/api/user/${x.s.clientId}/articles/access_for/${x.userId}?search=${['policy', 'vacation', 'guide'][x.n % 3]}`),
  },
];

/**
 * The round's modules in a session (issue 39 §1): buying in the shop, answering a test, the newcomer's adaptation
 * view, the session and module-visit beacons, opening a chat. Joined with MIXED_MIX=all (the default); MIXED_MIX=base
 * runs the mix above alone (the issue's base commit had only it).
 */
const MODULE_STEPS: SessionStep[] = [
  { route: 'GET /api/shop/balance/{id}', weight: 0.2, run: (x) => x.call('GET', `/api/shop/balance/${x.userId}`) },
  { route: 'POST /api/shop/buy', weight: 0.05, run: (x) => x.call('POST', '/api/shop/buy', { item: M!.itemId }) },
  {
    route: 'POST /api/tests/{test_id}/answer',
    weight: 0.2,
    run: (x) => {
      const qs = M!.attempts.get(x.userId)!;
      const q = qs[x.n % qs.length]!;
      return x.call('POST', `/api/tests/${M!.testId}/answer`, { question_id: q.q, answers: [q.a] });
    },
  },
  { route: 'GET /api/adaptation/on_track/{id}', weight: 0.2, run: (x) => x.call('GET', `/api/adaptation/on_track/${M!.adaptations.get(x.userId)}`) },
  {
    route: 'POST /api/analytics/modules',
    weight: 0.3,
    run: (x) => x.call('POST', '/api/analytics/modules', { visits: [{ moduleName: x.n % 2 ? 'wall' : 'addressBook', date: iso() }] }),
  },
  {
    route: 'POST /api/analytics/visitors',
    weight: 0.05,
    run: (x) => x.call('POST', '/api/analytics/visitors', { sessions: [{ sessionStart: new Date(Date.now() - 600_000).toISOString(), currentTime: iso() }] }),
  },
  { route: 'GET /api/chat/rooms/{id}', weight: 0.2, run: (x) => x.call('GET', `/api/chat/rooms/${x.userId}`) },
  { route: 'GET /api/chat/room/{id}/msgs', weight: 0.2, run: (x) => x.call('GET', `/api/chat/room/${M!.roomId}/msgs`) },
];

/** 20 single-choice questions of four answers (the lms bench's test). */
const QUESTIONS = Array.from({ length: 20 }, (_, i) => ({
  text: `Question ${i + 1}`,
  kind: 'single' as const,
  answers: ['A', 'B', 'C', 'D'].map((a, j) => ({ text: `${a}${i}`, right: j === i % 4 })),
}));

/** Makes what MODULE_STEPS use, through the API as the client's admin and as each account (see `Modules`). */
async function setupModules(base: string, admin: Api, clientId: string, mentorId: string, accounts: { token: string; userId: string }[]): Promise<Modules> {
  const ids = accounts.map((a) => a.userId);
  const item = expectOk(await admin('POST', `/api/shop/${clientId}/shop_items`, { name: 'Sticker', cost: 1 }), 'shop item').result as { _id: string };
  const prize = expectOk(await admin('POST', `/api/shop/${clientId}/achievements`, { name: 'Helpful' }), 'achievement').result as { _id: string };
  for (const id of ids) expectOk(await admin('POST', '/api/shop/accrue', { recipient: id, achievement: prize._id, amount: 100_000 }), 'accrue');
  const course = expectOk(await admin('POST', '/api/course', { title: 'Mixed course' }), 'course').result as { _id: string };
  const test = expectOk(await admin('POST', '/api/test', { course_id: course._id, title: 'Mixed test', questions: QUESTIONS }), 'test').result as {
    _id: string;
  };
  expectOk(await admin('POST', `/api/courses/${course._id}/members`, { users: ids, departments: [] }), 'appoint');
  expectOk(await admin('PUT', `/api/course/${course._id}`, { status: 'published' }), 'publish');
  const track = expectOk(await admin('POST', '/api/track', { name: 'Mixed track' }), 'track').result as { _id: string };
  const stage = (
    expectOk(await admin('POST', `/api/adaptation/track/${track._id}/stage`, { name: 'Day one' }), 'stage').result as { stagesList: { _id: string }[] }
  ).stagesList[0]!._id;
  expectOk(await admin('POST', `/api/adaptation/track/${track._id}/step`, { stage_id: stage, type: 'task', name: 'Meet the team', days: 0 }), 'step');
  const room = expectOk(await admin('POST', '/api/chat/room', { name: 'Everyone', members: ids }), 'room').result as { _id: string };
  for (let i = 0; i < 30; i++) expectOk(await admin('POST', '/api/chat/msg', { room_id: room._id, content: `Hello ${i}` }), 'chat message');
  const today = new Date().toISOString().slice(0, 10);
  const attempts = new Map<string, { q: string; a: string }[]>();
  const adaptations = new Map<string, string>();
  for (const a of accounts) {
    const started = expectOk(await api(base, a.token)('POST', `/api/tests/${course._id}/startTest/${test._id}/for/${a.userId}`), 'start test').result as {
      questions: { _id: string; answers: { _id: string }[] }[];
    };
    attempts.set(
      a.userId,
      started.questions.map((q) => ({ q: q._id, a: q.answers[0]!._id })),
    );
    const added = expectOk(
      await admin('POST', '/api/adaptation/add_user', { track_id: track._id, user_id: a.userId, mentor_id: mentorId, start_date: today }),
      'add_user',
    );
    adaptations.set(a.userId, (added.result as { _id: string })._id);
  }
  return { itemId: item._id, testId: test._id, attempts, adaptations, roomId: room._id };
}

const TICK = 100;
const cpuSeconds = (pid: number): number => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return NaN;
  }
};
/** Pids of the machine's processes named `comm` (e.g. every PostgreSQL backend). */
const pidsNamed = (comm: string): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    })
    .map(Number);
const rssMb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
};

await runBench(async () => {
  const start = intEnv('MIXED_START', 200);
  const stepUsers = intEnv('MIXED_STEP', 200);
  const max = intEnv('MIXED_MAX', 4000);
  const stepS = intEnv('MIXED_STEP_S', 30);
  const p99Limit = intEnv('MIXED_P99_MS', 300);
  const thinkMs = intEnv('THINK_MS', 3000);
  const accounts = intEnv('BENCH_ACCOUNTS', 100);
  const mode = process.env.MIXED_MODE === 'embedded' ? 'embedded' : 'distributed';
  const mix = process.env.MIXED_MIX === 'base' ? 'base' : 'all';
  const mixSteps = mix === 'all' ? [...SESSION_STEPS, ...MODULE_STEPS] : SESSION_STEPS;
  const employees = intEnv('BENCH_EMPLOYEES', 1000);
  let s: Target;
  if (mode === 'distributed')
    s = await startStack({ services: mix === 'all' ? ['social', 'kb', 'shop', 'lms', 'adaptation', 'analytics', 'chat'] : ['social', 'kb'], employees });
  else {
    // `npm start`'s process (the server bundle, or BENCH_FROM_SOURCE=1 apps/portal/src/main.ts): PGlite (in its worker thread), the in-process bus, every domain.
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-mixed-'));
    onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    startChild('portal', process.execPath, [portalEntry()], embeddedPortalEnv(dataDir, port));
    await until(180_000, 'embedded portal', async () => (await api(base)('GET', '/api/env').catch(() => ({ status: 0 }))).status === 200, 250);
    const su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
    const c = await makeBenchClient(base, su, employees);
    s = { base, workspace: c.workspace, clientId: c.client._id, adminToken: c.adminToken, employeeIds: c.employeeIds };
  }
  log(`${mode} portal at ${s.base}`);
  const admin = api(s.base, s.adminToken);

  // Accounts with a password (the import gives none), signed in once each.
  const tokens: { token: string; userId: string }[] = [];
  for (let i = 0; i < accounts; i++) {
    const email = `mixed${i}@${s.workspace}.test`;
    const u = expectOk(
      await admin('POST', '/api/register', {
        firstName: 'Mixed',
        lastName: `User${String.fromCharCode(97 + (i % 26))}`,
        email,
        password: 'mixedpass1',
        confirmPassword: 'mixedpass1',
        ...(mix === 'all' ? { roles: ['shop', 'lms', 'adaptation', 'chat'] } : {}),
      }),
      'register',
    ).result;
    tokens.push({ token: expectOk(await api(s.base)('POST', '/api/login', { login: email, password: 'mixedpass1' }), 'sign-in').token, userId: u._id });
  }
  log(`${accounts} accounts signed in`);
  // Something on the wall to read, like and comment.
  for (let i = 0; i < 60; i++) expectOk(await admin('POST', '/api/post', { message: `Company news ${i}` }), 'seed post');
  if (mix === 'all') {
    const t0 = performance.now();
    M = await setupModules(s.base, admin, s.clientId, s.employeeIds[0]!, tokens);
    log(`shop, lms, adaptation, chat set up for ${tokens.length} accounts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  type Stat = { ms: number[]; errors: number };
  let stats = new Map<string, Stat>();
  /** Latencies since the last slice line (MIXED_SLICE_S). */
  let slice: number[] = [];
  let running = true;
  let requests = 0;
  const trace = process.env.MIXED_TRACE ? ([] as string[]) : undefined;
  // performance.timeOrigin is wall-clock ms; the monotonic clock's zero in the same units (µs offset computed once).
  const traceOrigin = performance.timeOrigin + performance.now() - Number(process.hrtime.bigint() / 1000n) / 1000;
  if (trace) onCleanup(() => writeFileSync(process.env.MIXED_TRACE!, trace.join('\n') + '\n'));
  // The bench's own pauses (its GC) in the same trace: a pause delays every request it times.
  const gcSeen = trace
    ? new PerformanceObserver((l) =>
        l.getEntries().forEach((e) => trace.push(`${Math.round((performance.timeOrigin - traceOrigin + e.startTime) * 1000)} ${e.duration.toFixed(1)} gc`)),
      )
    : undefined;
  gcSeen?.observe({ entryTypes: ['gc'] });
  onCleanup(() => gcSeen?.disconnect());
  if (mode === 'distributed') await statementsReset(s as Stack);
  const socketThread = new Worker(new URL('./mixed-sockets.ts', import.meta.url), {
    workerData: { base: s.base, workspace: s.workspace, clientId: s.clientId },
  });
  const ask = (m: object) =>
    new Promise<{ live: number; connected: number }>((resolve) => {
      socketThread.once('message', resolve);
      socketThread.postMessage(m);
    });
  onCleanup(async () => {
    await ask({ close: true });
    await socketThread.terminate();
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  const user = async (i: number) => {
    const acct = tokens[i % tokens.length];
    const call = fastApi(s.base, acct.token);
    socketThread.postMessage({ add: [acct] });
    const x: Session = { call, s, userId: acct.userId, n: i, wall: [] };
    // Users start spread over one think time, not all at once.
    await sleep(Math.random() * thinkMs);
    while (running) {
      for (const step of mixSteps) {
        if (!running) return;
        if (step.weight < 1 && Math.random() >= step.weight) continue;
        const t0 = performance.now();
        let status = 0;
        try {
          status = (await step.run(x)).status;
        } catch {
          status = 0;
        }
        const st = stats.get(step.route) ?? stats.set(step.route, { ms: [], errors: 0 }).get(step.route)!;
        const ms = performance.now() - t0;
        st.ms.push(ms);
        requests++;
        slice.push(ms);
        // MIXED_TRACE: each request's start on the monotonic clock (µs, as V8's CPU profiles stamp), to line a slow
        // moment up with what each process was doing then.
        trace?.push(`${Math.round((performance.timeOrigin - traceOrigin + t0) * 1000)} ${ms.toFixed(1)} ${step.route}`);
        if (status !== 200) st.errors++;
        await sleep(thinkMs * (0.5 + Math.random()));
      }
      x.n++;
    }
  };

  const loops: Promise<void>[] = [];
  const steps: string[][] = [];
  let lastHeld: { users: number; stats: Map<string, Stat>; seconds: number } | undefined;
  let failed: typeof lastHeld;
  for (let users = start; users <= max; users += stepUsers) {
    while (loops.length < users) loops.push(user(loops.length));
    // A step's first quarter lets the new users start; the rest is measured.
    await sleep((stepS * 1000) / 4);
    stats = new Map();
    await ask({ count: true });
    const procs = [
      ...runningChildren(),
      // Embedded: the machine's PostgreSQL and NATS serve nothing of the portal's.
      ...(mode === 'distributed' ? pidsNamed('postgres').map((pid) => ({ name: 'postgres', pid })) : []),
      ...(mode === 'distributed' ? pidsNamed('nats-server').map((pid) => ({ name: 'nats-server', pid })) : []),
      { name: 'bench', pid: process.pid },
    ].filter((p, i, all) => all.findIndex((q) => q.pid === p.pid) === i);
    const cpu0 = new Map(procs.map((p) => [p.pid, cpuSeconds(p.pid)]));
    loopDelay.reset();
    const t0 = performance.now();
    // With MIXED_SLICE_S, a line per slice of the measured part: p99 over time shows a burst apart from a drift.
    const measured = (stepS * 1000 * 3) / 4;
    const sliceMs = intEnv('MIXED_SLICE_S', 0) * 1000 || measured;
    for (let done = 0; done < measured; done += sliceMs) {
      slice = [];
      await sleep(Math.min(sliceMs, measured - done));
      if (sliceMs < measured)
        log(
          `  ${users} users, ${((done + sliceMs) / 1000).toFixed(0)} s: ${slice.length} requests, p50 ${percentile(slice, 50).toFixed(0)} ms, p99 ${percentile(slice, 99).toFixed(0)} ms`,
        );
    }
    const seconds = (performance.now() - t0) / 1000;
    // The measured window's requests: the calls that end from here on (the next step's start) go to another map.
    const stepStats = stats;
    stats = new Map();
    const { live, connected } = await ask({ count: true });
    // Per name: PostgreSQL is many backends, nats-server may be the stack's own or the machine's.
    const usage = new Map<string, { cpu: number; rss: number }>();
    for (const p of procs) {
      const u = usage.get(p.name) ?? usage.set(p.name, { cpu: 0, rss: 0 }).get(p.name)!;
      const cpu = (100 * (cpuSeconds(p.pid) - cpu0.get(p.pid)!)) / seconds;
      if (Number.isFinite(cpu)) u.cpu += cpu;
      const rss = rssMb(p.pid);
      if (Number.isFinite(rss) && p.name !== 'postgres') u.rss += rss;
    }
    const all = [...stepStats.values()].flatMap((v) => v.ms);
    const errors = [...stepStats.values()].reduce((a, v) => a + v.errors, 0);
    const p99 = percentile(all, 99);
    const errPct = (100 * errors) / Math.max(1, all.length);
    const procText =
      [...usage.entries()].map(([name, u]) => `${name.replace('-service', '')} ${u.cpu.toFixed(0)}%${u.rss ? ` ${u.rss.toFixed(0)}MB` : ''}`).join(', ') +
      `; bench loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, ${connected} sockets`;
    const held = p99 <= p99Limit && errPct <= 0.1;
    steps.push([
      String(users),
      (all.length / seconds).toFixed(0),
      percentile(all, 50).toFixed(0),
      p99.toFixed(0),
      `${errors} (${errPct.toFixed(2)} %)`,
      String(live),
      held ? 'held' : 'NOT held',
      procText,
    ]);
    log(`${users} users: ${(all.length / seconds).toFixed(0)} req/s, p99 ${p99.toFixed(0)} ms, errors ${errPct.toFixed(2)} % — ${held ? 'held' : 'not held'}`);
    if (!held) {
      failed = { users, stats: stepStats, seconds };
      break;
    }
    lastHeld = { users, stats: stepStats, seconds };
  }
  running = false;
  await Promise.all(loops);

  console.log(
    `\nMixed workload (${mix === 'all' ? 'every module' : 'the base mix'}), ${mode} mode: think ${thinkMs} ms ± 50 %, steps of ${stepS} s (the last 3/4 measured), limit p99 ${p99Limit} ms and 0.1 % errors\n`,
  );
  console.log(table(['users', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'live events', 'result', 'CPU and RSS per process'], steps));
  const perRoute = (at: NonNullable<typeof lastHeld>) =>
    table(
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      [...at.stats.entries()].map(([route, v]) => [
        route,
        (v.ms.length / at.seconds).toFixed(1),
        percentile(v.ms, 50).toFixed(0),
        percentile(v.ms, 99).toFixed(0),
        String(v.errors),
      ]),
    );
  if (lastHeld) console.log(`\nusers held: ${lastHeld.users}; per route at that step:\n\n${perRoute(lastHeld)}`);
  else console.log('\nusers held: none (the first step failed)');
  if (failed) console.log(`\nper route at the step not held (${failed.users} users):\n\n${perRoute(failed)}`);
  if (mode === 'distributed') await statementsTop(s as Stack, 'the whole run', requests);
});
