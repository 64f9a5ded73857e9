/**
 * Benchmark of the polls domain (DOMAIN-DONE "Figures", issue 14) in distributed mode (gateway → NATS →
 * polls-service → PostgreSQL):
 *   1. answering: BENCH_ANSWERERS recipients (of BENCH_EMPLOYEES imported employees) answer a 10-question poll through
 *      the gateway, BENCH_CONCURRENCY at a time — answers/s and p50/p99 of POST api/poll/{_id}/answer;
 *   2. results: the poll topped up to BENCH_ANSWERS answers (the rest inserted by bare SQL, as the route would store
 *      them), then GET api/poll/{id}/results sequentially BENCH_REPEATS times — p50/p99, beside the bare aggregate SQL;
 *   3. Excel: GET api/poll/{poll_id}/excel of those answers through the gateway (time, file size) and the bare
 *      workbook writer in this process over the same rows (time and peak RSS growth).
 *
 *   node tools/bench/polls.ts
 *   BENCH_EMPLOYEES=10000 BENCH_ANSWERERS=10000 node tools/bench/polls.ts
 *
 * Environment: BENCH_EMPLOYEES (10000), BENCH_ANSWERERS (1000: each signs in once, argon2 — the slow part of the
 * set-up), BENCH_ANSWERS (10000), BENCH_CONCURRENCY (16), BENCH_REPEATS (20), BENCH_PG_URL, BENCH_NATS_URL.
 */
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '@intranet/platform-auth';
import type { Question } from '@intranet/polls-contract';
import { writeResultsWorkbook } from '@intranet/polls-server';
import { api, expectOk, intEnv, log, machine, percentile, runBench, startStack, superClient, table, timed } from './lib.ts';

const PASSWORD = 'benchvoter1';

/** Ten questions of every kind (two of each), half of them mandatory. */
const QUESTIONS = Array.from({ length: 10 }, (_, i) => {
  const kind = (['single', 'multiple', 'range', 'short', 'long'] as const)[i % 5];
  return {
    text: `Question ${i + 1}`,
    mandatory: i % 2 === 0,
    kind,
    ...(kind === 'range' ? { range: i < 5 ? 10 : 100 } : {}),
    ...(kind === 'single' || kind === 'multiple' ? { answers: Array.from({ length: 6 }, (_, j) => ({ text: `Option ${j + 1}` })) } : {}),
  };
});

/** One answer sheet (`n` varies the values). */
function sheet(qs: Question[], n: number): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {};
  qs.forEach((q, i) => {
    if (q.kind === 'single') out[q._id] = q.answers[(n + i) % q.answers.length]!._id;
    else if (q.kind === 'multiple') out[q._id] = [q.answers[n % q.answers.length]!._id, q.answers[(n + 3) % q.answers.length]!._id];
    else if (q.kind === 'range') out[q._id] = 1 + ((n * 7 + i) % (q.range ?? 10));
    else out[q._id] = q.kind === 'short' ? `Answer ${n % 50}` : `A longer answer number ${n} with some words in it about the question ${i + 1}`;
  });
  return out;
}

async function main(): Promise<void> {
  const nEmployees = intEnv('BENCH_EMPLOYEES', 10_000);
  const nAnswerers = Math.min(intEnv('BENCH_ANSWERERS', 1_000), nEmployees);
  const nAnswers = Math.max(intEnv('BENCH_ANSWERS', 10_000), nAnswerers);
  const concurrency = intEnv('BENCH_CONCURRENCY', 16);
  const repeats = intEnv('BENCH_REPEATS', 20);

  const s = await startStack({ services: ['polls'], employees: nEmployees });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);

  // Every imported employee gets one password (set by SQL: the import leaves them without one) and the polls right.
  const hash = await hashPassword(PASSWORD);
  await su.query(
    `UPDATE people.users SET password_hash = $2, roles = CASE WHEN 'polls' = ANY(roles) THEN roles ELSE array_append(roles, 'polls') END
     WHERE client_id = $1 AND NOT ('admin' = ANY(roles))`,
    [s.clientId, hash],
  );

  // The poll: to everyone of the client (recipients resolved through people: timed, it is the publish cost).
  const pub = await timed(async () =>
    expectOk(await admin('POST', '/api/poll', { name: 'Bench poll', type: 'opened', questions: QUESTIONS, recipients: [] }), 'create poll'),
  );
  const poll = pub.value.result as { _id: string; questions: Question[]; recipientsCount: number };
  log(`poll published to ${poll.recipientsCount} recipients in ${pub.ms.toFixed(0)} ms`);

  // 1. Answers through the gateway: sign in the answerers first (not timed), then answer, `concurrency` at a time.
  const emails = (
    await su.query(`SELECT email FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) ORDER BY email LIMIT $2`, [s.clientId, nAnswerers])
  ).rows.map((r) => r.email as string);
  const tokens: string[] = [];
  const tLogin = performance.now();
  for (let i = 0; i < emails.length; i += 8) {
    const batch = await Promise.all(
      emails
        .slice(i, i + 8)
        .map(async (login) => expectOk(await s.call('POST', '/api/login', { login, password: PASSWORD }), `login ${login}`).token as string),
    );
    tokens.push(...batch);
  }
  log(`${tokens.length} answerers signed in in ${((performance.now() - tLogin) / 1000).toFixed(1)} s`);

  const lat: number[] = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const i = next++;
        const r = await timed(() => api(s.base, tokens[i])('POST', `/api/poll/${poll._id}/answer`, { answers: sheet(poll.questions, i) }));
        lat.push(r.ms);
        if (r.value.status !== 200) failed++;
      }
    }),
  );
  const answerSecs = (performance.now() - t0) / 1000;

  // 2. Top the poll up to nAnswers answers by bare SQL (as the route stores them), then read the results.
  const rest = (
    await su.query(`SELECT id FROM people.users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) ORDER BY email OFFSET $2 LIMIT $3`, [
      s.clientId,
      nAnswerers,
      nAnswers - nAnswerers,
    ])
  ).rows.map((r) => r.id as string);
  const day = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < rest.length; i += 1000) {
    const chunk = rest.slice(i, i + 1000);
    await su.query(`INSERT INTO polls.passed (client_id, poll_id, user_id) SELECT $1, $2, unnest($3::uuid[])`, [s.clientId, poll._id, chunk]);
    await su.query(
      `INSERT INTO polls.answers (id, client_id, poll_id, user_id, day, answered_at, values)
       SELECT gen_random_uuid(), $1, $2, u, $4::date, now(), v::jsonb FROM unnest($3::uuid[], $5::text[]) AS x(u, v)`,
      [s.clientId, poll._id, chunk, day, chunk.map((_, j) => JSON.stringify(sheet(poll.questions, nAnswerers + i + j)))],
    );
  }
  const total = Number((await su.query(`SELECT count(*) FROM polls.answers WHERE poll_id = $1`, [poll._id])).rows[0].count);
  log(`the poll has ${total} answers`);

  const readMs: number[] = [];
  expectOk(await admin('GET', `/api/poll/${poll._id}/results`), 'warm-up results');
  for (let i = 0; i < repeats; i++) readMs.push((await timed(async () => expectOk(await admin('GET', `/api/poll/${poll._id}/results`), 'results'))).ms);
  const bareMs: number[] = [];
  // The statements the results route runs (repository `aggregate`): choice/range counts, answered per question.
  const choiceKeys = `{${poll.questions
    .filter((q) => q.kind !== 'short' && q.kind !== 'long')
    .map((q) => `"${q._id}"`)
    .join(',')}}`;
  const AGG = `SELECT e.key, CASE jsonb_typeof(e.value) WHEN 'array' THEN x.v ELSE e.value #>> '{}' END, count(*)
    FROM polls.answers a CROSS JOIN LATERAL jsonb_each(a.values) e
    LEFT JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(e.value) WHEN 'array' THEN e.value ELSE '[]'::jsonb END) x(v) ON true
    WHERE a.poll_id = $1 AND e.key = ANY($2::text[]) GROUP BY 1, 2`;
  const ANSWERED = `SELECT k, count(*) FROM polls.answers a CROSS JOIN LATERAL jsonb_object_keys(a.values) k WHERE a.poll_id = $1 GROUP BY 1`;
  for (let i = 0; i < repeats; i++) {
    bareMs.push(
      (
        await timed(async () => {
          await su.query(AGG, [poll._id, choiceKeys]);
          await su.query(ANSWERED, [poll._id]);
        })
      ).ms,
    );
  }

  // 3. Excel through the gateway, and the bare writer here over the same rows (peak RSS growth sampled every 20 ms).
  const ex = await timed(async () => expectOk(await admin('GET', `/api/poll/${poll._id}/excel`), 'excel').result as { url: string; size: number });
  const dl = await timed(async () => (await fetch(s.base + ex.value.url)).arrayBuffer());
  const rows = (await su.query(`SELECT id, user_id AS "userId", day::text AS day, values FROM polls.answers WHERE poll_id = $1 ORDER BY id`, [poll._id])).rows;
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const bare = await timed(async () => {
    const { stream, done } = writeResultsWorkbook({
      lang: 'en',
      questions: poll.questions,
      results: [],
      anonymous: false,
      hidden: new Set(),
      names: async (ids) => new Map(ids.map((id) => [id, `User ${id.slice(0, 8)}`])),
      pages: async function* () {
        for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
      },
    });
    let bytes = 0;
    const sink = new PassThrough();
    sink.on('data', (c: Buffer) => (bytes += c.length));
    const ended = new Promise((r) => sink.on('end', r));
    stream.pipe(sink);
    await Promise.all([done, ended]);
    return bytes;
  });
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  console.log(
    `\nPolls — ${poll.recipientsCount} recipients, 10-question poll, ${total} answers\n${machine(s.pgVersion)}\n\n` +
      table(
        ['measure', 'n', 'rate / size', 'p50 ms', 'p99 ms'],
        [
          ['publish (recipients resolved via people)', '1', `${poll.recipientsCount} recipients`, pub.ms.toFixed(0), '-'],
          [
            `POST answer via gateway (${concurrency} in flight)`,
            String(lat.length),
            `${(lat.length / answerSecs).toFixed(0)} answers/s, ${failed} failed`,
            p(lat, 50),
            p(lat, 99),
          ],
          [`GET results via gateway (${total} answers)`, String(repeats), '-', p(readMs, 50), p(readMs, 99)],
          ['bare aggregate SQL (same poll)', String(repeats), '-', p(bareMs, 50), p(bareMs, 99)],
          [`GET excel via gateway (${total} rows)`, '1', `${(ex.value.size / 1024).toFixed(0)} KB`, ex.ms.toFixed(0), '-'],
          ['download of the file', '1', `${(dl.value.byteLength / 1024).toFixed(0)} KB`, dl.ms.toFixed(0), '-'],
          [
            'bare workbook writer (this process)',
            '1',
            `${(bare.value / 1024).toFixed(0)} KB, peak RSS +${((peak - rss0) / 1048576).toFixed(1)} MB`,
            bare.ms.toFixed(0),
            '-',
          ],
        ],
      ),
  );
}

await runBench(main);
