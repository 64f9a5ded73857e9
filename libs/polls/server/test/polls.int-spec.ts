// @slow 30s: four clients, a dozen employees, an Excel file written and parsed back.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { peopleRoutes } from '@intranet/people-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { sql } from '@intranet/platform-db';
import { eventually, eventuallyPasses } from '@intranet/platform-testing';
import { POLL_CODES, pollsEvents, pollsRoutes, type Poll, type PollResults } from '@intranet/polls-contract';
import { excelWords } from '@intranet/polls-server';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
interface Person {
  id: string;
  token: string;
}

const questions = () => [
  { text: 'Your name for the record', mandatory: true, kind: 'short' },
  { text: 'Rate the quarter', mandatory: true, kind: 'range', range: 5 },
  { text: 'Best office', mandatory: false, kind: 'single', answers: [{ text: 'Kyiv' }, { text: 'Lviv' }] },
  { text: 'Which tools', mandatory: false, kind: 'multiple', answers: [{ text: 'Jira' }, { text: 'Slack' }, { text: 'Excel' }] },
  { text: 'Anything else', mandatory: false, kind: 'long' },
];

/**
 * §7 Polls through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): §5 rules with their codes,
 * §6 visibility per poll type for employee, manager and admin, answering once and not after finish, editing limits
 * after the first answer, the anonymous design on the stored rows, the Excel file against the results, isolation.
 */
describe('polls (§7 Polls, §5 Poll, §6)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let head: Person;
  let sales: Person[];
  let dev: Person;
  const events: BusEvent[] = [];
  const inject = (o: object) =>
    t.portal.app
      .getHttpAdapter()
      .getInstance()
      .inject(o as never);

  const person = async (c: Client, email: string, extra: Record<string, unknown> = {}): Promise<Person> => {
    const e = await t.makeEmployee(c.adminToken, email, extra);
    return { id: e.user._id, token: e.token };
  };
  const create = (token: string, body: Record<string, unknown>) => t.call(pollsRoutes.pollCreate, { token, body });
  const publish = async (token: string, body: Record<string, unknown>): Promise<Poll> => {
    const r = await create(token, { questions: questions(), ...body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const get = (token: string, id: string) => t.call(pollsRoutes.pollGet, { token, params: { id } });
  const results = async (token: string, id: string): Promise<{ status: number; body: { result: PollResults } & Record<string, any> }> =>
    t.call(pollsRoutes.pollResults, { token, params: { id } });
  const answer = (token: string, p: Poll, values: (q: Poll['questions']) => Record<string, unknown>) =>
    t.call(pollsRoutes.pollAnswer, { token, params: { _id: p._id }, body: { answers: values(p.questions) } });
  const full =
    (n: number, office = 0) =>
    (q: Poll['questions']) => ({
      [q[0]!._id]: `Person ${n}`,
      [q[1]!._id]: n,
      [q[2]!._id]: q[2]!.answers[office]!._id,
      [q[3]!._id]: [q[3]!.answers[0]!._id, q[3]!.answers[2]!._id],
    });
  const list = (p: Person | Client, tab: string, search?: string) => {
    const token = 'token' in p ? p.token : p.adminToken;
    const userId = 'id' in p ? p.id : p.admin._id;
    return t.call(pollsRoutes.pollAccessFor, {
      token,
      params: { clientId: acme.client._id, userId },
      query: { tab, ...(search ? { search } : {}) },
    });
  };

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('pollsacme');
    other = await t.makeClient('pollsother');
    head = await person(acme, 'head@pollsacme.test', { department: 'Sales', position: 'Head of sales' });
    const made = await t.call(peopleRoutes.userRoleAdd, { token: acme.adminToken, params: { userId: head.id, role: 'head' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    // §6: a department head is no poll manager until an administrator grants the role.
    head.token = (await t.login('head@pollsacme.test', 'employee1')).token;
    const early = await t.call(pollsRoutes.pollCreate, {
      token: head.token,
      body: { name: 'Not yet', type: 'opened', questions: [{ text: 'Why?', mandatory: true, kind: 'short' }] },
    });
    assert.equal(early.status, 403, JSON.stringify(early.body));
    const manager = await t.call(peopleRoutes.userRoleAdd, { token: acme.adminToken, params: { userId: head.id, role: 'poll_manager' } });
    assert.equal(manager.status, 200, JSON.stringify(manager.body));
    head.token = (await t.login('head@pollsacme.test', 'employee1')).token;
    sales = [];
    const names = ['Anna', 'Boris', 'Clara', 'Dmytro'];
    for (let i = 0; i < 4; i++) {
      sales.push(await person(acme, `sales${i}@pollsacme.test`, { firstName: names[i], department: i % 2 ? 'sales' : 'Sales ', city: 'Kyiv' }));
    }
    dev = await person(acme, 'dev@pollsacme.test', { department: 'IT', city: 'Lviv' });
    for (const def of Object.values(pollsEvents)) {
      await on(t.portal.platform.bus, def, async (e) => {
        events.push(e);
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('§5: every rule refused by the server with its text and code; only managers (admins, heads) create', async () => {
    const bad = await create(head.token, {
      name: ' ',
      type: 'closed',
      questions: [
        { text: ' ', mandatory: false, kind: 'single', answers: [] },
        { text: 'Many', mandatory: false, kind: 'multiple', answers: Array.from({ length: 16 }, (_, i) => ({ text: i ? `a${i}` : ' ' })) },
      ],
      recipients: [],
    });
    assert.equal(bad.status, 400);
    const by = Object.fromEntries(bad.body.errors.map((e: { field: string; message: string }) => [`${e.field}|${e.message}`, e]));
    assert.ok(by['name|Title is required'], JSON.stringify(bad.body.errors));
    assert.ok(by['questions|At least one question must be mandatory']);
    assert.ok(by['questions.0.text|Fill in the question']);
    assert.ok(by['questions.0.answers|A list question needs answers']);
    assert.ok(by['questions.1.answers|Max 15 answers']);
    assert.ok(by['questions.1.answers.0.text|Answer cannot be empty']);
    assert.ok(by['recipients|A closed poll needs recipients']);
    const none = await create(head.token, { name: 'No questions', type: 'opened', questions: [] });
    assert.equal(none.status, 400);
    assert.equal(none.body.errors[0].message, 'Add at least one question');
    const range = await create(head.token, { name: 'R', type: 'opened', questions: [{ text: 'x', mandatory: true, kind: 'range', range: 7 }] });
    assert.equal(range.status, 400);
    // An employee who is no poll manager may not create; nothing was stored by the refused calls.
    assert.equal((await create(dev.token, { name: 'Mine', type: 'opened', questions: questions() })).status, 403);
    assert.equal((await list(acme, 'mine')).body.result.total, 0);
    // The codes reach the web for wording in ru/uk/en.
    const closed = await create(acme.adminToken, { name: 'C', type: 'closed', questions: questions(), recipients: [] });
    assert.equal(closed.body.errors[0].code, POLL_CODES.recipientsRequired);
  });

  it('a closed poll to a department: recipients resolved through people; lists, search and §6 visibility per role', async () => {
    const p = await publish(head.token, { name: 'Sales quarter', type: 'closed', recipients: [{ target: 'department', level: 'read', value: 'sales' }] });
    // The head (department Sales) and the four sales people, not dev nor the admin.
    assert.equal(p.recipientsCount, 5);
    assert.equal(p.canManage, true);
    const pub = await eventually(() => events.find((e) => e.subject === 'evt.polls.poll.published' && (e.data as { pollId: string }).pollId === p._id));
    assert.deepEqual([...(pub.data as { userIds: string[] }).userIds].sort(), [head.id, ...sales.map((s) => s.id)].sort());

    assert.deepEqual(
      (await list(sales[0]!, 'active')).body.result.polls.map((x: Poll) => x._id),
      [p._id],
    );
    assert.equal((await list(sales[0]!, 'active', 'quarter')).body.result.total, 1);
    assert.equal((await list(sales[0]!, 'active', 'nothing like it')).body.result.total, 0);
    assert.equal((await list(dev, 'active')).body.result.total, 0);
    assert.equal((await get(dev.token, p._id)).status, 403);
    assert.equal((await get(dev.token, p._id)).body.code, POLL_CODES.notRecipient);
    assert.equal((await list(head, 'mine')).body.result.total, 1);
    assert.equal((await list(sales[0]!, 'mine')).body.result.total, 0);
    // Someone else's list is for admins only.
    const foreignList = await t.call(pollsRoutes.pollAccessFor, { token: dev.token, params: { clientId: acme.client._id, userId: sales[0]!.id } });
    assert.equal(foreignList.status, 403);
    const asAdmin = await t.call(pollsRoutes.pollAccessFor, { token: acme.adminToken, params: { clientId: acme.client._id, userId: sales[0]!.id } });
    assert.equal(asAdmin.body.result.total, 1);
    assert.equal(asAdmin.body.result.canCreate, false);
    assert.equal((await list(head, 'active')).body.result.canCreate, true);

    // §5 answer rules.
    const missing = await answer(sales[0]!.token, p, (q) => ({ [q[2]!._id]: q[2]!.answers[0]!._id }));
    assert.equal(missing.status, 400);
    assert.deepEqual(
      missing.body.errors.map((e: { field: string; code: string }) => e.code),
      [POLL_CODES.mandatoryAnswer, POLL_CODES.mandatoryAnswer],
    );
    const out = await answer(sales[0]!.token, p, (q) => ({ ...full(1)(q), [q[1]!._id]: 6 }));
    assert.equal(out.status, 400);
    assert.equal(out.body.errors[0].code, POLL_CODES.outOfRange);
    assert.deepEqual(out.body.errors[0].params, { min: 1, max: 5 });
    const notOption = await answer(sales[0]!.token, p, (q) => ({ ...full(1)(q), [q[2]!._id]: 'nope' }));
    assert.equal(notOption.body.errors[0].code, POLL_CODES.notAnOption);
    assert.equal((await results(head.token, p._id)).body.result.rowsTotal, 0, 'refused answers stored nothing');

    assert.equal((await answer(sales[0]!.token, p, full(4))).status, 200);
    const twice = await answer(sales[0]!.token, p, full(3));
    assert.equal(twice.status, 409);
    assert.equal(twice.body.code, POLL_CODES.alreadyAnswered);
    assert.equal((await answer(sales[1]!.token, p, full(2, 1))).status, 200);
    assert.equal((await answer(dev.token, p, full(2))).status, 403);
    assert.equal((await list(sales[0]!, 'active')).body.result.total, 0);
    assert.equal((await list(sales[0]!, 'passed')).body.result.total, 1);

    // Closed: an employee sees only their own answers; the manager and the admin see all, and who has not passed.
    const own = await results(sales[0]!.token, p._id);
    assert.equal(own.status, 200);
    assert.equal(own.body.result.scope, 'own');
    assert.equal(own.body.result.rowsTotal, 1);
    assert.equal(own.body.result.rows[0]!.user!._id, sales[0]!.id);
    assert.equal(own.body.result.questions[1]!.average, 4);
    assert.equal(own.body.result.notPassed, null);
    for (const token of [head.token, acme.adminToken]) {
      const all = await results(token, p._id);
      assert.equal(all.body.result.scope, 'all');
      assert.equal(all.body.result.rowsTotal, 2);
      assert.equal(all.body.result.questions[1]!.average, 3);
      assert.deepEqual(
        all.body.result.questions[2]!.counts.map((c) => c.count),
        [1, 1],
      );
      assert.equal(all.body.result.notPassedTotal, 3);
      assert.deepEqual(all.body.result.notPassed!.map((n) => n._id).sort(), [head.id, sales[2]!.id, sales[3]!.id].sort());
    }
    assert.equal((await results(dev.token, p._id)).status, 403);
    const mine = await get(sales[0]!.token, p._id);
    assert.equal(mine.body.result.passed, true);
    assert.equal(mine.body.result.myAnswer[p.questions[1]!._id], 4);
    assert.deepEqual(mine.body.result.recipients, [], 'grants are for managers');

    await eventuallyPasses(() => {
      const answered = events.filter((e) => e.subject === 'evt.polls.poll.answered' && (e.data as { pollId: string }).pollId === p._id);
      assert.deepEqual(answered.map((e) => (e.data as { userId: string }).userId).sort(), [sales[0]!.id, sales[1]!.id].sort());
      assert.ok(events.some((e) => e.subject === 'evt.polls.results.changed' && (e.data as { answersCount: number }).answersCount === 2));
    });

    // Editing after the first answer: only name, description and end date.
    const locked = await t.call(pollsRoutes.pollUpdate, { token: head.token, params: { _id: p._id }, body: { questions: questions(), type: 'opened' } });
    assert.equal(locked.status, 400);
    assert.deepEqual(locked.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort(), [
      'questions:pollLocked',
      'type:pollLocked',
    ]);
    const renamed = await t.call(pollsRoutes.pollUpdate, {
      token: head.token,
      params: { _id: p._id },
      body: { name: 'Sales Q3', description: 'Renamed', end_date: '2999-01-01' },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.result.name, 'Sales Q3');
    assert.equal(renamed.body.result.locked, true);
    assert.equal((await t.call(pollsRoutes.pollUpdate, { token: sales[2]!.token, params: { _id: p._id }, body: { name: 'Mine now' } })).status, 403);

    // Remind those who have not passed (managers only): an event to exactly them.
    assert.equal((await t.call(pollsRoutes.pollRemind, { token: sales[2]!.token, params: { _id: p._id } })).status, 403);
    const remind = await t.call(pollsRoutes.pollRemind, { token: head.token, params: { _id: p._id } });
    assert.equal(remind.status, 200);
    assert.equal(remind.body.result.reminded, 3);
    const reminded = await eventually(() => events.find((e) => e.subject === 'evt.polls.poll.reminded' && (e.data as { pollId: string }).pollId === p._id));
    assert.deepEqual([...(reminded.data as { userIds: string[] }).userIds].sort(), [head.id, sales[2]!.id, sales[3]!.id].sort());

    // Finish: no answers afterwards.
    assert.equal((await t.call(pollsRoutes.pollFinish, { token: sales[2]!.token, params: { _id: p._id } })).status, 403);
    const fin = await t.call(pollsRoutes.pollFinish, { token: head.token, params: { _id: p._id } });
    assert.equal(fin.status, 200);
    assert.equal(fin.body.result.status, 'finished');
    const late = await answer(sales[2]!.token, p, full(5));
    assert.equal(late.status, 400);
    assert.equal(late.body.code, POLL_CODES.finished);
    assert.equal((await list(sales[2]!, 'passed')).body.result.total, 1, 'a finished poll moves to passed');
    await eventually(() => events.some((e) => e.subject === 'evt.polls.poll.finished' && (e.data as { pollId: string }).pollId === p._id));
  });

  it('before the first answer a poll may change entirely (re-targeting resolves the recipients again)', async () => {
    const p = await publish(acme.adminToken, { name: 'Draft-like', type: 'opened', recipients: [{ target: 'city', level: 'read', value: 'lviv' }] });
    assert.equal(p.recipientsCount, 1);
    const r = await t.call(pollsRoutes.pollUpdate, {
      token: acme.adminToken,
      params: { _id: p._id },
      body: {
        type: 'closed',
        questions: [{ _id: p.questions[0]!._id, text: 'Only one now', mandatory: true, kind: 'short' }],
        recipients: [{ target: 'manual', level: 'read', users: [dev.id, sales[3]!.id] }],
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.recipientsCount, 2);
    assert.equal(r.body.result.questions.length, 1);
    assert.equal(r.body.result.questions[0]._id, p.questions[0]!._id, 'question ids are kept');
    const bad = await t.call(pollsRoutes.pollUpdate, {
      token: acme.adminToken,
      params: { _id: p._id },
      body: { questions: [{ text: 'x', mandatory: false, kind: 'short' }] },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].code, POLL_CODES.mandatoryRequired);
  });

  it('opened: recipients see everyone’s results; anonymous: depersonalised for managers only, hidden under 3 answers', async () => {
    const open = await publish(head.token, { name: 'Open one', type: 'opened', recipients: [] });
    assert.equal((await answer(sales[0]!.token, open, full(5))).status, 200);
    assert.equal((await answer(dev.token, open, full(3))).status, 200);
    const seen = await results(sales[1]!.token, open._id);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.result.scope, 'all');
    assert.equal(seen.body.result.rowsTotal, 2);
    assert.ok(seen.body.result.rows.every((r) => r.user && r.day));
    assert.equal(seen.body.result.notPassed, null, 'not-passed is for managers');

    const anon = await publish(head.token, { name: 'Mood, anonymously', type: 'anonymous', recipients: [{ target: 'all', level: 'read' }] });
    assert.equal((await answer(sales[0]!.token, anon, full(5))).status, 200);
    assert.equal((await answer(sales[1]!.token, anon, (q) => ({ [q[0]!._id]: 'B', [q[1]!._id]: 1 }))).status, 200);
    // A recipient who answered is told why (issue 29 §19: not "This poll is not for you"): §6 anonymous results
    // are for the poll's managers only.
    const refused = await results(sales[0]!.token, anon._id);
    assert.equal(refused.status, 403, 'anonymous results are for managers');
    assert.equal(refused.body.code, POLL_CODES.resultsManagersOnly);
    let r = await results(head.token, anon._id);
    assert.equal(r.body.result.scope, 'anonymous');
    assert.ok(r.body.result.questions.every((q) => q.hidden && !q.counts.some((c) => c.count) && !q.texts.length));
    assert.equal(r.body.result.rows.length, 0);
    assert.equal(r.body.result.notPassed, null, 'no not-passed tab for anonymous polls');
    assert.equal((await answer(dev.token, anon, (q) => ({ [q[0]!._id]: 'C', [q[1]!._id]: 3, [q[2]!._id]: q[2]!.answers[1]!._id }))).status, 200);
    r = await results(acme.adminToken, anon._id);
    const [name, rate, office] = r.body.result.questions;
    assert.equal(name!.hidden, false);
    assert.deepEqual([...name!.texts].sort(), ['B', 'C', 'Person 5']);
    assert.equal(rate!.average, 3);
    assert.equal(office!.hidden, true, 'only two answered the optional question');
    assert.equal(r.body.result.rowsTotal, 3);
    assert.ok(r.body.result.rows.every((row) => row.user === null && row.day === '' && !(office!._id in row.values)));
    assert.equal((await get(sales[0]!.token, anon._id)).body.result.myAnswer, null);
    assert.equal((await t.call(pollsRoutes.pollRemind, { token: head.token, params: { _id: anon._id } })).status, 403, 'no not-passed list to remind');

    // The stored rows: no user, no time finer than the day, random (v4) keys; who passed is a set apart.
    const db = t.portal.platform.db;
    const rows = await db.asSystem(
      'test: read anonymous answers',
      async (tx) =>
        (await tx.execute(sql`SELECT id::text, user_id, day::text AS day, answered_at FROM polls.answers WHERE poll_id = ${anon._id}`)) as unknown as {
          rows: { id: string; user_id: string | null; day: string; answered_at: unknown }[];
        },
    );
    assert.equal(rows.rows.length, 3);
    for (const row of rows.rows) {
      assert.equal(row.user_id, null);
      assert.equal(row.answered_at, null);
      assert.equal(row.day, new Date().toISOString().slice(0, 10));
      assert.equal(row.id[14], '4', `random v4 key: ${row.id}`);
    }
    const cols = await db.asSystem(
      'test: columns',
      async (tx) =>
        (await tx.execute(
          sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'polls' AND table_name IN ('answers', 'passed')`,
        )) as unknown as {
          rows: { table_name: string; column_name: string }[];
        },
    );
    assert.deepEqual(
      cols.rows
        .filter((c) => c.table_name === 'passed')
        .map((c) => c.column_name)
        .sort(),
      ['client_id', 'poll_id', 'user_id'],
    );
    const passedRows = await db.asSystem(
      'test: passed',
      async (tx) => (await tx.execute(sql`SELECT user_id::text FROM polls.passed WHERE poll_id = ${anon._id}`)) as unknown as { rows: { user_id: string }[] },
    );
    assert.deepEqual(passedRows.rows.map((p) => p.user_id).sort(), [sales[0]!.id, sales[1]!.id, dev.id].sort());
    // The database itself refuses an anonymous answer row with a user.
    await assert.rejects(
      db.asSystem('test: forge', (tx) =>
        tx.execute(
          sql`INSERT INTO polls.answers (id, client_id, poll_id, user_id, day, values) VALUES (gen_random_uuid(), ${acme.client._id}, ${anon._id}, ${dev.id}, current_date, '{}')`,
        ),
      ),
    );
  });

  it('the Excel export: an .xlsx whose summary and answers match the results (§8 codes on refusal)', async () => {
    const p = await publish(head.token, { name: 'Excel one', type: 'opened', recipients: [] });
    for (const [i, s] of sales.entries()) assert.equal((await answer(s.token, p, full(i + 1, i % 2))).status, 200);
    const res = (await results(head.token, p._id)).body.result;
    const ex = await t.call(pollsRoutes.pollExcel, { token: head.token, params: { poll_id: p._id }, query: { uid: head.id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    assert.match(ex.body.result.fileName, /\.xlsx$/);
    const file = await inject({ method: 'GET', url: ex.body.result.url });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const [summary, answers] = wb.worksheets;
    // Titles in the user's language (the profile's, as the gateway passes it).
    const words = excelWords((await t.call(peopleRoutes.get, { token: head.token, params: { id: head.id } })).body.result.lang);
    assert.equal(summary!.name, words.summary);
    const cells: [string, string, number | null][] = [];
    summary!.eachRow((row, n) => {
      if (n > 1) cells.push([String(row.getCell(1).value), String(row.getCell(2).value), row.getCell(3).value as number | null]);
    });
    for (const q of res.questions) {
      assert.deepEqual(
        cells.filter(([qq, a]) => qq === q.text && a === words.answered).map((c) => c[2]),
        [q.answered],
      );
      for (const c of q.counts) {
        assert.deepEqual(
          cells.filter(([qq, a]) => qq === q.text && a === c.label).map((x) => x[2]),
          [c.count],
          `${q.text} / ${c.label}`,
        );
      }
    }
    assert.equal(answers!.rowCount, 1 + res.rowsTotal);
    const header = (answers!.getRow(1).values as unknown[]).slice(1);
    assert.deepEqual(header, [words.respondent, words.day, ...p.questions.map((q) => q.text)]);
    const byName = new Map<string, unknown[]>();
    answers!.eachRow((row, n) => {
      if (n > 1) byName.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1));
    });
    for (const row of res.rows) {
      const x = byName.get(row.user!.name)!;
      assert.ok(x, row.user!.name);
      p.questions.forEach((q, i) => assert.equal(String(x[2 + i] ?? ''), row.values[q._id] ?? '', `${row.user!.name} / ${q.text}`));
    }
    // Someone else's export (uid) is for admins; a non-recipient gets none.
    assert.equal((await t.call(pollsRoutes.pollExcel, { token: sales[0]!.token, params: { poll_id: p._id }, query: { uid: head.id } })).status, 403);
    const other1 = await publish(head.token, { name: 'Closed to dev', type: 'closed', recipients: [{ target: 'manual', level: 'read', users: [dev.id] }] });
    assert.equal((await t.call(pollsRoutes.pollExcel, { token: sales[0]!.token, params: { poll_id: other1._id } })).status, 403);
  });

  it('isolation: another client sees, answers, exports and deletes none of it; delete is for the author or an admin', async () => {
    const p = await publish(head.token, { name: 'Secret poll', type: 'opened', recipients: [] });
    const them = await person(other, 'x@pollsother.test');
    for (const token of [other.adminToken, them.token]) {
      assert.equal((await get(token, p._id)).status, 404);
      assert.equal((await results(token, p._id)).status, 404);
      assert.equal((await answer(token, p, full(1))).status, 404);
      assert.equal((await t.call(pollsRoutes.pollExcel, { token, params: { poll_id: p._id } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollFinish, { token, params: { _id: p._id } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollUpdate, { token, params: { _id: p._id }, body: { name: 'Taken' } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollDelete, { token, params: { id: p._id } })).status, 404);
      assert.equal((await t.call(pollsRoutes.pollRemind, { token, params: { _id: p._id } })).status, 404);
    }
    const theirList = await t.call(pollsRoutes.pollAccessFor, { token: other.adminToken, params: { clientId: acme.client._id, userId: acme.admin._id } });
    assert.equal(theirList.status, 404);
    const own = await t.call(pollsRoutes.pollAccessFor, {
      token: other.adminToken,
      params: { clientId: other.client._id, userId: other.admin._id },
      query: { tab: 'mine' },
    });
    assert.equal(own.body.result.total, 0);
    assert.ok(!JSON.stringify(own.body).includes('Secret poll'));

    assert.equal((await t.call(pollsRoutes.pollDelete, { token: sales[0]!.token, params: { id: p._id } })).status, 403);
    const del = await t.call(pollsRoutes.pollDelete, { token: head.token, params: { id: p._id } });
    assert.equal(del.status, 200);
    assert.equal((await get(head.token, p._id)).status, 404);
  });
});
