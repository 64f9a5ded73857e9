/**
 * Soak: a steady mixed load on the distributed stack for SOAK_MIN minutes (issue 18 §5: errors, goal 0; RSS growth
 * per process, goal < 10 %). Prints figures, asserts nothing (a script, not a spec).
 *
 *   node tools/chaos/soak.ts            # 10 minutes
 *   SOAK_MIN=2 node tools/chaos/soak.ts
 *
 * Stack: gateway, clients-, people-, social- and kb-service (throw-away database, private nats-server), EMPLOYEES
 * employees. USERS virtual employees loop with a think time of THINK_MS (± 50 %) over: read the wall (page 1, then
 * 2), open a profile, search the address book, post (1 in 5), like (toggle) and comment (1 in 3) a post of the wall's
 * first page, search the knowledge base. Every SAMPLE_S seconds the RSS of each process is read from /proc; growth is measured from
 * the first sample after the warm-up (WARMUP_S) to the mean of the last three samples, so one GC pause does not decide.
 * Environment: SOAK_MIN (10), USERS (40), THINK_MS (200), EMPLOYEES (200), SAMPLE_S (15), WARMUP_S (60).
 */
import { readFileSync } from 'node:fs';
import { api, intEnv, log, percentile, runBench, runningChildren, sleep, startStack, table, type Api } from '../bench/lib.ts';

const rssMb = (pid: number): number | null => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
};

await runBench(async () => {
  const minutes = intEnv('SOAK_MIN', 10);
  const users = intEnv('USERS', 40);
  const thinkMs = intEnv('THINK_MS', 200);
  const sampleMs = intEnv('SAMPLE_S', 15) * 1000;
  const warmupMs = intEnv('WARMUP_S', 60, 0) * 1000;
  const s = await startStack({ services: ['social', 'kb'], employees: intEnv('EMPLOYEES', 200) });
  const call: Api = api(s.base, s.adminToken);
  const ws = s.workspace;

  const stats = new Map<string, { ms: number[]; errors: number; statuses: Set<number> }>();
  const note = (route: string, status: number, ms: number) => {
    let r = stats.get(route);
    if (!r) stats.set(route, (r = { ms: [], errors: 0, statuses: new Set() }));
    r.ms.push(ms);
    if (status !== 200) {
      r.errors++;
      r.statuses.add(status);
    }
  };
  const timed = async (route: string, method: string, path: string, body?: unknown) => {
    const t0 = performance.now();
    let status = 0;
    let result: any;
    try {
      const r = await call(method, path, body);
      status = r.status;
      result = r.body?.result;
    } catch {
      status = 0;
    }
    note(route, status, performance.now() - t0);
    return result;
  };

  let running = true;
  const think = () => sleep(thinkMs * (0.5 + Math.random()));
  const user = async (i: number) => {
    let n = 0;
    while (running) {
      const wall = await timed('GET /api/post/news/{client}/1', 'GET', `/api/post/news/${s.clientId}/1`);
      await think();
      await timed('GET /api/post/news/{client}/2', 'GET', `/api/post/news/${s.clientId}/2`);
      await think();
      const someone = s.employeeIds[(i * 31 + n) % Math.max(1, s.employeeIds.length)] ?? s.adminId;
      await timed('GET /api/user/{id}', 'GET', `/api/user/${someone}`);
      await think();
      await timed('POST /api/user/filter/{ws}', 'POST', `/api/user/filter/${ws}`, {
        data: { search: ['Anna', 'Ivan', 'Shev', 'Sales'][n % 4], page: 1, limit: 20 },
      });
      await think();
      if (n % 5 === 0) await timed('POST /api/post', 'POST', '/api/post', { message: `soak ${i}-${n}` });
      const posts = Array.isArray(wall) ? wall : (wall?.posts ?? wall?.items ?? []);
      const p = posts[n % Math.max(1, posts.length)];
      if (p?._id) {
        await timed('POST /api/post/like', 'POST', '/api/post/like', { like_type: 'post', post_id: p._id });
        if (n % 3 === 0) await timed('POST /api/comment', 'POST', '/api/comment', { parent_type: 'post', parent_id: p._id, message: `soak comment ${i}-${n}` });
      }
      await think();
      await timed(
        'GET /api/user/{client}/articles/access_for/{user}',
        'GET',
        `/api/user/${s.clientId}/articles/access_for/${s.adminId}?search=${['policy', 'vacation', 'guide'][n % 3]}`,
      );
      await think();
      n++;
    }
  };

  const rss = new Map<string, number[]>();
  const sampler = setInterval(() => {
    for (const c of runningChildren()) {
      const v = rssMb(c.pid);
      if (v !== null) (rss.get(c.name) ?? rss.set(c.name, []).get(c.name)!).push(v);
    }
  }, sampleMs);
  const t0 = Date.now();
  const loops = Array.from({ length: users }, (_, i) => user(i));
  log(`soak: ${users} users for ${minutes} min`);
  // Samples before the warm-up's end are dropped: the first minute fills caches, JIT and pools.
  await sleep(warmupMs);
  for (const v of rss.values()) v.length = 0;
  await sleep(Math.max(0, minutes * 60_000 - warmupMs));
  running = false;
  clearInterval(sampler);
  await Promise.all(loops);
  const seconds = (Date.now() - t0) / 1000;

  const rows = [...stats.entries()].map(([route, r]) => [
    route,
    String(r.ms.length),
    (r.ms.length / seconds).toFixed(1),
    String(r.errors),
    [...r.statuses].join(',') || '-',
    percentile(r.ms, 50).toFixed(0),
    percentile(r.ms, 99).toFixed(0),
  ]);
  const total = [...stats.values()].reduce((a, r) => a + r.ms.length, 0);
  const errors = [...stats.values()].reduce((a, r) => a + r.errors, 0);
  console.log(`\nSoak: ${users} users, think ${thinkMs} ms, ${minutes} min (${Math.round(seconds)} s), ${s.employeeIds.length} employees\n`);
  console.log(table(['route', 'requests', 'req/s', 'errors', 'statuses', 'p50 ms', 'p99 ms'], rows));
  console.log(`\nrequests ${total}, errors ${errors} (${((100 * errors) / Math.max(1, total)).toFixed(3)} %)\n`);
  const mem = [...rss.entries()]
    .filter(([, v]) => v.length >= 4)
    .map(([name, v]) => {
      const first = v[0]!;
      const last = v.slice(-3).reduce((a, b) => a + b, 0) / 3;
      return [name, first.toFixed(0), last.toFixed(0), Math.max(...v).toFixed(0), `${((100 * (last - first)) / first).toFixed(1)} %`];
    });
  console.log(table(['process', `RSS after warm-up MB`, 'RSS at end MB (mean of last 3)', 'max MB', 'growth'], mem));
});
