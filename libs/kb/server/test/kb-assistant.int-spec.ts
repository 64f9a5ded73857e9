import { kbEvents, kbRoutes } from '@intranet/kb-contract';
import { on } from '@intranet/platform-bus';
import { sql } from '@intranet/platform-db';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { fakeOpenAi } from './fake-openai.ts';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

/**
 * The AI assistant (issue 37) through the gateway and bus, against a local OpenAI-compatible streaming server:
 * AI settings (admins; the key sealed), "not set up" without a connection, answers streamed as realtime events with
 * their sources, the §6 grants deciding what the model sees, the asker's language, the per-user rate limit.
 */
describe('kb AI assistant (issue 37)', () => {
  let t: TestPortal;
  let acme: Client;
  let sales: Emp;
  let dev: Emp;
  let devUk: Emp;
  let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
  const chunks = new Map<string, { seq: number; text: string }[]>();
  const done = new Map<string, { sources: { _id: string; title: string }[]; error: string | null; audience: string[] }>();
  const offs: (() => Promise<void>)[] = [];
  let laptopId: string;
  let secretId: string;
  const SECRET = 'quokkabudget';

  const ask = (token: string, question: string, askId = randomUUID()) => t.call(kbRoutes.assistantAsk, { token, body: { askId, question } });
  const answerOf = (askId: string) =>
    (chunks.get(askId) ?? [])
      .sort((a, b) => a.seq - b.seq)
      .map((c) => c.text)
      .join('');

  beforeAll(async () => {
    fake = await fakeOpenAi((call) => `Answer from ${call.body.messages.filter((m) => m.role === 'system').length} system message [1].`);
    t = await sharedPortal();
    acme = await t.makeClient('aiacme');
    sales = await t.makeEmployee(acme.adminToken, 'sales@aiacme.test', { department: 'Sales' });
    dev = await t.makeEmployee(acme.adminToken, 'dev@aiacme.test', { department: 'IT', lang: 'en' });
    devUk = await t.makeEmployee(acme.adminToken, 'devuk@aiacme.test', { department: 'IT', lang: 'uk' });
    offs.push(
      await on(t.portal.platform.bus, kbEvents.assistantChunk, async (e) => {
        chunks.set(e.data.askId, [...(chunks.get(e.data.askId) ?? []), { seq: e.data.seq, text: e.data.text }]);
      }),
      await on(t.portal.platform.bus, kbEvents.assistantDone, async (e) => {
        done.set(e.data.askId, e.data);
      }),
    );
    const create = async (body: Record<string, unknown>) => {
      const r = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', ...body } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result._id as string;
    };
    laptopId = await create({ title: 'Ordering a laptop', content: '<p>Order a new laptop through the service desk, form IT-7.</p>' });
    const folder = await create({ type: 'folder', title: 'Sales only' });
    const rights = await t.call(kbRoutes.articleRights, {
      token: acme.adminToken,
      params: { id: folder },
      body: { grants: [{ target: 'department', value: 'Sales', level: 'read' }] },
    });
    assert.equal(rights.status, 200);
    secretId = await create({ title: 'Laptop discounts for sales', content: `<p>The laptop ${SECRET} is 4242 per seat.</p>`, parent: folder });
  });
  afterAll(async () => {
    for (const off of offs) await off();
    await t?.close();
    await fake?.close();
  });

  it('without a connection the assistant is not set up: nothing is streamed, nothing fails', async () => {
    const s = await t.call(kbRoutes.assistantSettings, { token: acme.adminToken });
    assert.equal(s.status, 200);
    assert.equal(s.body.result.ready, false);
    assert.equal(s.body.result.installation, false);
    const askId = randomUUID();
    const r = await ask(dev.token, 'How do I order a laptop?', askId);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.result, { askId, status: 'notSetUp', sources: [] });
    assert.equal(fake.calls.length, 0);
  });

  it('AI settings: administrators only; §5 checks; the key is stored sealed and never returned', async () => {
    assert.equal((await t.call(kbRoutes.assistantSettings, { token: dev.token })).status, 403);
    assert.equal((await t.call(kbRoutes.assistantConfigure, { token: dev.token, body: { industry: 'x' } })).status, 403);
    const bad = await t.call(kbRoutes.assistantConfigure, { token: acme.adminToken, body: { baseUrl: 'ftp://nope' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].field, 'baseUrl');
    assert.equal(bad.body.errors[0].code, 'assistantUrl');
    const noModel = await t.call(kbRoutes.assistantConfigure, { token: acme.adminToken, body: { baseUrl: fake.baseUrl } });
    assert.equal(noModel.status, 400);
    assert.equal(noModel.body.errors[0].field, 'model');
    assert.equal((await t.call(kbRoutes.assistantSettings, { token: acme.adminToken })).body.result.ready, false, 'nothing stored by a refused save');

    const r = await t.call(kbRoutes.assistantConfigure, {
      token: acme.adminToken,
      body: { baseUrl: fake.baseUrl, model: 'fake-1', apiKey: 'sk-test-key-123', industry: 'Logistics', tone: 'Friendly', generalPrompt: 'Be brief.' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.ready, true);
    assert.equal(r.body.result.keySet, true);
    assert.equal(r.body.result.industry, 'Logistics');
    assert.ok(!JSON.stringify(r.body).includes('sk-test-key-123'));
    const [row] = await t.portal.platform.db
      .asSystem('test: read the sealed key', (tx) => tx.execute(sql`SELECT key_sealed FROM kb.assistant_settings WHERE client_id = ${acme.client._id}`))
      .then((x: any) => x.rows ?? x);
    assert.ok(row.key_sealed && !String(row.key_sealed).includes('sk-test-key-123'));
    // A partial save keeps the other fields and the key.
    const again = await t.call(kbRoutes.assistantConfigure, { token: acme.adminToken, body: { mission: 'Deliver' } });
    assert.equal(again.body.result.industry, 'Logistics');
    assert.equal(again.body.result.keySet, true);
  });

  it('streams the answer with its sources; the prompt holds the company data and the articles, with the key', async () => {
    const askId = randomUUID();
    const before = fake.calls.length;
    const r = await ask(dev.token, 'How do I order a new laptop?', askId);
    assert.equal(r.status, 200);
    assert.equal(r.body.result.status, 'streaming');
    assert.deepEqual(
      r.body.result.sources.map((s: { _id: string }) => s._id),
      [laptopId],
    );
    await eventually(() => done.has(askId));
    assert.equal(done.get(askId)!.error, null);
    assert.deepEqual(done.get(askId)!.audience, [dev.user._id]);
    assert.deepEqual(done.get(askId)!.sources, [{ _id: laptopId, title: 'Ordering a laptop' }]);
    assert.equal(answerOf(askId), 'Answer from 1 system message [1].');
    assert.ok(chunks.get(askId)!.length >= 1);
    const call = fake.calls[before]!;
    assert.equal(call.authorization, 'Bearer sk-test-key-123');
    assert.equal(call.body.model, 'fake-1');
    assert.equal(call.body.stream, true);
    const system = call.body.messages[0]!.content;
    assert.match(system, /Industry: Logistics/);
    assert.match(system, /Mission: Deliver/);
    assert.match(system, /service desk, form IT-7/);
    assert.match(system, /Always answer in English/);
    assert.equal(call.body.messages[1]!.content, 'How do I order a new laptop?');
  });

  it('grants decide: an article the asker cannot read is never a source nor quoted to the model', async () => {
    const before = fake.calls.length;
    const devAsk = randomUUID();
    const r = await ask(dev.token, `What is the laptop ${SECRET}?`, devAsk);
    assert.equal(r.status, 200);
    assert.ok(!r.body.result.sources.some((s: { _id: string }) => s._id === secretId));
    await eventually(() => done.has(devAsk));
    const devCall = JSON.stringify(fake.calls.slice(before));
    assert.ok(!devCall.includes('4242'), 'the restricted text never reaches the model');
    assert.ok(!devCall.includes('Laptop discounts for sales'), 'nor its title');
    assert.ok(!done.get(devAsk)!.sources.some((s) => s._id === secretId));

    const salesAsk = randomUUID();
    const s = await ask(sales.token, `What is the laptop ${SECRET}?`, salesAsk);
    assert.equal(s.status, 200);
    assert.equal(s.body.result.sources[0]._id, secretId);
    await eventually(() => done.has(salesAsk));
    assert.match(fake.calls.at(-1)!.body.messages[0]!.content, /4242 per seat/);
  });

  it("answers in the asker's language", async () => {
    const askId = randomUUID();
    const before = fake.calls.length;
    assert.equal((await ask(devUk.token, 'Як замовити ноутбук laptop?', askId)).status, 200);
    await eventually(() => done.has(askId));
    assert.match(fake.calls[before]!.body.messages[0]!.content, /Always answer in Ukrainian/);
  });

  it('a failing model ends the answer with assistantFailed; another client is not affected', async () => {
    const other = await t.makeClient('aiother');
    const cfg = await t.call(kbRoutes.assistantConfigure, { token: other.adminToken, body: { baseUrl: fake.baseUrl, model: 'broken' } });
    assert.equal(cfg.status, 200);
    const askId = randomUUID();
    const r = await ask(other.adminToken, 'How do I order a laptop?', askId);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.result.sources, [], "acme's articles are not another client's sources");
    await eventually(() => done.has(askId));
    assert.equal(done.get(askId)!.error, 'assistantFailed');
    assert.equal((await t.call(kbRoutes.assistantSettings, { token: acme.adminToken })).body.result.model, 'fake-1');
  });

  it('is rate-limited per user: the 11th question in a minute is refused, others still ask', async () => {
    const heavy = await t.makeEmployee(acme.adminToken, 'heavy@aiacme.test');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const askId = randomUUID();
      ids.push(askId);
      assert.equal((await ask(heavy.token, 'laptop', askId)).status, 200);
    }
    const r = await ask(heavy.token, 'laptop');
    assert.equal(r.status, 429);
    assert.ok(r.body.details.retryAfterSeconds > 0, JSON.stringify(r.body));
    const other = randomUUID();
    assert.equal((await ask(sales.token, 'laptop', other)).status, 200);
    await eventually(() => [...ids, other].every((id) => done.has(id)));
  });
});
