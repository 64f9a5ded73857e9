/**
 * Chaos: a domain service killed and restarted under load in distributed mode (issue 18 §5). Prints figures, asserts
 * nothing (a script, not a spec); exit code 1 only when the stack cannot start.
 *
 *   node tools/chaos/service-kill.ts
 *
 * A stack of gateway, clients-, people- and two social-service processes (bench_<random> database, a private
 * nats-server when one is installed) and a mixed load: WRITERS loops posting (POST /api/post) and READERS loops reading
 * a profile (GET /api/user/{id}, people-service, which nothing here touches). Phases:
 *   steady      both social replicas up;
 *   crash-one   replica 1 SIGKILLed: the other takes over (requests in flight on the dead one wait their route's
 *               time limit, then 503);
 *   crash-all   replica 2 SIGKILLed too: social routes answer 503 at once (no responders), people's keep answering;
 *   recovery    replica 1 restarted: time until a post succeeds again;
 *   rolling     replica 2 started, replica 1 SIGTERMed (drains), a new replica 1 started, replica 2 SIGTERMed:
 *               goal 0 errors;
 * then every acknowledged post (200 with its id) is read back: goal 0 lost.
 * Environment: CHAOS_WRITERS (8), CHAOS_READERS (4), CHAOS_PHASE_S (6), BENCH_PG_URL, BENCH_NATS_URL.
 */
import { api, intEnv, log, percentile, runBench, signalChild, sleep, startService, startStack, table, type Api } from '../bench/lib.ts';

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
  const s = await startStack({ services: ['social'], employees: 0 });
  await startService(s, 'social', 'social-service-2');
  log('two social-service replicas up');
  const call: Api = api(s.base, s.adminToken);

  let phase = 'steady';
  let running = true;
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  let firstOkAfterRestart: number | undefined;
  const restart: { at?: number } = {};

  const loop = async (route: Sample['route'], i: number) => {
    let n = 0;
    while (running) {
      const t0 = performance.now();
      let status = 0;
      try {
        const r = route === 'post' ? await call('POST', '/api/post', { message: `chaos ${i}-${n++} ${phase}` }) : await call('GET', `/api/user/${s.adminId}`);
        status = r.status;
        if (route === 'post' && r.status === 200) {
          acknowledged.push(r.body.result._id as string);
          if (restart.at !== undefined && firstOkAfterRestart === undefined) firstOkAfterRestart = Date.now() - restart.at;
        }
      } catch {
        status = 0; // no answer at all (the gateway is up here, so this would be a bug)
      }
      samples.push({ phase, route, status, ms: performance.now() - t0 });
      if (status !== 200) await sleep(50);
    }
  };
  const loops = [...Array.from({ length: writers }, (_, i) => loop('post', i)), ...Array.from({ length: readers }, (_, i) => loop('read', i))];

  await sleep(phaseMs);
  phase = 'crash-one';
  await signalChild('social-service', 'SIGKILL');
  await sleep(phaseMs);
  phase = 'crash-all';
  await signalChild('social-service-2', 'SIGKILL');
  await sleep(phaseMs);
  phase = 'recovery';
  restart.at = Date.now();
  await startService(s, 'social', 'social-service');
  const readyMs = Date.now() - restart.at;
  await sleep(phaseMs);
  phase = 'rolling';
  await startService(s, 'social', 'social-service-2');
  await signalChild('social-service', 'SIGTERM');
  await startService(s, 'social', 'social-service-3');
  await signalChild('social-service-2', 'SIGTERM');
  await sleep(phaseMs);
  running = false;
  await Promise.all(loops);

  // Every acknowledged write must be there.
  let lost = 0;
  for (let i = 0; i < acknowledged.length; i += 1) {
    const r = await call('GET', `/api/post/${acknowledged[i]}`);
    if (r.status !== 200) lost++;
  }

  const rows: string[][] = [];
  for (const p of ['steady', 'crash-one', 'crash-all', 'recovery', 'rolling']) {
    for (const route of ['post', 'read'] as const) {
      const xs = samples.filter((x) => x.phase === p && x.route === route);
      const errors = xs.filter((x) => x.status !== 200);
      const e503 = errors.filter((x) => x.status === 503).map((x) => x.ms);
      rows.push([
        p,
        route === 'post' ? 'POST /api/post (social)' : 'GET /api/user/{id} (people)',
        String(xs.length),
        String(errors.length),
        xs.length
          ? percentile(
              xs.map((x) => x.ms),
              99,
            ).toFixed(0)
          : '-',
        e503.length ? `${percentile(e503, 50).toFixed(0)} / ${percentile(e503, 99).toFixed(0)}` : '-',
        [...new Set(errors.map((x) => x.status))].join(',') || '-',
      ]);
    }
  }
  console.log(`\nChaos: social-service killed and restarted under load (${writers} writers, ${readers} readers, ${phaseMs / 1000} s per phase)\n`);
  console.log(table(['phase', 'route', 'requests', 'errors', 'p99 ms', '503 p50 / p99 ms', 'statuses'], rows));
  console.log(`\nrestarted replica ready in ${readyMs} ms; first successful post ${firstOkAfterRestart ?? '-'} ms after the restart began`);
  console.log(`acknowledged posts: ${acknowledged.length}, lost: ${lost}`);
});
