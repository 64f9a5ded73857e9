/**
 * Benchmark of adaptation (issue 34 "Tests and figures"): BENCH_ADAPTATIONS (1,000) newcomers on one track of
 * BENCH_STEPS (10) steps of day 0, all opening at the same moment (the track is started: PUT api/adaptation/active
 * queues one durable opening job per running adaptation, due now, and the job workers open every due step), through
 * the gateway in distributed mode (gateway → NATS → adaptation-service → PostgreSQL; notifications-service words the
 * openings). Figures:
 * - the start's own answer time (PUT api/adaptation/active; the gateway's write time-out is 10 s);
 * - the time until every step is open (progress rows) and notified (the notifications' `adapt.step_opened` rows);
 * - duplicates: openings notified twice (must be 0);
 * - p50/p99 of one newcomer's view (GET api/adaptation/on_track/{id}) while it happens.
 *
 *   node tools/bench/adaptation.ts
 *   BENCH_ADAPTATIONS=100 node tools/bench/adaptation.ts      # small size
 *
 * Environment: BENCH_ADAPTATIONS (1000), BENCH_STEPS (10).
 */
import pg from 'pg';
import { api, expectOk, intEnv, log, machine, percentile, runBench, startStack, table } from './lib.ts';

const ADAPTATIONS = intEnv('BENCH_ADAPTATIONS', 1_000);
const STEPS = intEnv('BENCH_STEPS', 10);

async function main(): Promise<void> {
  const s = await startStack({ services: ['adaptation', 'notifications'], employees: ADAPTATIONS + 1 });
  const admin = api(s.base, s.adminToken);
  const db = new pg.Client({ connectionString: s.databaseUrl });
  await db.connect();
  try {
    expectOk(await admin('POST', `/api/adaptation/${s.clientId}/settings`, { open_hour: 0 }), 'settings');
    const track = expectOk(await admin('POST', '/api/track', { name: 'Bench track' }), 'track').result as { _id: string };
    const stage = (
      expectOk(await admin('POST', `/api/adaptation/track/${track._id}/stage`, { name: 'Day one' }), 'stage').result as { stagesList: { _id: string }[] }
    ).stagesList[0]!._id;
    for (let i = 0; i < STEPS; i++)
      expectOk(
        await admin('POST', `/api/adaptation/track/${track._id}/step`, { stage_id: stage, type: 'task', name: `Step ${i + 1}`, days: 0, notify: ['newcomer'] }),
        'step',
      );
    // The watching newcomer: an employee with a password (imported ones have none).
    const me = expectOk(
      await admin('POST', '/api/register', {
        firstName: 'Nina',
        lastName: 'Newcomer',
        email: 'nina@bench.test',
        password: 'newcomer1',
        confirmPassword: 'newcomer1',
      }),
      'register newcomer',
    ).result as { _id: string };
    const token = expectOk(await api(s.base)('POST', '/api/login', { login: 'nina@bench.test', password: 'newcomer1' }), 'login').token as string;
    const today = new Date().toISOString().slice(0, 10);
    const people = [me._id, ...s.employeeIds.slice(0, ADAPTATIONS - 1)];
    const t0 = performance.now();
    let mine = '';
    for (const [i, userId] of people.entries()) {
      const r = expectOk(
        await admin('POST', '/api/adaptation/add_user', { track_id: track._id, user_id: userId, mentor_id: s.adminId, start_date: today }),
        'add_user',
      );
      if (i === 0) mine = (r.result as { _id: string })._id;
    }
    log(`${people.length} adaptations added in ${Math.round(performance.now() - t0)} ms (track stopped: nothing open)`);

    const total = people.length * STEPS;
    const count = async (q: string) => Number((await db.query(q)).rows[0].n);
    const views: number[] = [];
    let watching = true;
    const watcher = (async () => {
      const call = api(s.base, token);
      while (watching) {
        const a = performance.now();
        expectOk(await call('GET', `/api/adaptation/on_track/${mine}`), 'view');
        views.push(performance.now() - a);
      }
    })();
    const start = performance.now();
    let activationMs = 0;
    const started = admin('PUT', '/api/adaptation/active', { track_id: track._id, active: true }).then((r) => {
      activationMs = performance.now() - start;
      return r;
    });
    let openMs = 0;
    let notifiedMs = 0;
    while (!notifiedMs) {
      if (!openMs && (await count(`SELECT count(*) AS n FROM adaptation.progress WHERE status = 'open'`)) >= total) openMs = performance.now() - start;
      if (openMs && (await count(`SELECT count(*) AS n FROM notifications.notifications WHERE type = 'adapt.step_opened'`)) >= total)
        notifiedMs = performance.now() - start;
      if (performance.now() - start > 600_000) throw new Error('not all open and notified within 10 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const activation = await started;
    watching = false;
    await watcher;
    const dupes = await count(`SELECT count(*) - count(DISTINCT (user_id, data::text)) AS n FROM notifications.notifications WHERE type = 'adapt.step_opened'`);
    console.log(machine(s.pgVersion));
    console.log(
      table(
        ['measure', 'value'],
        [
          ['adaptations × steps opening at once', `${people.length} × ${STEPS} = ${total}`],
          ['PUT api/adaptation/active status', String(activation.status)],
          ['PUT api/adaptation/active answered in (ms)', String(Math.round(activationMs))],
          ['all open (ms)', String(Math.round(openMs))],
          ['all open and notified (ms)', String(Math.round(notifiedMs))],
          ['duplicate notifications', String(dupes)],
          [
            `newcomer's view while it happens: ${views.length} calls, p50 / p99 (ms)`,
            `${Math.round(percentile(views, 50))} / ${Math.round(percentile(views, 99))}`,
          ],
        ],
      ),
    );
  } finally {
    await db.end();
  }
}

await runBench(main);
