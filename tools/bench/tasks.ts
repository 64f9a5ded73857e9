/**
 * Benchmark: the task tracker through the gateway in distributed mode (gateway → NATS → tasks-service →
 * PostgreSQL), issue 17 "Figures": a board with BENCH_LANES lanes and BENCH_TASKS tasks —
 *  1. board load (GET api/desk/{id}, every lane and task) p50/p99, sequential, beside the bare SQL of the same read;
 *  2. move_task (PUT api/task_tracker/{desk_id}/move_task) with BENCH_MOVERS people moving cards at once, each
 *     BENCH_MOVES moves to a random lane and position: p50/p99 and a consistency check afterwards (every task
 *     still there, no two cards on one place of a lane, every answer 200).
 *
 *   node tools/bench/tasks.ts
 *   BENCH_TASKS=20000 BENCH_MOVERS=100 node tools/bench/tasks.ts
 *
 * Environment: BENCH_LANES (20), BENCH_TASKS (5000), BENCH_MOVERS (50), BENCH_MOVES (20 per mover), BENCH_REPEATS
 * (30 board loads), BENCH_PG_URL, BENCH_NATS_URL. Tasks are seeded with SQL (the API's add_task is timed on the
 * first 200 of them). See tools/bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { generateNKeysBetween } from 'fractional-indexing';
import { api, assertAlive, expectOk, intEnv, log, machine, percentile, runBench, startStack, superClient, table } from './lib.ts';

/** 0 → 'a', 27 → 'bb' …: names take letters only (§5 illegal symbols). */
const letters = (i: number) => String.fromCharCode(97 + (i % 26)).repeat(1 + Math.floor(i / 26));

async function main(): Promise<void> {
  const nLanes = intEnv('BENCH_LANES', 20);
  const nTasks = intEnv('BENCH_TASKS', 5_000);
  const nMovers = intEnv('BENCH_MOVERS', 50);
  const nMoves = intEnv('BENCH_MOVES', 20);
  const repeats = intEnv('BENCH_REPEATS', 30);

  const s = await startStack({ services: ['tasks'], employees: 0 });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);

  // The movers: employees with a password, administrators of the board.
  const movers: { id: string; call: ReturnType<typeof api> }[] = [];
  for (let i = 0; i < nMovers; i++) {
    const email = `mover${i}@${s.workspace}.test`;
    const u = expectOk(
      await admin('POST', '/api/register', {
        firstName: `Mover${letters(i)}`,
        lastName: 'Bench',
        email,
        password: 'benchmover1',
        confirmPassword: 'benchmover1',
      }),
      'register mover',
    ).result;
    const l = expectOk(await s.call('POST', '/api/login', { login: email, password: 'benchmover1' }), 'mover sign-in');
    movers.push({ id: u._id, call: api(s.base, l.token) });
  }
  const desk = expectOk(
    await admin('POST', '/api/desk', {
      name: 'Bench board',
      lanes: Array.from({ length: nLanes }, (_, i) => `Lane ${i + 1}`),
      admins: movers.map((m) => m.id),
    }),
    'create board',
  ).result as { _id: string; lanes: { _id: string }[] };
  const lanes = desk.lanes.map((l) => l._id);

  // 200 tasks through the API (timed), the rest with SQL in the same shape.
  const viaApi = Math.min(200, nTasks);
  const addMs: number[] = [];
  for (let i = 0; i < viaApi; i++) {
    const a = performance.now();
    expectOk(
      await admin('PUT', `/api/task_tracker/${desk._id}/${lanes[i % nLanes]}/add_task`, {
        name: `Task ${i}`,
        tags: ['bench'],
        checklist: [{ text: 'a' }, { text: 'b', done: true }],
      }),
      'add_task',
    );
    addMs.push(performance.now() - a);
  }
  const t0 = performance.now();
  const perLane = Math.ceil((nTasks - viaApi) / nLanes);
  for (const [li, lane] of lanes.entries()) {
    const last = (await su.query(`SELECT max(position COLLATE "C") AS p FROM tasks.tasks WHERE lane_id = $1`, [lane])).rows[0].p as string | null;
    const count = Math.max(0, Math.min(perLane, nTasks - viaApi - li * perLane));
    if (!count) continue;
    const keys = generateNKeysBetween(last, null, count);
    for (let i = 0; i < count; i += 500) {
      const part = keys.slice(i, i + 500);
      const values: unknown[] = [];
      const rows = part.map((k, j) => {
        values.push(k, `Seeded ${li}-${i + j}`, j % 3 ? null : movers[(i + j) % movers.length]!.id);
        const n = values.length;
        return `(gen_random_uuid(), $c, $d, '${lane}', $${n - 2}, $${n - 1}, $o, $${n}::uuid, '{bench}', '[{"_id":"x","text":"a","done":false}]'::jsonb)`;
      });
      values.push(s.clientId, desk._id, s.adminId);
      const [c, d, o] = [values.length - 2, values.length - 1, values.length];
      await su.query(
        `INSERT INTO tasks.tasks (id, client_id, desk_id, lane_id, position, name, owner_id, performer_id, tags, checklist)
         VALUES ${rows.join(',').replaceAll('$c', `$${c}`).replaceAll('$d', `$${d}`).replaceAll('$o', `$${o}`)}`,
        values,
      );
    }
  }
  await su.query('VACUUM (ANALYZE) tasks.tasks');
  const total = Number((await su.query('SELECT count(*) AS n FROM tasks.tasks WHERE desk_id = $1', [desk._id])).rows[0].n);
  log(`board with ${nLanes} lanes and ${total} tasks (${viaApi} through add_task, the rest seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  // 1. Board load through the gateway (as the owner), sequential, after a warm-up; the bare SQL beside it.
  const load: number[] = [];
  let bytes = 0;
  expectOk(await admin('GET', `/api/desk/${desk._id}`), 'warm-up');
  for (let i = 0; i < repeats; i++) {
    assertAlive();
    const a = performance.now();
    const r = expectOk(await admin('GET', `/api/desk/${desk._id}`), 'board');
    load.push(performance.now() - a);
    bytes = JSON.stringify(r).length;
    if (r.result.tasks.length !== total) throw new Error(`board lists ${r.result.tasks.length} of ${total} tasks`);
  }
  const bare: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const a = performance.now();
    // The columns of the board's cards, as tasksRepository.cardsOfDesk reads them.
    await su.query(
      `SELECT t.id, t.desk_id, t.lane_id, t.position, t.name, t.color, t.border, t.priority, t.tags, t.plan_hours, t.actual_hours,
              t.owner_id, t.performer_id, t.co_performers, t.observers, t.deadline, t.type, t.created_at, t.updated_at,
              jsonb_array_length(t.checklist),
              (SELECT count(*) FROM jsonb_array_elements(t.checklist) e WHERE e->>'done' = 'true'),
              jsonb_array_length(t.attachments)
       FROM tasks.tasks t JOIN tasks.lanes l ON l.id = t.lane_id WHERE t.desk_id = $1 ORDER BY l.position, t.position`,
      [desk._id],
    );
    bare.push(performance.now() - a);
  }

  // 2. move_task: every mover moves BENCH_MOVES random cards to a random lane and position, all movers at once.
  const ids = (await su.query('SELECT id FROM tasks.tasks WHERE desk_id = $1', [desk._id])).rows.map((r) => r.id as string);
  const moves: number[] = [];
  let failed = 0;
  const perLaneNow = Math.ceil(total / nLanes);
  const started = performance.now();
  await Promise.all(
    movers.map(async (m) => {
      for (let i = 0; i < nMoves; i++) {
        const body = {
          task_id: ids[Math.floor(Math.random() * ids.length)],
          lane_id: lanes[Math.floor(Math.random() * nLanes)],
          index: Math.floor(Math.random() * (perLaneNow + 1)),
        };
        const a = performance.now();
        const r = await m.call('PUT', `/api/task_tracker/${desk._id}/move_task`, body);
        moves.push(performance.now() - a);
        if (r.status !== 200) failed++;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const check = (
    await su.query(`SELECT count(*) AS n, count(DISTINCT (lane_id, position COLLATE "C")) AS places FROM tasks.tasks WHERE desk_id = $1`, [desk._id])
  ).rows[0];
  const consistent = Number(check.n) === total && Number(check.places) === total && failed === 0;

  console.log(`\nTask tracker — one board with ${nLanes} lanes and ${total} tasks, distributed mode\n${machine(s.pgVersion)}\n`);
  console.log(
    table(
      ['call', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
      [
        [
          `GET api/desk/{id} (whole board, ${(bytes / 1024).toFixed(0)} KiB JSON)`,
          String(load.length),
          percentile(load, 50).toFixed(1),
          percentile(load, 99).toFixed(1),
          Math.max(...load).toFixed(1),
        ],
        [
          '  bare SQL of the same read (no gateway, no bus)',
          String(bare.length),
          percentile(bare, 50).toFixed(1),
          percentile(bare, 99).toFixed(1),
          Math.max(...bare).toFixed(1),
        ],
        ['PUT add_task (sequential)', String(addMs.length), percentile(addMs, 50).toFixed(1), percentile(addMs, 99).toFixed(1), Math.max(...addMs).toFixed(1)],
        [
          `PUT move_task, ${nMovers} movers at once`,
          String(moves.length),
          percentile(moves, 50).toFixed(1),
          percentile(moves, 99).toFixed(1),
          Math.max(...moves).toFixed(1),
        ],
      ],
    ),
  );
  console.log(
    `\nmove_task: ${(moves.length / wall).toFixed(0)} moves/s over ${wall.toFixed(1)} s; ${failed} failed; afterwards ${check.n} tasks on ${check.places} distinct places — ${consistent ? 'consistent' : 'INCONSISTENT'}`,
  );
  if (!consistent) process.exitCode = 1;
}

await runBench(main);
