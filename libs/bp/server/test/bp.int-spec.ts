import { kbRoutes } from '@intranet/kb-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { BP_CODES, bpEvents, bpRoutes, bpSubjects, type BpRequest, type Service } from '@intranet/bp-contract';
import { structureRoutes } from '@intranet/people-contract/structure';
import { ask, on, systemContext, type BusEvent } from '@intranet/platform-bus';
import { eventuallyPasses } from '@intranet/platform-testing';
import { multipart, testPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
interface Person {
  id: string;
  token: string;
}
type Body = any;

const codes = (body: Body): string[] => (body.errors ?? []).map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort();

/**
 * §7 Services through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): the routes, the §5 limits
 * with their codes, field values by type, a process with the direct chief, a chosen employee and several employees
 * (decline with and without a reason, a non-performer refused), editing a service while a request runs, templates,
 * and isolation between clients.
 */
describe('services (§7 Services, §5 Service, §4 Business process)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let initiator: Person;
  let chief: Person;
  let p1: Person;
  let p2: Person;
  let p3: Person;
  let stranger: Person;
  let group: string;
  const events: BusEvent[] = [];

  const person = async (c: Client, email: string, extra: Record<string, unknown> = {}): Promise<Person> => {
    const e = await t.makeEmployee(c.adminToken, email, extra);
    return { id: e.user._id, token: e.token };
  };
  const steps = () => [
    {
      name: 'Request',
      fields: [
        { _id: 'title', name: 'Title', type: 'string', required: true },
        { _id: 'day', name: 'Day', type: 'date', required: true },
        { _id: 'kind', name: 'Kind', type: 'select', options: ['paper', 'plastic'] },
        { _id: 'mail', name: 'E-mail', type: 'email' },
        { _id: 'phone', name: 'Phone', type: 'phone' },
        { _id: 'count', name: 'Count', type: 'number' },
        { _id: 'who', name: 'Colleague', type: 'user' },
        { _id: 'off', name: 'Period', type: 'period' },
      ],
      performers: [{ kind: 'initiator' }],
    },
    { name: 'Chief approves', fields: [{ _id: 'budget', name: 'Budget', type: 'number', required: true }], performers: [{ kind: 'chief' }] },
    { name: 'Printing', fields: [{ _id: 'done', name: 'Printed on', type: 'date', required: true }], performers: [{ kind: 'employee', users: [p1.id] }] },
    { name: 'Office knows', review: true, performers: [{ kind: 'employees', users: [p2.id, p3.id] }] },
  ];
  const create = (body: Record<string, unknown>, token = acme.adminToken) => t.call(bpRoutes.create, { token, body });
  const start = (token: string, body: Record<string, unknown>) => t.call(bpRoutes.start, { token, body });
  const pass = (token: string, id: string, body: Record<string, unknown>) => t.call(bpRoutes.passStep, { token, params: { bp: id }, body });
  const okValues = { title: 'Business cards', day: '2026-12-01', kind: 'paper' };

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('bpacme');
    other = await t.makeClient('bpother');
    chief = await person(acme, 'chief@bpacme.test', { department: 'Sales' });
    initiator = await person(acme, 'ini@bpacme.test', { department: 'Sales', chiefCode: 'chief@bpacme.test' });
    p1 = await person(acme, 'p1@bpacme.test');
    p2 = await person(acme, 'p2@bpacme.test');
    p3 = await person(acme, 'p3@bpacme.test');
    stranger = await person(other, 'x@bpother.test');
    for (const def of Object.values(bpEvents) as (typeof bpEvents.started)[]) {
      await on(t.portal.platform.bus, def, async (e) => {
        events.push(e);
      });
    }
    const g = await t.call(bpRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Office' } });
    assert.equal(g.status, 200, JSON.stringify(g.body));
    group = g.body.result._id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('service groups: admins write, employees read; a group with services is kept', async () => {
    const emp = await t.call(bpRoutes.groupCreate, { token: p1.token, body: { name: 'Mine' } });
    assert.equal(emp.status, 403);
    const g = await t.call(bpRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Temp' } });
    const renamed = await t.call(bpRoutes.groupUpdate, { token: acme.adminToken, body: { _id: g.body.result._id, name: 'Temporary' } });
    assert.equal(renamed.body.result.name, 'Temporary');
    const list = await t.call(bpRoutes.groupList, { token: p1.token });
    assert.deepEqual(list.body.result.map((x: Body) => x.name).sort(), ['Office', 'Temporary']);
    const del = await t.call(bpRoutes.groupDelete, { token: acme.adminToken, query: { _id: g.body.result._id } });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    const s = await create({ name: 'Keep', description: 'd', group, steps: steps().slice(0, 2) });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const busy = await t.call(bpRoutes.groupDelete, { token: acme.adminToken, query: { _id: group } });
    assert.equal(busy.status, 400);
    assert.equal(busy.body.code, BP_CODES.groupHasServices);
    await t.call(bpRoutes.remove, { token: acme.adminToken, params: { id: s.body.result._id } });
  });

  it('§5 limits refused by the server with stable codes', async () => {
    const empty = await create({ name: ' ', description: '', steps: [] });
    assert.equal(empty.status, 400);
    assert.deepEqual(codes(empty.body), ['description:bpDescriptionRequired', 'group:bpGroupRequired', 'name:bpNameRequired']);
    const step = { name: 's', performers: [{ kind: 'initiator' }] };
    const six = await create({ name: 'n', description: 'd', group, steps: Array.from({ length: 6 }, () => step) });
    assert.deepEqual(codes(six.body), ['steps:bpStepsMax']);
    const wide = await create({
      name: 'n',
      description: 'd',
      group,
      steps: [
        step,
        {
          name: '',
          fields: [...Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, type: 'text' })), { name: '', type: 'select' }],
          performers: [{ kind: 'employees', users: [p1.id, p2.id, p3.id, chief.id, initiator.id] }, { kind: 'chief' }],
        },
        { name: 'none', performers: [] },
      ],
    });
    assert.deepEqual(codes(wide.body), [
      'steps.1.fields.10.name:bpFieldNameRequired',
      'steps.1.fields.10.options:bpOptionsRequired',
      'steps.1.fields:bpFieldsMax',
      'steps.1.name:bpStepNameRequired',
      'steps.1.performers:bpPerformersMax',
      'steps.2.performers:bpPerformersRequired',
    ]);
    const foreign = await create({
      name: 'n',
      description: 'd',
      group,
      steps: [step, { name: 's', performers: [{ kind: 'employee', users: [stranger.id] }] }],
    });
    assert.deepEqual(codes(foreign.body), ['steps.1.performers.0.users:bpUserNotInClient']);
    // Step routes hold the same limits: a sixth step is refused.
    const s = await create({ name: 'Five', description: 'd', group, steps: Array.from({ length: 5 }, () => step) });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const sixth = await t.call(bpRoutes.stepAdd, { token: acme.adminToken, params: { bp: s.body.result._id }, body: step });
    assert.deepEqual(codes(sixth.body), ['steps:bpStepsMax']);
    // A request needs at least 2 steps.
    const one = await create({ name: 'One', description: 'd', group, steps: [step] });
    const refused = await start(initiator.token, { bp: one.body.result._id, values: {} });
    assert.equal(refused.status, 400);
    assert.deepEqual(codes(refused.body), ['steps:bpMinStepsToStart']);
    // Employees cannot design services.
    assert.equal((await create({ name: 'n', description: 'd', group }, p1.token)).status, 403);
  });

  it('a 4-step process: chief, a chosen employee, several employees (review); decline needs a reason; non-performers refused; edits do not touch it', async () => {
    const made = await create({ name: 'Business card', description: 'Order cards', group, days_limit: 3, department: 'Office', steps: steps() });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const svc: Service = made.body.result;
    assert.equal(svc.type, 'multi');
    // §5 "string field up to 50 symbols" (issue 29 §14): 51 symbols are refused with the text, never cut, nothing stored.
    const myTotal = async () => (await t.call(bpRoutes.runned, { token: initiator.token, params: { user: initiator.id } })).body.result.total;
    const before = await myTotal();
    const long = await start(initiator.token, { bp: svc._id, values: { ...okValues, title: 'x'.repeat(51) } });
    assert.equal(long.status, 400);
    assert.deepEqual(long.body.errors, [{ field: 'values.title', code: BP_CODES.stringMax, message: 'Max 50 symbols', params: { max: 50 } }]);
    assert.equal(await myTotal(), before, 'a refused start stores nothing');
    // Field values by type (§5): every problem in one answer.
    const bad = await start(initiator.token, {
      bp: svc._id,
      values: {
        title: 'x'.repeat(51),
        day: '2026-02-30',
        kind: 'gold',
        mail: 'no',
        phone: 'abc',
        count: 'ten',
        who: stranger.id,
        off: { from: '2026-02-02', to: '2026-02-01' },
      },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(codes(bad.body), [
      'values.count:bpInvalidNumber',
      'values.day:bpInvalidDate',
      'values.kind:bpNotAnOption',
      'values.mail:bpInvalidEmail',
      'values.off:bpInvalidPeriod',
      'values.phone:bpInvalidPhone',
      'values.title:bpStringMax',
      'values.who:bpUserNotInClient',
    ]);
    const missing = await start(initiator.token, { bp: svc._id, values: {} });
    assert.deepEqual(codes(missing.body), ['values.day:bpFieldRequired', 'values.title:bpFieldRequired']);

    const started = await start(initiator.token, { bp: svc._id, values: { ...okValues, who: p1.id, mail: 'a@b.co', phone: '+380 44 123-45-67' } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    let r: BpRequest = started.body.result;
    assert.equal(r.current_step, 1);
    assert.deepEqual(r.steps[1]!.performers, [chief.id], 'the direct chief comes from chiefCode');
    assert.ok(r.due && new Date(r.due).getTime() > Date.now() + 2.9 * 86_400_000);
    assert.equal(r.names[chief.id], 'Emil Employee');

    // Editing the service while it runs changes nothing of the request.
    const edited = await t.call(bpRoutes.stepUpdate, {
      token: acme.adminToken,
      params: { bp: svc._id },
      body: { ...steps()[1], _id: svc.steps[1]!._id, name: 'Chief signs', performers: [{ kind: 'employee', users: [p3.id] }] },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.result.version, svc.version + 1);
    // PUT api/bp/{id} with the steps only keeps the rest (as the steps editor sends it).
    const only = await t.call(bpRoutes.update, { token: acme.adminToken, params: { id: svc._id }, body: { steps: edited.body.result.steps } });
    assert.equal(only.status, 200, JSON.stringify(only.body));
    assert.equal(only.body.result.name, 'Business card');
    assert.equal(only.body.result.description, 'Order cards');
    const removed = await t.call(bpRoutes.stepDelete, { token: acme.adminToken, params: { bp: svc._id, step_id: svc.steps[3]!._id } });
    assert.equal(removed.body.result.steps.length, 3);

    // Not a performer: refused (the initiator, another employee).
    for (const who of [initiator, p1]) {
      const no = await pass(who.token, r._id, { decision: 'accept', values: { budget: 10 } });
      assert.equal(no.status, 403);
      assert.equal(no.body.code, BP_CODES.notPerformer);
    }
    const noReason = await pass(chief.token, r._id, { decision: 'decline' });
    assert.equal(noReason.status, 400);
    assert.deepEqual(codes(noReason.body), ['reason:bpReasonRequired']);
    const noBudget = await pass(chief.token, r._id, { decision: 'accept', values: {} });
    assert.deepEqual(codes(noBudget.body), ['values.budget:bpFieldRequired']);
    const accepted = await pass(chief.token, r._id, { decision: 'accept', values: { budget: 120 }, step: 1 });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    r = accepted.body.result;
    assert.equal(r.version, svc.version, 'the request keeps the version it started on');
    assert.equal(r.steps.length, 4);
    assert.equal(r.steps[1]!.name, 'Chief approves');
    assert.deepEqual(r.steps[2]!.performers, [p1.id]);
    // A stale step index is refused with 409.
    const stale = await pass(p1.token, r._id, { decision: 'accept', values: { done: '2026-12-02' }, step: 1 });
    assert.equal(stale.status, 409);
    r = (await pass(p1.token, r._id, { decision: 'accept', values: { done: '2026-12-02' } })).body.result;
    assert.deepEqual(r.steps[3]!.performers.sort(), [p2.id, p3.id].sort());
    const reviewDecline = await pass(p3.token, r._id, { decision: 'decline', reason: 'no' });
    assert.equal(reviewDecline.body.code, BP_CODES.reviewNoDecline);
    const done = await pass(p3.token, r._id, { decision: 'accept' });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    r = done.body.result;
    assert.equal(r.status, 'finished');
    assert.equal(r.steps[1]!.values.budget, 120, 'passed values are kept as they were');
    assert.deepEqual(
      r.history.map((h) => h.action),
      ['started', 'assigned', 'accepted', 'assigned', 'accepted', 'assigned', 'accepted', 'finished'],
    );
    const after = await pass(p2.token, r._id, { decision: 'accept' });
    assert.equal(after.body.code, BP_CODES.notActive);

    // Comments: the people of the request (not others); an empty one refused.
    const commented = await t.call(bpRoutes.comment, { token: p2.token, params: { id: r._id }, body: { text: 'Printed, thanks' } });
    assert.equal(commented.status, 200, JSON.stringify(commented.body));
    assert.deepEqual(
      commented.body.result.comments.map((c: Body) => [c.user, c.text]),
      [[p2.id, 'Printed, thanks']],
    );
    assert.equal((await t.call(bpRoutes.comment, { token: chief.token, params: { id: r._id }, body: { text: ' ' } })).status, 400);
    const outsider = await person(acme, 'outsider@bpacme.test');
    assert.equal((await t.call(bpRoutes.comment, { token: outsider.token, params: { id: r._id }, body: { text: 'Hi' } })).status, 403);

    // Lists: my requests, requests to me, finished filter.
    const mine = await t.call(bpRoutes.runned, { token: initiator.token, params: { user: initiator.id }, query: { finished: '1' } });
    assert.equal(mine.body.result.total, 1);
    const toMe = await t.call(bpRoutes.runned, { token: p1.token, params: { user: p1.id }, query: { as: 'performer' } });
    assert.deepEqual(
      toMe.body.result.requests.map((x: Body) => x._id),
      [r._id],
    );
    assert.equal((await t.call(bpRoutes.runned, { token: p1.token, params: { user: initiator.id } })).status, 403);
    assert.equal((await t.call(bpRoutes.request, { token: stranger.token, params: { id: r._id } })).status, 404);

    // A template from the finished request starts the next one with its values.
    assert.equal((await t.call(bpRoutes.convert, { token: p1.token, params: { id: r._id }, body: {} })).status, 403);
    const tmpl = await t.call(bpRoutes.convert, { token: initiator.token, params: { id: r._id }, body: { name: 'My cards' } });
    assert.equal(tmpl.status, 200, JSON.stringify(tmpl.body));
    const list = await t.call(bpRoutes.tmpls, { token: initiator.token, params: { client: acme.client._id } });
    assert.deepEqual(
      list.body.result.map((x: Body) => x.name),
      ['My cards'],
    );
    const again = await start(initiator.token, { bp: svc._id, template: tmpl.body.result._id });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const r2: BpRequest = again.body.result;
    assert.equal(r2.steps[0]!.values.title, 'Business cards');
    assert.equal(r2.steps.length, 3, 'the new request runs on the edited service');
    assert.deepEqual(r2.steps[1]!.performers, [p3.id]);
    assert.equal((await t.call(bpRoutes.convert, { token: initiator.token, params: { id: r2._id }, body: {} })).body.code, BP_CODES.notFinished);
    // Decline with a reason rejects it.
    const declined = await pass(p3.token, r2._id, { decision: 'decline', reason: 'Out of paper' });
    assert.equal(declined.status, 200, JSON.stringify(declined.body));
    assert.equal(declined.body.result.status, 'rejected');
    assert.equal(declined.body.result.steps[1].reason, 'Out of paper');

    // Events for every transition, for the people concerned.
    const of = (id: string) => events.filter((e) => (e.data as Body).requestId === id).map((e) => e.subject);
    await eventuallyPasses(() => {
      assert.deepEqual(of(r._id), [
        'evt.bp.request.started',
        'evt.bp.step.assigned',
        'evt.bp.step.accepted',
        'evt.bp.step.assigned',
        'evt.bp.step.accepted',
        'evt.bp.step.assigned',
        'evt.bp.step.accepted',
        'evt.bp.request.finished',
        'evt.bp.request.commented',
      ]);
      assert.deepEqual(of(r2._id).slice(-2), ['evt.bp.step.declined', 'evt.bp.request.finished']);
    });
  });

  it('access by users and departments; the direct chief from the structure; overdue raised once', async () => {
    const s = await create({
      name: 'Sales only',
      description: 'd',
      group,
      for_all: false,
      departments: ['sales'],
      days_limit: 1,
      steps: [
        { name: 'Ask', fields: [], performers: [] },
        { name: 'Chief', fields: [], performers: [{ kind: 'chief' }] },
      ],
    });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const id = s.body.result._id;
    assert.equal((await t.call(bpRoutes.get, { token: p1.token, params: { id } })).body.code, BP_CODES.notAllowed);
    assert.equal((await start(p1.token, { bp: id })).status, 403);
    const cat = await t.call(bpRoutes.byClient, { token: p1.token, params: { client: acme.client._id }, query: {} });
    assert.ok(!JSON.stringify(cat.body.result).includes('Sales only'));
    const catSales = await t.call(bpRoutes.byClient, { token: initiator.token, params: { client: acme.client._id }, query: { search: 'sales' } });
    assert.deepEqual(
      catSales.body.result.groups[0].services.map((x: Body) => x.name),
      ['Sales only'],
    );
    // The direct chief comes from the administrative structure (people.internal.directChief): the head of the
    // initiator's department, else of the nearest ancestor with a head; never oneself. Without either (and no
    // chiefCode), no chief.
    const lone = await person(acme, 'lone@bpacme.test', { department: 'Sales' });
    const none = await start(lone.token, { bp: id });
    assert.equal(none.body.code, BP_CODES.chiefNotFound);
    const admin = acme.adminToken;
    const roots = await t.call(structureRoutes.structureByClient, { token: admin, params: { client: acme.client._id }, query: { kind: 'adm' } });
    let root = roots.body.result?.find((d: Body) => d.parent === null)?._id;
    if (!root) root = (await t.call(structureRoutes.structureCreate, { token: admin, body: { kind: 'adm', name: 'Acme' } })).body.result._id;
    const sales = await t.call(structureRoutes.structureCreate, { token: admin, body: { kind: 'adm', name: 'Sales', parent: root } });
    assert.equal(sales.status, 200, JSON.stringify(sales.body));
    const team = await t.call(structureRoutes.structureCreate, { token: admin, body: { kind: 'adm', name: 'Sales East', parent: sales.body.result._id } });
    const setHead = (dept: string, headUser: string) => t.call(structureRoutes.deptUsersUpdate, { token: admin, body: { dept_id: dept, headUser } });
    assert.equal((await setHead(root, p3.id)).status, 200);
    const add = await t.call(structureRoutes.deptUsersAdd, {
      token: admin,
      params: { client: acme.client._id, dept: team.body.result._id },
      body: { users: [lone.id] },
    });
    assert.equal(add.status, 200, JSON.stringify(add.body));
    const chiefOfLone = async () => {
      const r = await start(lone.token, { bp: id });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result.steps[1].performers;
    };
    assert.deepEqual(await chiefOfLone(), [p3.id], 'no head in Sales East or Sales: the root head');
    assert.equal((await setHead(sales.body.result._id, chief.id)).status, 200);
    assert.deepEqual(await chiefOfLone(), [chief.id], 'the nearest ancestor with a head');
    assert.equal((await setHead(team.body.result._id, lone.id)).status, 200);
    assert.deepEqual(await chiefOfLone(), [chief.id], 'a head is not their own chief: the next head up');
    assert.equal((await setHead(team.body.result._id, p1.id)).status, 200);
    assert.deepEqual(await chiefOfLone(), [p1.id], "the head of the initiator's own department");
    // Overdue: a request past its due date is marked once and raises one event.
    const ok = await start(initiator.token, { bp: id });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    await t.db.asSystem('test: move a due date into the past', async (tx) => {
      const { sql } = await import('drizzle-orm');
      await tx.execute(sql`UPDATE bp.requests SET due_at = now() - interval '1 hour' WHERE id = ${ok.body.result._id}`);
    });
    const seen = await t.call(bpRoutes.request, { token: initiator.token, params: { id: ok.body.result._id } });
    assert.equal(seen.body.result.overdue, true, 'shown overdue as soon as it is past due');
    // The service's periodic scan (bp.internal.scanOverdue) raises it once, even when two replicas scan at once.
    const scan = () => ask(t.portal.platform.bus, bpSubjects.scanOverdue, systemContext(null), {});
    // (The counts are of every client's requests in the database; the event and history of this one are what count.)
    await Promise.all([scan(), scan()]);
    await scan();
    await t.call(bpRoutes.runned, { token: initiator.token, params: { user: initiator.id } });
    // The event is written in the transaction that marks the request, so one history entry means one event.
    await eventuallyPasses(() =>
      assert.equal(events.filter((e) => e.subject === 'evt.bp.request.overdue' && (e.data as Body).requestId === ok.body.result._id).length, 1),
    );
    const after = await t.call(bpRoutes.request, { token: initiator.token, params: { id: ok.body.result._id } });
    assert.deepEqual(after.body.result.history.filter((h: Body) => h.action === 'overdue').length, 1);
  });

  it('the rights tab (issue 29 §18): for-all or chosen people and departments, enforced on start; people of the client only', async () => {
    const made = await create({ name: 'Parking', description: 'A parking place', group, steps: steps().slice(0, 2) });
    const id = made.body.result._id;
    const rights = (body: Record<string, unknown>) => t.call(bpRoutes.update, { token: acme.adminToken, params: { id }, body });
    // Someone of another client is refused with the §5 text and nothing changes.
    const foreign = await rights({ for_all: false, users: [stranger.id] });
    assert.equal(foreign.status, 400);
    assert.deepEqual(codes(foreign.body), ['users.0:bpUserNotInClient']);
    const kept = await t.call(bpRoutes.get, { token: acme.adminToken, params: { id } });
    assert.equal(kept.body.result.for_all, true);
    assert.deepEqual(kept.body.result.users, []);
    // Only p1 by name and the Sales department by name may start it now; anyone else is refused with bpNotAllowed.
    const set = await rights({ for_all: false, users: [p1.id], departments: ['Sales'] });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual([set.body.result.for_all, set.body.result.users, set.body.result.departments], [false, [p1.id], ['Sales']]);
    assert.equal((await t.call(bpRoutes.get, { token: p1.token, params: { id } })).status, 200);
    assert.equal((await t.call(bpRoutes.get, { token: initiator.token, params: { id } })).status, 200, 'Sales');
    const p2get = await t.call(bpRoutes.get, { token: p2.token, params: { id } });
    assert.equal(p2get.status, 403);
    assert.equal(p2get.body.code, BP_CODES.notAllowed);
    const p2start = await start(p2.token, { bp: id, values: okValues });
    assert.equal(p2start.status, 403);
    assert.equal(p2start.body.code, BP_CODES.notAllowed);
    // Back to everyone: p2 may start it.
    assert.equal((await rights({ for_all: true })).status, 200);
    assert.equal((await t.call(bpRoutes.get, { token: p2.token, params: { id } })).status, 200);
  });

  it('GET api/service/byArticle/{id}: the services an article describes that the caller may start', async () => {
    // A real article of the client: another client's or a made-up id is refused (issue 38 §6).
    const made = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Badges', content: 'How to get a badge' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const article: string = made.body.result._id;
    const open = await create({ name: 'Badge', description: 'd', group, article, steps: steps().slice(0, 2) });
    assert.equal(open.status, 200, JSON.stringify(open.body));
    assert.equal(open.body.result.article, article);
    const closed = await create({ name: 'Archive access', description: 'd', group, article, for_all: false, users: [p2.id], steps: steps().slice(0, 2) });
    await create({ name: 'Unlinked', description: 'd', group, steps: steps().slice(0, 2) });
    const names = async (token: string, id = article) => {
      const r = await t.call(bpRoutes.byArticle, { token, params: { id } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result.map((x: Body) => x.name);
    };
    assert.deepEqual(await names(p1.token), ['Badge']);
    assert.deepEqual(await names(p2.token), ['Archive access', 'Badge']);
    assert.deepEqual(await names(acme.adminToken), ['Archive access', 'Badge']);
    // An article the caller reads that no service names is not an error (issue 29 §24: the article page asked on
    // every view and logged a 404): 200 with an empty list.
    const bare = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Lunch', content: 'Where to eat' } });
    const plain = await t.call(bpRoutes.byArticle, { token: p1.token, params: { id: bare.body.result._id } });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.deepEqual(plain.body.result, []);
    // Another client's article, or none at all: 404 (no answer tells another client's ids apart).
    assert.equal((await t.call(bpRoutes.byArticle, { token: stranger.token, params: { id: article } })).status, 404);
    assert.equal((await t.call(bpRoutes.byArticle, { token: p1.token, params: { id: '0195e2a0-0000-7000-8000-00000000b0b0' } })).status, 404);
    const unlink = await t.call(bpRoutes.update, { token: acme.adminToken, params: { id: closed.body.result._id }, body: { article: null } });
    assert.equal(unlink.body.result.article, null);
    assert.deepEqual(await names(p2.token), ['Badge']);
    assert.equal((await t.call(bpRoutes.byArticle, { token: p1.token, params: { id: 'nope' } })).status, 400);
  });

  it('POST api/user/send_service_req: an employee asks for a service; administrators read the list', async () => {
    const before = events.length;
    const empty = await t.call(bpRoutes.sendServiceReq, { token: p1.token, body: { text: '  ' } });
    assert.equal(empty.status, 400);
    const s = await create({ name: 'Parking', description: 'd', group, for_all: false, steps: steps().slice(0, 2) });
    const ask = await t.call(bpRoutes.sendServiceReq, { token: p1.token, body: { text: 'May I use Parking?', bp: s.body.result._id } });
    assert.equal(ask.status, 200, JSON.stringify(ask.body));
    assert.equal(ask.body.result.author, p1.id);
    const none = await t.call(bpRoutes.sendServiceReq, { token: p2.token, body: { text: 'A service to order a taxi, please' } });
    assert.equal(none.body.result.bp, null);
    assert.equal((await t.call(bpRoutes.sendServiceReq, { token: stranger.token, body: { text: 'x', bp: s.body.result._id } })).status, 404);
    assert.equal((await t.call(bpRoutes.serviceReqs, { token: p1.token })).status, 403);
    const list = await t.call(bpRoutes.serviceReqs, { token: acme.adminToken, query: { limit: '1' } });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.result.total, 2);
    assert.deepEqual(
      list.body.result.items.map((x: Body) => x.text),
      ['A service to order a taxi, please'],
    );
    assert.equal((await t.call(bpRoutes.serviceReqs, { token: other.adminToken })).body.result.total, 0);
    await eventuallyPasses(() => assert.equal(events.slice(before).filter((e) => e.subject === 'evt.bp.service_req.sent').length, 2));
  });

  it('file fields: only a file the requester uploaded; shown with a download URL', async () => {
    const inject = (o: Record<string, unknown>) => t.portal.app.getHttpAdapter().getInstance().inject(o);
    const uploadAs = async (token: string, name: string) => {
      const body = multipart([{ name, data: Buffer.from(`content of ${name}`) }]);
      const up = await inject({
        method: 'POST',
        url: '/api/upload?kind=file',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      assert.equal(up.statusCode, 200, up.body);
      return up.json().results[0].key as string;
    };
    const s = await create({
      name: 'Expenses',
      description: 'd',
      group,
      steps: [
        { name: 'Receipt', fields: [{ _id: 'scan', name: 'Scan', type: 'file', required: true }], performers: [] },
        { name: 'Check', fields: [{ _id: 'ok', name: 'Stamped copy', type: 'file' }], performers: [{ kind: 'employee', users: [p1.id] }] },
      ],
    });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const bp = s.body.result._id;
    const mine = await uploadAs(initiator.token, 'receipt.pdf');
    const theirs = await uploadAs(p2.token, 'other.pdf');
    const foreign = await uploadAs(stranger.token, 'foreign.pdf');
    const bad = async (values: Record<string, unknown>, code: string) => {
      const r = await start(initiator.token, { bp, values });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.deepEqual(codes(r.body), [`values.scan:${code}`]);
    };
    await bad({ scan: 'not-a-key' }, BP_CODES.invalidValue);
    await bad({ scan: foreign }, BP_CODES.fileNotOwn);
    await bad({ scan: `${acme.client._id}/file/0195e2a0-0000-7000-8000-000000000000/missing.pdf` }, BP_CODES.fileNotOwn);
    const r = await start(initiator.token, { bp, values: { scan: mine } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.result.files[mine], /^\/api\/files\//);
    const dl = await inject({ method: 'GET', url: r.body.result.files[mine] });
    assert.equal(dl.statusCode, 200);
    assert.equal(dl.body, 'content of receipt.pdf');
    // Attached: nobody else may attach that key now (the performer p1 sees it in the request).
    const reuse = await pass(p1.token, r.body.result._id, { decision: 'accept', values: { ok: mine } });
    assert.equal(reuse.status, 400);
    assert.deepEqual(codes(reuse.body), [`values.ok:${BP_CODES.fileNotOwn}`]);
    const own = await uploadAs(p1.token, 'stamped.pdf');
    const done = await pass(p1.token, r.body.result._id, { decision: 'accept', values: { ok: own } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual(Object.keys(done.body.result.files).sort(), [mine, own].sort());
    // The initiator may reuse their own attached file (a template of this request does).
    const again = await start(initiator.token, { bp, values: { scan: mine } });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.ok(theirs.startsWith(`${acme.client._id}/file/`));
  });

  it("GET api/bp/{id}/requests: the administrators' requests tab, paged, running or finished", async () => {
    const s = await create({ name: 'Laptop', description: 'd', group, steps: steps().slice(0, 2) });
    const bp = s.body.result._id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await start(initiator.token, { bp, values: { ...okValues, title: `Laptop ${i}` } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      ids.push(r.body.result._id);
    }
    const done = await pass(chief.token, ids[0]!, { decision: 'decline', reason: 'No budget' });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const list = (query: Record<string, string>, token = acme.adminToken) => t.call(bpRoutes.serviceRequests, { token, params: { id: bp }, query });
    const p1st = await list({ limit: '2' });
    assert.equal(p1st.status, 200, JSON.stringify(p1st.body));
    assert.equal(p1st.body.result.total, 3);
    assert.deepEqual(
      p1st.body.result.requests.map((r: Body) => r._id),
      [ids[2], ids[1]],
    );
    assert.deepEqual(
      (await list({ limit: '2', page: '2' })).body.result.requests.map((r: Body) => r._id),
      [ids[0]],
    );
    assert.deepEqual(
      (await list({ finished: '1' })).body.result.requests.map((r: Body) => r._id),
      [ids[0]],
    );
    assert.equal((await list({ finished: '0' })).body.result.total, 2);
    assert.equal((await list({}, initiator.token)).status, 403);
    assert.equal((await list({}, other.adminToken)).status, 404);
  });

  it('GET api/bp/runned as=performer: requests to me from every step (start and pass_step), newest first, paged, filtered', async () => {
    const s = await create({ name: 'Cards for two', description: 'd', group, steps: steps().slice(0, 3) });
    const bp = s.body.result._id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await start(initiator.token, { bp, values: { ...okValues, title: `Cards ${i}` } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      ids.push(r.body.result._id);
    }
    assert.equal((await pass(chief.token, ids[0]!, { decision: 'accept', values: { budget: 5 } })).status, 200);
    assert.equal((await pass(chief.token, ids[1]!, { decision: 'decline', reason: 'No' })).status, 200);
    const toMe = async (who: Person, query: Record<string, string> = {}) => {
      const res = await t.call(bpRoutes.runned, { token: who.token, params: { user: who.id }, query: { as: 'performer', bp, ...query } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return { ids: res.body.result.requests.map((x: Body) => x._id as string), total: res.body.result.total as number };
    };
    assert.deepEqual(await toMe(chief), { ids: [ids[2], ids[1], ids[0]], total: 3 });
    assert.deepEqual(await toMe(chief, { limit: '2', page: '2' }), { ids: [ids[0]], total: 3 });
    assert.deepEqual(await toMe(chief, { finished: '0' }), { ids: [ids[2], ids[0]], total: 2 });
    assert.deepEqual(await toMe(chief, { finished: '1' }), { ids: [ids[1]], total: 1 });
    assert.deepEqual(await toMe(chief, { from: '2000-01-01' }), { ids: [ids[2], ids[1], ids[0]], total: 3 });
    assert.deepEqual(await toMe(chief, { to: '2000-01-01' }), { ids: [], total: 0 });
    // Assigned by pass_step: the next step's performer; the initiator is not a performer of their own requests here.
    assert.deepEqual(await toMe(p1), { ids: [ids[0]], total: 1 });
    assert.deepEqual(await toMe(initiator), { ids: [], total: 0 });
    // An administrator reads someone's list; a full request comes with it.
    const byAdmin = await t.call(bpRoutes.runned, { token: acme.adminToken, params: { user: p1.id }, query: { as: 'performer', bp } });
    assert.equal(byAdmin.body.result.requests[0].name, 'Cards for two');
  });

  it('isolation: another client reads, edits and passes nothing of this one', async () => {
    const s = await create({ name: 'Private', description: 'Secret service', group, steps: steps().slice(0, 2) });
    const id = s.body.result._id;
    const r = await start(initiator.token, { bp: id, values: okValues });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const o = other.adminToken;
    const statuses = [
      (await t.call(bpRoutes.get, { token: o, params: { id } })).status,
      (await t.call(bpRoutes.update, { token: o, params: { id }, body: { name: 'Taken' } })).status,
      (await t.call(bpRoutes.remove, { token: o, params: { id } })).status,
      (await t.call(bpRoutes.stepAdd, { token: o, params: { bp: id }, body: { name: 's', performers: [{ kind: 'initiator' }] } })).status,
      (await t.call(bpRoutes.byClient, { token: o, params: { client: acme.client._id }, query: {} })).status,
      (await t.call(bpRoutes.tmpls, { token: o, params: { client: acme.client._id } })).status,
      (await t.call(bpRoutes.request, { token: o, params: { id: r.body.result._id } })).status,
      (await pass(o, r.body.result._id, { decision: 'accept', values: { budget: 1 } })).status,
      (await t.call(bpRoutes.convert, { token: o, params: { id: r.body.result._id }, body: {} })).status,
      (await t.call(bpRoutes.comment, { token: o, params: { id: r.body.result._id }, body: { text: 'x' } })).status,
      (await t.call(bpRoutes.groupUpdate, { token: o, body: { _id: group, name: 'x' } })).status,
      (await start(stranger.token, { bp: id, values: okValues })).status,
    ];
    assert.deepEqual(statuses, Array(statuses.length).fill(404));
    const theirs = await t.call(bpRoutes.runned, { token: o, params: { user: initiator.id } });
    assert.equal(theirs.status, 404);
    assert.equal((await t.call(bpRoutes.groupList, { token: o })).body.result.length, 0);
    assert.equal((await t.call(bpRoutes.get, { token: acme.adminToken, params: { id } })).body.result.name, 'Private');
  });
});
