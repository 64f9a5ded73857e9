import { kbRoutes } from '@intranet/kb-contract';
import { sharedPortal } from '@intranet/portal-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { BP_CODES, bpRoutes, bpSubjects } from '@intranet/bp-contract';
import { structureRoutes } from '@intranet/people-contract/structure';
import { ask, systemContext } from '@intranet/platform-bus';
import { eventuallyPasses } from '@intranet/platform-testing';
import { codes, servicesWorld, type Body, type ServicesWorld } from './world.ts';

/**
 * Service groups, the §5 limits with their codes, who may start a service (users, departments, the rights tab, the direct chief from the structure, overdue raised once), the services an article describes, and service requests; another client reads, edits and passes nothing of this one; through the real gateway and bus (PostgreSQL + NATS when set, else PGlite).
 */
describe("services and groups (§7 Services, §5 Service): groups, the §5 limits, access and rights, an article's services, service requests, isolation", () => {
  let w: ServicesWorld;
  // Starting the portal and its people takes long on a busy machine: the hook gets the specs' own 5 minutes.
  beforeAll(async () => {
    w = await servicesWorld(sharedPortal, 's');
  }, 300_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('service groups: admins write, employees read; a group with services is kept', async () => {
    const { t, acme, p1, group, steps, create } = w;
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
    await t.call(bpRoutes.serviceDelete, { token: acme.adminToken, params: { id: s.body.result._id } });
  });

  it('§5 limits refused by the server with stable codes', async () => {
    const { t, acme, chief, initiator, p1, p2, p3, stranger, group, create, start } = w;
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

  it('access by users and departments; the direct chief from the structure; overdue raised once', async () => {
    const { t, acme, chief, initiator, p1, p3, events, group, person, create, start } = w;
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
    assert.equal((await t.call(bpRoutes.serviceGet, { token: p1.token, params: { id } })).body.code, BP_CODES.notAllowed);
    assert.equal((await start(p1.token, { bp: id })).status, 403);
    const cat = await t.call(bpRoutes.groupByClient, { token: p1.token, params: { client: acme.client._id }, query: {} });
    assert.ok(!JSON.stringify(cat.body.result).includes('Sales only'));
    const catSales = await t.call(bpRoutes.groupByClient, { token: initiator.token, params: { client: acme.client._id }, query: { search: 'sales' } });
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
    const seen = await t.call(bpRoutes.requestGet, { token: initiator.token, params: { id: ok.body.result._id } });
    assert.equal(seen.body.result.overdue, true, 'shown overdue as soon as it is past due');
    // The service's periodic scan (bp.internal.scanOverdue) raises it once, even when two replicas scan at once.
    const scan = () => ask(t.portal.platform.bus, bpSubjects.scanOverdue, systemContext(null), {});
    // (The counts are of every client's requests in the database; the event and history of this one are what count.)
    await Promise.all([scan(), scan()]);
    await scan();
    await t.call(bpRoutes.requestByUser, { token: initiator.token, params: { user: initiator.id } });
    // The event is written in the transaction that marks the request, so one history entry means one event.
    await eventuallyPasses(() =>
      assert.equal(events.filter((e) => e.subject === 'evt.bp.request.overdue' && (e.data as Body).requestId === ok.body.result._id).length, 1),
    );
    const after = await t.call(bpRoutes.requestGet, { token: initiator.token, params: { id: ok.body.result._id } });
    assert.deepEqual(after.body.result.history.filter((h: Body) => h.action === 'overdue').length, 1);
  });

  it('the rights tab (issue 29 §18): for-all or chosen people and departments, enforced on start; people of the client only', async () => {
    const { t, acme, initiator, p1, p2, stranger, group, steps, create, start, okValues } = w;
    const made = await create({ name: 'Parking', description: 'A parking place', group, steps: steps().slice(0, 2) });
    const id = made.body.result._id;
    const rights = (body: Record<string, unknown>) => t.call(bpRoutes.serviceUpdate, { token: acme.adminToken, params: { id }, body });
    // Someone of another client is refused with the §5 text and nothing changes.
    const foreign = await rights({ for_all: false, users: [stranger.id] });
    assert.equal(foreign.status, 400);
    assert.deepEqual(codes(foreign.body), ['users.0:bpUserNotInClient']);
    const kept = await t.call(bpRoutes.serviceGet, { token: acme.adminToken, params: { id } });
    assert.equal(kept.body.result.for_all, true);
    assert.deepEqual(kept.body.result.users, []);
    // Only p1 by name and the Sales department by name may start it now; anyone else is refused with bpNotAllowed.
    const set = await rights({ for_all: false, users: [p1.id], departments: ['Sales'] });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual([set.body.result.for_all, set.body.result.users, set.body.result.departments], [false, [p1.id], ['Sales']]);
    assert.equal((await t.call(bpRoutes.serviceGet, { token: p1.token, params: { id } })).status, 200);
    assert.equal((await t.call(bpRoutes.serviceGet, { token: initiator.token, params: { id } })).status, 200, 'Sales');
    const p2get = await t.call(bpRoutes.serviceGet, { token: p2.token, params: { id } });
    assert.equal(p2get.status, 403);
    assert.equal(p2get.body.code, BP_CODES.notAllowed);
    const p2start = await start(p2.token, { bp: id, values: okValues });
    assert.equal(p2start.status, 403);
    assert.equal(p2start.body.code, BP_CODES.notAllowed);
    // Back to everyone: p2 may start it.
    assert.equal((await rights({ for_all: true })).status, 200);
    assert.equal((await t.call(bpRoutes.serviceGet, { token: p2.token, params: { id } })).status, 200);
  });

  it('GET api/service/byArticle/{id}: the services an article describes that the caller may start', async () => {
    const { t, acme, p1, p2, stranger, group, steps, create } = w;
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
      const r = await t.call(bpRoutes.serviceByArticle, { token, params: { id } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result.map((x: Body) => x.name);
    };
    assert.deepEqual(await names(p1.token), ['Badge']);
    assert.deepEqual(await names(p2.token), ['Archive access', 'Badge']);
    assert.deepEqual(await names(acme.adminToken), ['Archive access', 'Badge']);
    // An article the caller reads that no service names is not an error (issue 29 §24: the article page asked on
    // every view and logged a 404): 200 with an empty list.
    const bare = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Lunch', content: 'Where to eat' } });
    const plain = await t.call(bpRoutes.serviceByArticle, { token: p1.token, params: { id: bare.body.result._id } });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.deepEqual(plain.body.result, []);
    // Another client's article, or none at all: 404 (no answer tells another client's ids apart).
    assert.equal((await t.call(bpRoutes.serviceByArticle, { token: stranger.token, params: { id: article } })).status, 404);
    assert.equal((await t.call(bpRoutes.serviceByArticle, { token: p1.token, params: { id: '0195e2a0-0000-7000-8000-00000000b0b0' } })).status, 404);
    const unlink = await t.call(bpRoutes.serviceUpdate, { token: acme.adminToken, params: { id: closed.body.result._id }, body: { article: null } });
    assert.equal(unlink.body.result.article, null);
    assert.deepEqual(await names(p2.token), ['Badge']);
    assert.equal((await t.call(bpRoutes.serviceByArticle, { token: p1.token, params: { id: 'nope' } })).status, 400);
  });

  it('POST api/user/send_service_req: an employee asks for a service; administrators read the list', async () => {
    const { t, acme, other, p1, p2, stranger, events, group, steps, create } = w;
    const before = events.length;
    const empty = await t.call(bpRoutes.serviceReqSend, { token: p1.token, body: { text: '  ' } });
    assert.equal(empty.status, 400);
    const s = await create({ name: 'Parking', description: 'd', group, for_all: false, steps: steps().slice(0, 2) });
    const ask = await t.call(bpRoutes.serviceReqSend, { token: p1.token, body: { text: 'May I use Parking?', bp: s.body.result._id } });
    assert.equal(ask.status, 200, JSON.stringify(ask.body));
    assert.equal(ask.body.result.author, p1.id);
    const none = await t.call(bpRoutes.serviceReqSend, { token: p2.token, body: { text: 'A service to order a taxi, please' } });
    assert.equal(none.body.result.bp, null);
    assert.equal((await t.call(bpRoutes.serviceReqSend, { token: stranger.token, body: { text: 'x', bp: s.body.result._id } })).status, 404);
    assert.equal((await t.call(bpRoutes.serviceReqList, { token: p1.token })).status, 403);
    const list = await t.call(bpRoutes.serviceReqList, { token: acme.adminToken, query: { limit: '1' } });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.result.total, 2);
    assert.deepEqual(
      list.body.result.items.map((x: Body) => x.text),
      ['A service to order a taxi, please'],
    );
    assert.equal((await t.call(bpRoutes.serviceReqList, { token: other.adminToken })).body.result.total, 0);
    await eventuallyPasses(() => assert.equal(events.slice(before).filter((e) => e.subject === 'evt.bp.service_req.sent').length, 2));
  });

  it('isolation: another client reads, edits and passes nothing of this one', async () => {
    const { t, acme, other, initiator, stranger, group, steps, create, start, pass, okValues } = w;
    const s = await create({ name: 'Private', description: 'Secret service', group, steps: steps().slice(0, 2) });
    const id = s.body.result._id;
    const r = await start(initiator.token, { bp: id, values: okValues });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const o = other.adminToken;
    const statuses = [
      (await t.call(bpRoutes.serviceGet, { token: o, params: { id } })).status,
      (await t.call(bpRoutes.serviceUpdate, { token: o, params: { id }, body: { name: 'Taken' } })).status,
      (await t.call(bpRoutes.serviceDelete, { token: o, params: { id } })).status,
      (await t.call(bpRoutes.stepAdd, { token: o, params: { bp: id }, body: { name: 's', performers: [{ kind: 'initiator' }] } })).status,
      (await t.call(bpRoutes.groupByClient, { token: o, params: { client: acme.client._id }, query: {} })).status,
      (await t.call(bpRoutes.templateList, { token: o, params: { client: acme.client._id } })).status,
      (await t.call(bpRoutes.requestGet, { token: o, params: { id: r.body.result._id } })).status,
      (await pass(o, r.body.result._id, { decision: 'accept', values: { budget: 1 } })).status,
      (await t.call(bpRoutes.requestConvert, { token: o, params: { id: r.body.result._id }, body: {} })).status,
      (await t.call(bpRoutes.requestComment, { token: o, params: { id: r.body.result._id }, body: { text: 'x' } })).status,
      (await t.call(bpRoutes.groupUpdate, { token: o, body: { _id: group, name: 'x' } })).status,
      (await start(stranger.token, { bp: id, values: okValues })).status,
    ];
    assert.deepEqual(statuses, Array(statuses.length).fill(404));
    const theirs = await t.call(bpRoutes.requestByUser, { token: o, params: { user: initiator.id } });
    assert.equal(theirs.status, 404);
    assert.equal((await t.call(bpRoutes.groupList, { token: o })).body.result.length, 0);
    assert.equal((await t.call(bpRoutes.serviceGet, { token: acme.adminToken, params: { id } })).body.result.name, 'Private');
  });
});
