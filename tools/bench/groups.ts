/**
 * Benchmark: the group catalogue GET /api/group/byClient/{clientId} (20 a page, visibility by type in SQL, the
 * caller's state per group) and a group feed page GET /api/post/group/{id} (a closed group: the posts' row policy
 * applies) through the gateway in distributed mode (gateway → NATS → social-service → PostgreSQL), with
 * BENCH_GROUPS groups (a third each public, closed, private; BENCH_MEMBERS members each) and BENCH_EMPLOYEES
 * employees. The caller is a plain employee who belongs to one group in ten.
 *
 *   node tools/bench/groups.ts
 *   BENCH_SECONDS=5 BENCH_EMPLOYEES=2000 node tools/bench/groups.ts
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_WARMUP_SECONDS (2), BENCH_EMPLOYEES (10000),
 * BENCH_GROUPS (5000), BENCH_MEMBERS (20), BENCH_GROUP_POSTS (5000), BENCH_PG_URL, BENCH_NATS_URL,
 * BENCH_EXPLAIN (set: print EXPLAIN ANALYZE of the catalogue page as the service role).
 */
import { randomUUID } from 'node:crypto';
import {
  api,
  assertAlive,
  autocannon,
  expectOk,
  intEnv,
  log,
  machine,
  runBench,
  startStack,
  superClient,
  table,
  waitCount,
  within,
  type CannonResult,
} from './lib.ts';

async function main(): Promise<void> {
  const seconds = intEnv('BENCH_SECONDS', 10);
  const connections = intEnv('BENCH_CONNECTIONS', 32);
  const warmup = intEnv('BENCH_WARMUP_SECONDS', 2);
  const employees = intEnv('BENCH_EMPLOYEES', 10_000);
  const groups = intEnv('BENCH_GROUPS', 5_000);
  const members = intEnv('BENCH_MEMBERS', 20);
  const feedPosts = intEnv('BENCH_GROUP_POSTS', 5_000);

  const s = await startStack({ services: ['social'], employees });
  const su = await superClient(s);
  await waitCount(
    su,
    'social.authors projection',
    'SELECT count(*) AS n FROM social.authors WHERE client_id = $1',
    [s.clientId],
    s.employeeIds.length + 1,
    300_000,
  );

  // The caller: an employee (no admin rights), signed in through the API.
  const caller = expectOk(
    await api(s.base, s.adminToken)('POST', '/api/register', {
      firstName: 'Bench',
      lastName: 'Caller',
      email: 'caller@bench.test',
      password: 'employee1',
      confirmPassword: 'employee1',
    }),
    'register the caller',
  ).result;
  const me = caller._id as string;
  const token = expectOk(await api(s.base)('POST', '/api/login', { login: 'caller@bench.test', password: 'employee1' }), 'caller sign-in').token as string;

  const t0 = Date.now();
  const ids = s.employeeIds;
  // Groups: owners spread over the employees; types public / closed / private in turn.
  await su.query(
    `INSERT INTO social.groups (id, client_id, name, description, type, owner_id, members_count, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'Group ' || lpad(i::text, 5, '0'), 'Description of group ' || i,
            (ARRAY['public','closed','private'])[1 + i % 3], ($2::uuid[])[1 + (i * 7) % array_length($2::uuid[], 1)], $3, now(), now()
     FROM generate_series(1, $4) i`,
    [s.clientId, ids, members, groups],
  );
  // Members: the owner and members-1 others; the caller belongs to every tenth group.
  await su.query(
    `INSERT INTO social.group_members (group_id, user_id, client_id, role)
     SELECT g.id, CASE WHEN k = 0 THEN g.owner_id ELSE ($2::uuid[])[1 + (abs(hashtext(g.id::text)) + k * 31) % array_length($2::uuid[], 1)] END, $1,
            CASE WHEN k = 0 THEN 'owner' ELSE 'member' END
     FROM social.groups g, generate_series(0, $3 - 1) k WHERE g.client_id = $1
     ON CONFLICT DO NOTHING`,
    [s.clientId, ids, members],
  );
  await su.query(
    `INSERT INTO social.group_members (group_id, user_id, client_id, role)
     SELECT id, $2, $1, 'member' FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM social.groups WHERE client_id = $1) x WHERE n % 10 = 0
     ON CONFLICT DO NOTHING`,
    [s.clientId, me],
  );
  await su.query(`UPDATE social.groups g SET members_count = (SELECT count(*) FROM social.group_members m WHERE m.group_id = g.id) WHERE g.client_id = $1`, [
    s.clientId,
  ]);
  // The feed's group: a closed one the caller belongs to, with `feedPosts` posts by its members.
  const feedGroup = randomUUID();
  await su.query(
    `INSERT INTO social.groups (id, client_id, name, description, type, owner_id, members_count) VALUES ($1, $2, 'Bench feed group', 'x', 'closed', $3, 1)`,
    [feedGroup, s.clientId, me],
  );
  await su.query(`INSERT INTO social.group_members (group_id, user_id, client_id, role) VALUES ($1, $2, $3, 'owner')`, [feedGroup, me, s.clientId]);
  await su.query(
    `INSERT INTO social.posts (id, client_id, author_id, parent_type, parent_id, on_wall, message, created_at, updated_at)
     SELECT gen_random_uuid(), $1, ($3::uuid[])[1 + i % array_length($3::uuid[], 1)], 'group', $2, false, '<p>Group post ' || i || '</p>',
            now() - make_interval(secs => i), now() - make_interval(secs => i)
     FROM generate_series(1, $4) i`,
    [s.clientId, feedGroup, ids.slice(0, 50), feedPosts],
  );
  for (const t of ['groups', 'group_members', 'group_pending', 'group_grants', 'posts', 'authors']) await su.query(`VACUUM (ANALYZE) social.${t}`);
  log(`seeded ${groups} groups × ${members} members and ${feedPosts} group posts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const headers = { authorization: `Bearer ${token}` };
  const targets = [
    { name: 'GET api/group/byClient (page 1)', url: `${s.base}/api/group/byClient/${s.clientId}` },
    { name: 'GET api/group/byClient (page 100)', url: `${s.base}/api/group/byClient/${s.clientId}?page=100` },
    { name: 'GET api/group/byClient?search=', url: `${s.base}/api/group/byClient/${s.clientId}?search=${encodeURIComponent('group 04')}` },
    { name: 'GET api/post/group/{id} (page 1)', url: `${s.base}/api/post/group/${feedGroup}` },
  ];
  // Sanity: the catalogue hides the private groups the caller is not in; the feed has 20 posts.
  const cat = expectOk(await api(s.base, token)('GET', `/api/group/byClient/${s.clientId}`), 'catalogue').result;
  const visible = Math.round(groups * (2 / 3) + groups / 3 / 10);
  log(`catalogue total ${cat.total} (≈ ${visible} expected: public + closed + the private ones the caller is in)`);
  if (Math.abs(cat.total - visible) > groups * 0.02 + 2) throw new Error(`catalogue total ${cat.total}, expected about ${visible}`);
  const feed = expectOk(await api(s.base, token)('GET', `/api/post/group/${feedGroup}`), 'group feed').result;
  if (feed.posts.length !== 20) throw new Error(`group feed: ${feed.posts.length} posts`);

  if (process.env.BENCH_EXPLAIN) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { GroupsRepository } = await import('../../libs/social/server/src/groups.repository.ts');
    const groupsRepository = new GroupsRepository();
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: s.databaseUrl, max: 1 });
    let captured: { text: string; values: unknown[] } | undefined;
    const d = drizzle(pool, { logger: { logQuery: (text: string, values: unknown[]) => void (captured ??= { text, values }) } });
    await groupsRepository.list(d as never, me, { clientId: s.clientId, offset: 0, limit: 20 });
    await pool.end();
    await su.query('BEGIN');
    await su.query("SELECT set_config('role', 'intranet_app', true), set_config('app.client_id', $1, true), set_config('app.user_id', $2, true)", [
      s.clientId,
      me,
    ]);
    const plan = await su.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured!.text}`, captured!.values);
    await su.query('ROLLBACK');
    console.log(`\nEXPLAIN ANALYZE, catalogue page 1:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }

  const rows: { name: string; r: CannonResult }[] = [];
  for (const t of targets) {
    assertAlive();
    await within((warmup + 30) * 1000, 'warm-up', autocannon({ url: t.url, connections, duration: warmup, headers, timeout: 10 }));
    log(`${t.name}: ${seconds} s at ${connections} connections`);
    rows.push({
      name: t.name,
      r: await within((seconds + 30) * 1000, 'measurement', autocannon({ url: t.url, connections, duration: seconds, headers, timeout: 10 })),
    });
  }
  console.log(
    `\n${groups} groups × ${members} members, ${employees} employees, ${feedPosts} posts in the feed's group — ${seconds} s per target, ${connections} connections\n${machine(s.pgVersion)}\n`,
  );
  console.log(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'avg ms', 'requests', 'errors/non-2xx'],
      rows.map(({ name, r }) => [
        name,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        r.latency.average.toFixed(1),
        String(r.requests.total),
        `${r.errors + r.timeouts}/${r.non2xx}`,
      ]),
    ),
  );
}

await runBench(main);
