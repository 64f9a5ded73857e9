/**
 * Chaos: NATS and PostgreSQL restarted under load in distributed mode (issue 18 §5). Prints figures, asserts nothing
 * (a script, not a spec); exit code 1 only when the stack cannot start.
 *
 *   node tools/chaos/infra-restart.ts
 *
 * A stack of gateway, clients-, people- and social-service on a private PostgreSQL cluster and a private nats-server
 * (both child processes of this script, so restarting them touches nothing else on the machine) and a mixed load:
 * WRITERS loops posting (POST /api/post) and READERS loops reading a profile (GET /api/user/{id}). Phases:
 *   steady       everything up;
 *   nats-down    nats-server stopped (SIGTERM) for CHAOS_DOWN_S: every route needs the bus, so requests fail — the
 *                figure is how fast (bounded by the route's time limit, never hanging);
 *   nats-back    nats-server started again on the same port and JetStream folder: time until a post and a read
 *                succeed again;
 *   pg-down      PostgreSQL stopped (fast shutdown, SIGINT) for CHAOS_DOWN_S;
 *   pg-back      PostgreSQL started again: time until a post and a read succeed again;
 *   settle       everything up again;
 * then every acknowledged post (200 with its id) is read back (goal 0 lost) and the outbox backlog is watched until it
 * is empty (events written during the outages reach the bus after it).
 * Environment: CHAOS_WRITERS (8), CHAOS_READERS (4), CHAOS_PHASE_S (6), CHAOS_DOWN_S (3).
 */
import pg from 'pg';
import { api, childTail, intEnv, percentile, ports, respawnChild, runBench, signalChild, sleep, startStack, table, type Api } from '../bench/lib.ts';

interface Sample {
  phase: string;
  route: 'post' | 'read';
  status: number;
  ms: number;
}

await runBench(async () => {
  const writers = intEnv('CHAOS_WRITERS', 8);
  const readers = intEnv('CHAOS_READERS', 4);
  const phaseMs = intEnv('CHAOS_PHASE_S', 6) * 1000;
  const downMs = intEnv('CHAOS_DOWN_S', 3) * 1000;
  const s = await startStack({ services: ['social'], employees: 0, privatePg: true });
  if (!ports.nats || !ports.postgres) throw new Error('infra-restart needs a private nats-server (install nats-server) and PostgreSQL');
  const call: Api = api(s.base, s.adminToken);

  let phase = 'steady';
  let running = true;
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  /** When each restart began, and the first success of each route after it (ms since the restart). */
  const back: Record<string, { at: number; post?: number; read?: number }> = {};

  const loop = async (route: Sample['route'], i: number) => {
    let n = 0;
    while (running) {
      const t0 = performance.now();
      let status = 0;
      try {
        const r = route === 'post' ? await call('POST', '/api/post', { message: `chaos ${i}-${n++} ${phase}` }) : await call('GET', `/api/user/${s.adminId}`);
        status = r.status;
        if (route === 'post' && r.status === 200) acknowledged.push(r.body.result._id as string);
      } catch {
        status = 0; // no answer at all (the gateway itself stays up here, so this would be a bug)
      }
      const b = back[phase];
      if (status === 200 && b && b[route] === undefined) b[route] = Date.now() - b.at;
      samples.push({ phase, route, status, ms: performance.now() - t0 });
      if (status !== 200) await sleep(50);
    }
  };
  const loops = [...Array.from({ length: writers }, (_, i) => loop('post', i)), ...Array.from({ length: readers }, (_, i) => loop('read', i))];

  await sleep(phaseMs);
  phase = 'nats-down';
  await signalChild('nats-server', 'SIGTERM');
  await sleep(downMs);
  phase = 'nats-back';
  back[phase] = { at: Date.now() };
  await respawnChild('nats-server', ports.nats);
  await sleep(phaseMs);
  phase = 'pg-down';
  await signalChild('postgres', 'SIGINT');
  await sleep(downMs);
  phase = 'pg-back';
  back[phase] = { at: Date.now() };
  await respawnChild('postgres', ports.postgres);
  await sleep(phaseMs);
  phase = 'settle';
  await sleep(phaseMs);
  running = false;
  await Promise.all(loops);

  let lost = 0;
  for (const id of acknowledged) if ((await call('GET', `/api/post/${id}`)).status !== 200) lost++;

  // The outbox backlog (events written but not yet on the bus) must drain once both are back.
  const db = new pg.Client({ connectionString: s.databaseUrl });
  await db.connect();
  const t0 = Date.now();
  let backlog = Number((await db.query('SELECT count(*) FROM outbox.events')).rows[0].count);
  while (backlog > 0 && Date.now() - t0 < 30_000) {
    await sleep(250);
    backlog = Number((await db.query('SELECT count(*) FROM outbox.events')).rows[0].count);
  }
  const drainMs = Date.now() - t0;
  await db.end();

  const rows: string[][] = [];
  for (const p of ['steady', 'nats-down', 'nats-back', 'pg-down', 'pg-back', 'settle']) {
    for (const route of ['post', 'read'] as const) {
      const xs = samples.filter((x) => x.phase === p && x.route === route);
      const errors = xs.filter((x) => x.status !== 200);
      const errMs = errors.map((x) => x.ms);
      rows.push([
        p,
        route === 'post' ? 'POST /api/post' : 'GET /api/user/{id}',
        String(xs.length),
        String(errors.length),
        xs.length
          ? percentile(
              xs.map((x) => x.ms),
              99,
            ).toFixed(0)
          : '-',
        errMs.length ? `${percentile(errMs, 50).toFixed(0)} / ${Math.max(...errMs).toFixed(0)}` : '-',
        [...new Set(errors.map((x) => x.status))].join(',') || '-',
      ]);
    }
  }
  console.log(
    `\nChaos: NATS and PostgreSQL restarted under load (${writers} writers, ${readers} readers, ${phaseMs / 1000} s per phase, ${downMs / 1000} s down)\n`,
  );
  console.log(table(['phase', 'route', 'requests', 'errors', 'p99 ms', 'error p50 / max ms', 'statuses'], rows));
  for (const [p, b] of Object.entries(back)) console.log(`${p}: first successful post ${b.post ?? '-'} ms, read ${b.read ?? '-'} ms after the restart began`);
  console.log(`acknowledged posts: ${acknowledged.length}, lost: ${lost}`);
  if (process.env.CHAOS_TAILS)
    for (const n of ['gateway', 'clients-service', 'people-service', 'social-service']) console.log(`--- ${n}\n${childTail(n).slice(-8).join('\n')}`);
  console.log(`outbox backlog: ${backlog} events left ${drainMs} ms after the load stopped`);
});
