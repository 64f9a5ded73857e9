import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { BP_CODES, bpRoutes, type BpRequest, type Service } from '@intranet/bp-contract';
import { eventuallyPasses } from '@intranet/platform-testing';
import { multipart, sharedPortal } from '@intranet/portal-testing';
import { codes, servicesWorld, type Body, type Person, type ServicesWorld } from './world.ts';

/**
 * A process with the direct chief, a chosen employee and several employees (decline with and without a reason, a non-performer refused, editing a service while a request runs, templates), file fields, a service's requests and a user's requests as performer, through the real gateway and bus (PostgreSQL + NATS when set, else PGlite).
 */
describe('requests (§4 Business process, §7 Services): a 4-step process, file fields, the requests tab, requests to me', () => {
  let w: ServicesWorld;
  // Starting the portal and its people takes long on a busy machine: the hook gets the specs' own 5 minutes.
  beforeAll(async () => {
    w = await servicesWorld(sharedPortal, 'r');
  }, 300_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('a 4-step process: chief, a chosen employee, several employees (review); decline needs a reason; non-performers refused; edits do not touch it', async () => {
    const { t, acme, chief, initiator, p1, p2, p3, stranger, events, group, person, steps, create, start, pass, okValues } = w;
    const made = await create({ name: 'Business card', description: 'Order cards', group, days_limit: 3, department: 'Office', steps: steps() });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const svc: Service = made.body.result;
    assert.equal(svc.type, 'multi');
    // §5 "string field up to 50 symbols" (issue 29 §14): 51 symbols are refused with the text, never cut, nothing stored.
    const myTotal = async () => (await t.call(bpRoutes.requestByUser, { token: initiator.token, params: { user: initiator.id } })).body.result.total;
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
    const only = await t.call(bpRoutes.serviceUpdate, { token: acme.adminToken, params: { id: svc._id }, body: { steps: edited.body.result.steps } });
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
    const commented = await t.call(bpRoutes.requestComment, { token: p2.token, params: { id: r._id }, body: { text: 'Printed, thanks' } });
    assert.equal(commented.status, 200, JSON.stringify(commented.body));
    assert.deepEqual(
      commented.body.result.comments.map((c: Body) => [c.user, c.text]),
      [[p2.id, 'Printed, thanks']],
    );
    assert.equal((await t.call(bpRoutes.requestComment, { token: chief.token, params: { id: r._id }, body: { text: ' ' } })).status, 400);
    const outsider = await person(acme, 'outsider@bpacme.test');
    assert.equal((await t.call(bpRoutes.requestComment, { token: outsider.token, params: { id: r._id }, body: { text: 'Hi' } })).status, 403);

    // Lists: my requests, requests to me, finished filter.
    const mine = await t.call(bpRoutes.requestByUser, { token: initiator.token, params: { user: initiator.id }, query: { finished: '1' } });
    assert.equal(mine.body.result.total, 1);
    const toMe = await t.call(bpRoutes.requestByUser, { token: p1.token, params: { user: p1.id }, query: { as: 'performer' } });
    assert.deepEqual(
      toMe.body.result.requests.map((x: Body) => x._id),
      [r._id],
    );
    assert.equal((await t.call(bpRoutes.requestByUser, { token: p1.token, params: { user: initiator.id } })).status, 403);
    assert.equal((await t.call(bpRoutes.requestGet, { token: stranger.token, params: { id: r._id } })).status, 404);

    // A template from the finished request starts the next one with its values.
    assert.equal((await t.call(bpRoutes.requestConvert, { token: p1.token, params: { id: r._id }, body: {} })).status, 403);
    const tmpl = await t.call(bpRoutes.requestConvert, { token: initiator.token, params: { id: r._id }, body: { name: 'My cards' } });
    assert.equal(tmpl.status, 200, JSON.stringify(tmpl.body));
    const list = await t.call(bpRoutes.templateList, { token: initiator.token, params: { client: acme.client._id } });
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
    assert.equal((await t.call(bpRoutes.requestConvert, { token: initiator.token, params: { id: r2._id }, body: {} })).body.code, BP_CODES.notFinished);
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

  it('file fields: only a file the requester uploaded; shown with a download URL', async () => {
    const { t, acme, initiator, p1, p2, stranger, group, create, start, pass } = w;
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
    const { t, acme, other, chief, initiator, group, steps, create, start, pass, okValues } = w;
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
    const list = (query: Record<string, string>, token = acme.adminToken) => t.call(bpRoutes.requestByService, { token, params: { id: bp }, query });
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
    const { t, acme, chief, initiator, p1, group, steps, create, start, pass, okValues } = w;
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
      const res = await t.call(bpRoutes.requestByUser, { token: who.token, params: { user: who.id }, query: { as: 'performer', bp, ...query } });
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
    const byAdmin = await t.call(bpRoutes.requestByUser, { token: acme.adminToken, params: { user: p1.id }, query: { as: 'performer', bp } });
    assert.equal(byAdmin.body.result.requests[0].name, 'Cards for two');
  });
});
