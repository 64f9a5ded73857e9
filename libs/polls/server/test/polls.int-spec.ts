// @slow 30s: two clients, a dozen employees, polls created, answered, edited and finished.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { BusEvent } from '@intranet/platform-bus';
import { eventually, eventuallyPasses } from '@intranet/platform-testing';
import { POLL_CODES, pollsRoutes, type Poll } from '@intranet/polls-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { pollCalls, questions, setUpPollsWorld, type Client, type Person } from './world.ts';

/**
 * §7 Polls through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): §5 rules with their codes,
 * lists and §6 visibility per role, answering once and not after finish, editing limits after the first answer.
 * Results, Excel and isolation: polls-results.int-spec.ts.
 */
describe('polls (§7 Polls, §5 Poll, §6)', () => {
  let t: TestPortal;
  let acme: Client;
  let head: Person;
  let sales: Person[];
  let dev: Person;
  const events: BusEvent[] = [];
  const { create, publish, get, results, answer, full, list } = pollCalls(() => ({ t, acme }));

  beforeAll(async () => {
    ({ t, acme, head, sales, dev } = await setUpPollsWorld(events, sharedPortal, 'p'));
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
});
