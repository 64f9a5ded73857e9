/**
 * Chaos against `npm run distributed` itself (issue 38 §1): tools/scripts/distributed.sh on a throw-away database,
 * its own port and bus prefix, under a mixed load (CHAOS_WRITERS loops posting, POST /api/post, social-service;
 * CHAOS_READERS loops reading a profile, GET /api/user/{id}, people-service). After CHAOS_PHASE_S of steady load,
 * social-service's process is SIGKILLed; the runner must restart it (its log says so) while people's routes keep
 * answering. Prints per phase the answers of both routes, the time until a post succeeded again (goal ≤ 5 s), the
 * runner's restart line and how many acknowledged posts (200 with an id) are missing when read back (goal 0).
 * A script, not a spec: it asserts nothing; exit code 1 when the portal cannot start.
 *
 *   source tools/scripts/node-env.sh && node tools/chaos/runner-kill.ts
 *
 * Environment: CHAOS_WRITERS (6), CHAOS_READERS (3), CHAOS_PHASE_S (6), CHAOS_PORT (a free one), ADMIN_URL
 * (postgres://postgres@127.0.0.1:5432/postgres: creates and drops chaos_<random>), NATS_URL (nats://127.0.0.1:4222).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  api,
  childTail,
  expectOk,
  freePort,
  intEnv,
  log,
  makeBenchClient,
  onCleanup,
  runBench,
  sleep,
  startChild,
  table,
  until,
  type Api,
} from '../bench/lib.ts';

const SUPER = { login: 'chaos-root@example.com', password: 'chaosroot1' };

await runBench(async () => {
  const writers = intEnv('CHAOS_WRITERS', 6);
  const readers = intEnv('CHAOS_READERS', 3);
  const phaseMs = intEnv('CHAOS_PHASE_S', 6) * 1000;
  const port = intEnv('CHAOS_PORT', await freePort());
  const adminUrl = process.env.ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `chaos_${randomBytes(4).toString('hex')}`;
  const migrateUrl = new URL(adminUrl);
  migrateUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'chaos-runner-'));
  onCleanup(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await a.end();
  });
  const base = `http://127.0.0.1:${port}`;
  const runner = startChild('distributed', 'bash', ['tools/scripts/distributed.sh'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_MIGRATE_URL: migrateUrl.toString(),
    DATABASE_URL: '',
    DATABASE_SYSTEM_URL: '',
    BUS_PREFIX: dbName,
    DATA_DIR: dataDir,
    WEB_DIR: '',
    SUPERADMIN_EMAIL: SUPER.login,
    SUPERADMIN_PASSWORD: SUPER.password,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
    STARTUP_TIMEOUT: '600',
  });
  // The runner's whole output goes to a file that outlives the run (the bench keeps only its last 40 lines).
  const runnerLog = join(tmpdir(), `${dbName}-runner.log`);
  const runnerLines: string[] = [];
  for (const stream of [runner.proc.stdout!, runner.proc.stderr!]) {
    stream.on('data', (buf: Buffer) => {
      appendFileSync(runnerLog, buf);
      runnerLines.push(
        ...buf
          .toString()
          .split('\n')
          .filter((l) => l.startsWith('[distributed]')),
      );
    });
  }
  // Ready once the runner says so; a runner that stops during start-up is reported with its last lines at once.
  const runnerGone = new Promise<never>((_, reject) =>
    runner.proc.once('exit', (code) => reject(new Error(`the runner stopped during start-up (code ${code}):\n${childTail('distributed').join('\n')}`))),
  );
  runnerGone.catch(() => undefined);
  await Promise.race([
    until(600_000, 'npm run distributed', async () => childTail('distributed').some((l) => l.includes('[distributed] ready:')), 500),
    runnerGone,
  ]);
  const su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
  const bench = await makeBenchClient(base, su, 0);
  const call: Api = api(base, bench.adminToken);
  log(`portal on ${base} (runner pid ${runner.proc.pid})`);

  let phase = 'steady';
  let running = true;
  const samples: { phase: string; route: 'post' | 'read'; status: number; sent: number; at: number }[] = [];
  const acked: string[] = [];
  let n = 0;
  const loop = async (route: 'post' | 'read') => {
    while (running) {
      const sent = Date.now();
      const r =
        route === 'post'
          ? await call('POST', '/api/post', { message: `chaos ${++n}` }).catch(() => ({ status: 0, body: null }))
          : await call('GET', `/api/user/${bench.adminId}`).catch(() => ({ status: 0, body: null }));
      samples.push({ phase, route, status: r.status, sent, at: Date.now() });
      if (route === 'post' && r.status === 200 && r.body?.result?._id) acked.push(r.body.result._id as string);
      if (r.status !== 200) await sleep(50);
    }
  };
  const loops = [...Array.from({ length: writers }, () => loop('post')), ...Array.from({ length: readers }, () => loop('read'))];
  await sleep(phaseMs);

  // The social-service process is a child of the supervisor, itself a child of the runner's bash.
  const social = execFileSync('pgrep', ['-f', `${process.cwd()}/apps/social-service/src/main.ts|^[^ ]*node apps/social-service/src/main.ts`])
    .toString()
    .trim()
    .split('\n')
    .map(Number)
    .filter((pid) =>
      // The service itself, not the supervisor's warm spare (whose arguments name every service entry).
      /node apps\/social-service\/src\/main\.ts$/.test(
        execFileSync('ps', ['-o', 'args=', '-p', String(pid)])
          .toString()
          .trim(),
      ),
    )
    .filter((pid) => {
      // Only this run's: its environment holds our bus prefix.
      try {
        return execFileSync('cat', [`/proc/${pid}/environ`])
          .toString()
          .includes(`BUS_PREFIX=${dbName}\0`);
      } catch {
        return false;
      }
    });
  if (social.length !== 1) throw new Error(`expected one social-service process of this run, found ${social.length}`);
  phase = 'after kill -9';
  const killedAt = Date.now();
  process.kill(social[0]!, 'SIGKILL');
  log(`social-service (pid ${social[0]}) SIGKILLed`);
  // Social's routes back: a read of an acknowledged post, sent every 100 ms from the kill on, answers 200 again.
  // Each read on its own (not one after the other): a read sent in the instant the process died, before NATS
  // noticed, is lost with it and would hold a sequential probe for its whole time limit (5 s for a GET).
  let backMs: number | undefined;
  const probeId = acked[0];
  const probes: Promise<unknown>[] = [];
  const probe = (async () => {
    while (probeId && running && backMs === undefined) {
      probes.push(
        call('GET', `/api/post/${probeId}`).then(
          (r) => {
            if (r.status === 200) backMs ??= Date.now() - killedAt;
          },
          () => undefined,
        ),
      );
      await sleep(100);
    }
    await Promise.all(probes);
  })();
  await sleep(phaseMs);
  phase = 'recovered';
  await sleep(phaseMs);
  running = false;
  await Promise.all([...loops, probe]);

  // The first post sent after the kill that succeeded (one in flight at the kill proves nothing).
  const back = samples.find((x) => x.route === 'post' && x.status === 200 && x.sent > killedAt);
  const rows = ['steady', 'after kill -9', 'recovered'].flatMap((p) =>
    (['post', 'read'] as const).map((route) => {
      const mine = samples.filter((x) => x.phase === p && x.route === route);
      const by = new Map<number, number>();
      for (const x of mine) by.set(x.status, (by.get(x.status) ?? 0) + 1);
      return [p, route === 'post' ? 'POST /api/post' : 'GET /api/user/{id}', String(mine.length), [...by].map(([s, c]) => `${c}× ${s}`).join(', ')];
    }),
  );
  console.log(table(['phase', 'route', 'calls', 'answers'], rows));
  console.log(
    `\nsocial's routes answer again (GET /api/post/{id} 200) ${backMs === undefined ? 'not within the run' : `${(backMs / 1000).toFixed(2)} s`} after the kill (goal ≤ 5 s)`,
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
  console.log(`first successful post after the kill: ${back ? `${((back.at - killedAt) / 1000).toFixed(2)} s` : 'none'} (goal ≤ 5 s)`);
  // Posts the killed process had (sent before, answered after the kill): 503 as soon as the bus sees it gone
  // (issue 38 §1), not at the end of their 10 s time limit; a 200 among them was answered before it died.
  const held = samples.filter((x) => x.route === 'post' && x.sent <= killedAt && x.at > killedAt);
  console.log(
    `posts in flight at the kill: ${held.length}, answered ${[...new Set(held.map((x) => x.status))].join('/') || '-'} within ${
      held.length ? `${(Math.max(...held.map((x) => x.at - killedAt)) / 1000).toFixed(2)} s` : '-'
    } of it`,
  );
  const restarts = runnerLines.filter((l) => l.includes('social') && !l.includes('[social'));
  console.log(`runner: ${restarts.length ? restarts.join('\n        ') : '(no restart line)'}`);
  // Read back once social-service answers again: 404 is a lost acknowledged post, anything else unreadable.
  const firstAcked = acked[0];
  const backAt = firstAcked
    ? await until(60_000, 'social-service answering again', async () => (await call('GET', `/api/post/${firstAcked}`)).status !== 503, 250).then(
        () => true,
        () => false,
      )
    : true;
  let lost = 0;
  let unreadable = 0;
  for (const id of acked) {
    const r = await call('GET', `/api/post/${id}`);
    if (r.status === 404) lost++;
    else if (r.status !== 200) unreadable++;
  }
  console.log(
    `acknowledged posts: ${acked.length}, lost: ${lost} (goal 0)${unreadable ? `, unreadable: ${unreadable}` : ''}${backAt ? '' : ' — social-service did not answer again within 60 s'}`,
  );
  console.log(`runner log: ${runnerLog}`);
});
