/**
 * Benchmark of the lms domain (DOMAIN-DONE "Figures", issue 33) in distributed mode (gateway → NATS → lms-service →
 * PostgreSQL):
 *   1. answering: BENCH_LEARNERS learners (of BENCH_EMPLOYEES imported employees, all appointed to one published course)
 *      start a 20-question test and answer every question, BENCH_CONCURRENCY learners at a time, each answer one
 *      POST api/tests/{test_id}/answer (the last one also finishes) — answers/s and p50/p99 of an answer (target p99
 *      ≤ 200 ms), beside the start of an attempt;
 *   2. analytics: GET api/courses/analytics/{client_id} over the course's BENCH_EMPLOYEES learners, sequentially
 *      BENCH_REPEATS times — p50/p99, and the per-course dashboard GET api/course_progress/{id}/dashboard.
 *
 *   node tools/bench/lms.ts
 *   BENCH_EMPLOYEES=10000 BENCH_LEARNERS=1000 BENCH_CONCURRENCY=1000 node tools/bench/lms.ts
 *
 * BENCH_THINK_MS (0): a learner's pause before each answer (uniform 0.5–1.5 × it), for a load of people reading the
 * questions instead of every learner's next answer sent the moment the last one returns (1,000 learners pausing
 * 10 s send ~100 answers/s).
 *
 * Environment: BENCH_EMPLOYEES (10000), BENCH_LEARNERS (1000: each signs in once, argon2 — the slow part of the
 * set-up), BENCH_CONCURRENCY (1000: all at once), BENCH_REPEATS (20), BENCH_PG_URL, BENCH_NATS_URL.
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '@intranet/platform-auth';
import { api, expectOk, intEnv, log, machine, percentile, runBench, startStack, statementsReset, statementsTop, superClient, table, timed } from './lib.ts';

const PASSWORD = 'benchlearner1';
const QUESTIONS = Array.from({ length: 20 }, (_, i) => ({
  text: `Question ${i + 1}`,
  kind: 'single' as const,
  answers: ['A', 'B', 'C', 'D'].map((a, j) => ({ text: `${a}${i}`, right: j === i % 4 })),
}));
type Attempt = { _id: string; questions: { _id: string; answers: { _id: string }[] }[]; finished: boolean; score: number | null };

async function main(): Promise<void> {
  const nEmployees = intEnv('BENCH_EMPLOYEES', 10_000);
  const nLearners = Math.min(intEnv('BENCH_LEARNERS', 1_000), nEmployees);
  const concurrency = intEnv('BENCH_CONCURRENCY', 1_000);
  const repeats = intEnv('BENCH_REPEATS', 20);
  const thinkMs = intEnv('BENCH_THINK_MS', 0);

  const s = await startStack({ services: ['lms'], employees: nEmployees });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);

  // Every imported employee gets one password (set by SQL: the import leaves them without one) and the lms right.
  const hash = await hashPassword(PASSWORD);
  await su.query(
    `UPDATE people.users SET password_hash = $2, roles = CASE WHEN 'lms' = ANY(roles) THEN roles ELSE array_append(roles, 'lms') END
     WHERE client_id = $1 AND NOT ('admin' = ANY(roles))`,
    [s.clientId, hash],
  );
  const people = (await su.query(`SELECT id, email FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) ORDER BY email`, [s.clientId]))
    .rows as { id: string; email: string }[];

  // The course (the client admin is an LMS administrator): a lesson-less course with one 20-question test, appointed
  // to every employee and published.
  const course = expectOk(await admin('POST', '/api/course', { title: 'Bench course' }), 'create course').result as { _id: string };
  const test = expectOk(await admin('POST', '/api/test', { course_id: course._id, title: 'Bench test', time_limit: 3600, questions: QUESTIONS }), 'create test')
    .result as { _id: string };
  const appoint = await timed(async () =>
    expectOk(await admin('POST', `/api/courses/${course._id}/members`, { users: people.map((p) => p.id), departments: [] }), 'appoint'),
  );
  expectOk(await admin('PUT', `/api/course/${course._id}`, { status: 'published' }), 'publish');
  log(`course appointed to ${people.length} employees in ${appoint.ms.toFixed(0)} ms and published`);

  // 1. Sign the learners in (not timed), then all start and answer, `concurrency` learners at a time.
  const learners = people.slice(0, nLearners);
  const tokens: string[] = [];
  const tLogin = performance.now();
  for (let i = 0; i < learners.length; i += 8) {
    const batch = await Promise.all(
      learners
        .slice(i, i + 8)
        .map(async (p) => expectOk(await s.call('POST', '/api/login', { login: p.email, password: PASSWORD }), `login ${p.email}`).token as string),
    );
    tokens.push(...batch);
  }
  log(`${tokens.length} learners signed in in ${((performance.now() - tLogin) / 1000).toFixed(1)} s`);

  const startMs: number[] = [];
  const answerMs: number[] = [];
  let failed = 0;
  let passed = 0;
  let next = 0;
  await statementsReset(s);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
      while (next < tokens.length) {
        const i = next++;
        const call = api(s.base, tokens[i]);
        const st = await timed(() => call('POST', `/api/tests/${course._id}/startTest/${test._id}/for/${learners[i]!.id}`));
        startMs.push(st.ms);
        if (st.value.status !== 200) {
          failed++;
          continue;
        }
        const attempt = st.value.body.result as Attempt;
        for (const [k, q] of attempt.questions.entries()) {
          const last = k === attempt.questions.length - 1;
          // A learner reads the question before answering: uniform in [0.5, 1.5] × BENCH_THINK_MS (0: no pause).
          if (thinkMs) await new Promise((res) => setTimeout(res, thinkMs * (0.5 + Math.random())));
          const r = await timed(() => call('POST', `/api/tests/${test._id}/answer`, { question_id: q._id, answers: [q.answers[0]!._id], finish: last }));
          answerMs.push(r.ms);
          if (r.value.status !== 200) failed++;
          else if (last && (r.value.body.result as Attempt).finished) passed++;
        }
      }
    }),
  );
  const answerSecs = (performance.now() - t0) / 1000;
  await statementsTop(s, 'the starts and answers', answerMs.length);

  // 2. Analytics over every appointed learner, and one course's dashboard.
  const analyticsMs: number[] = [];
  const dashMs: number[] = [];
  expectOk(await admin('GET', `/api/courses/analytics/${s.clientId}`), 'warm-up analytics');
  for (let i = 0; i < repeats; i++) {
    analyticsMs.push((await timed(async () => expectOk(await admin('GET', `/api/courses/analytics/${s.clientId}`), 'analytics'))).ms);
    dashMs.push((await timed(async () => expectOk(await admin('GET', `/api/course_progress/${course._id}/dashboard`), 'dashboard'))).ms);
  }

  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  console.log(
    `\nLms — ${people.length} learners appointed, ${tokens.length} answering a 20-question test (${Math.min(concurrency, tokens.length)} at once${thinkMs ? `, ~${thinkMs} ms between answers` : ''})\n${machine(s.pgVersion)}\n\n` +
      table(
        ['measure', 'n', 'rate', 'p50 ms', 'p99 ms'],
        [
          [`POST members (appoint ${people.length})`, '1', '-', appoint.ms.toFixed(0), '-'],
          ['POST startTest via gateway', String(startMs.length), '-', p(startMs, 50), p(startMs, 99)],
          [
            'POST answer via gateway',
            String(answerMs.length),
            `${(answerMs.length / answerSecs).toFixed(0)} answers/s, ${failed} failed, ${passed} finished`,
            p(answerMs, 50),
            p(answerMs, 99),
          ],
          [`GET courses/analytics (${people.length} learners)`, String(repeats), '-', p(analyticsMs, 50), p(analyticsMs, 99)],
          [`GET course_progress dashboard (${people.length} learners)`, String(repeats), '-', p(dashMs, 50), p(dashMs, 99)],
        ],
      ),
  );
}

await runBench(main);
