/**
 * Issue 37's assistant figures in distributed mode (gateway → NATS → kb-service → PostgreSQL): retrieval time (POST
 * api/kb/assistant/ask answers once the articles are found: kb's search under the asker's grants, before the model is
 * called) and time to first token (from the POST to the first evt.kb.assistant.chunk on the asker's realtime socket),
 * with BENCH_ARTICLES articles in BENCH_FOLDERS folders (seedArticles, a third of the folders restricted to one
 * department) and a local fake OpenAI-compatible server (libs/kb/server/test/fake-openai.ts) whose own time, from
 * its request's arrival to its first byte, is subtracted from the time to first token.
 *
 *   source tools/scripts/node-env.sh && node tools/bench/assistant.ts
 *   BENCH_ARTICLES=50000 BENCH_FOLDERS=5000 node tools/bench/assistant.ts
 *
 * Environment: BENCH_ARTICLES (50000), BENCH_FOLDERS (5000), BENCH_TRIES (50 questions), BENCH_PG_URL,
 * BENCH_NATS_URL. The stack raises RATE_LIMIT_SCALE (the per-user limit is 10 questions a minute).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { fakeOpenAi } from '../../libs/kb/server/test/fake-openai.ts';
import { api, expectOk, intEnv, log, machine, onCleanup, percentile, runBench, runtimeDatabase, startStack, table, until } from './lib.ts';

/** Questions over the seed's vocabulary (ru, uk, en). */
const QUESTIONS = ['What is the vacation policy?', 'Як оформити відпустку?', 'Где найти договор 123?', 'security onboarding for new staff'];

async function main(): Promise<void> {
  const nArticles = intEnv('BENCH_ARTICLES', 50_000);
  const nFolders = intEnv('BENCH_FOLDERS', 5_000);
  const tries = intEnv('BENCH_TRIES', 50);

  const fake = await fakeOpenAi(() => 'The answer, from the articles [1].', 4);
  onCleanup(() => void fake.close());
  const s = await startStack({ services: ['kb'], employees: 0 });
  const admin = api(s.base, s.adminToken);

  const email = `asker@${s.workspace}.test`;
  const password = 'benchasker1';
  const emp = expectOk(
    await admin('POST', '/api/register', {
      firstName: 'Ada',
      lastName: 'Asker',
      email,
      password,
      confirmPassword: password,
      department: 'Dept 3',
      roles: ['employee', 'knowledge_base'],
    }),
    'create employee',
  ).result;
  const token = expectOk(await s.call('POST', '/api/login', { login: email, password }), 'employee sign-in').token as string;
  const asker = api(s.base, token);

  const { openDatabase } = await import('@intranet/platform-db');
  const { seedArticles } = await import('@intranet/kb-server');
  const db = await openDatabase(runtimeDatabase(s, 2));
  onCleanup(() => db.close());
  const t0 = performance.now();
  await seedArticles(db, s.clientId, { folders: nFolders, articles: nArticles, grantedShare: 1 / 3, authorId: s.adminId });
  log(`seeded ${nArticles} articles in ${nFolders} folders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  expectOk(await admin('PUT', '/api/kb/assistant/settings', { baseUrl: fake.baseUrl, model: 'fake-1', apiKey: 'bench-key', industry: 'Bench' }), 'AI settings');

  // The asker's realtime socket: the first chunk of each answer, by askId.
  const firstChunk = new Map<string, number>();
  const done = new Set<string>();
  const sk = io(`${s.base}/${s.workspace}`, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, timeout: 20_000 });
  onCleanup(() => void sk.close());
  let identified = false;
  sk.on('connect', () => sk.emit('identify', { client_id: s.clientId, user_id: emp._id, timestamp: Date.now() }, () => (identified = true)));
  sk.on('evt.kb.assistant.chunk', (d: { askId: string }) => {
    if (!firstChunk.has(d.askId)) firstChunk.set(d.askId, performance.now());
  });
  sk.on('evt.kb.assistant.done', (d: { askId: string }) => done.add(d.askId));
  await until(30_000, 'realtime socket', async () => identified, 50);

  const retrieval: number[] = [];
  const ttft: number[] = [];
  let sources = 0;
  const once = async (question: string) => {
    const askId = randomUUID();
    const calls = fake.calls.length;
    const a = performance.now();
    const r = expectOk(await asker('POST', '/api/kb/assistant/ask', { askId, question }), 'ask');
    const answered = performance.now();
    await until(30_000, 'answer', async () => done.has(askId), 2);
    const model = fake.calls[calls] as { arrivedAt?: number; firstByteAt?: number } | undefined;
    const modelOwn = model?.arrivedAt !== undefined && model.firstByteAt !== undefined ? model.firstByteAt - model.arrivedAt : 0;
    return { retrieval: answered - a, ttft: firstChunk.get(askId)! - a - modelOwn, sources: (r.result.sources as unknown[]).length };
  };
  for (const q of QUESTIONS) await once(q); // warm-up (the kb members projection, prepared statements)
  for (let i = 0; i < tries; i++) {
    const m = await once(QUESTIONS[i % QUESTIONS.length]!);
    retrieval.push(m.retrieval);
    ttft.push(m.ttft);
    sources += m.sources;
  }
  const f = (v: number) => v.toFixed(1);
  console.log(
    `\nAssistant — ${nArticles} articles in ${nFolders} folders; ${tries} sequential questions, ${(sources / tries).toFixed(1)} sources each\n${machine(s.pgVersion)}\n`,
  );
  console.log(
    table(
      ['figure', 'p50 ms', 'p99 ms', 'max ms'],
      [
        ['retrieval (ask answered)', f(percentile(retrieval, 50)), f(percentile(retrieval, 99)), f(Math.max(...retrieval))],
        ['time to first token', f(percentile(ttft, 50)), f(percentile(ttft, 99)), f(Math.max(...ttft))],
      ],
    ),
  );
}

await runBench(main);
