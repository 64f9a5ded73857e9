import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { BP_CODES, BP_TEXT, bpRoutes } from '@intranet/bp-contract';
import { structureRoutes } from '@intranet/people-contract/structure';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/**
 * Issue 29 §2: a service's "direct chief" step when the company built only the organisational structure (the tab
 * /structure_new opens on): people's look-up falls back from the administrative structure to the organisational one
 * (then chiefCode), and without any chief the error tells the user what to do.
 */
describe('the direct chief of a service step from the organisational structure (issue 29 §2)', () => {
  let t: TestPortal;
  let acme: Client;
  let service: string;

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('bporgchief');
    const group = (await t.call(bpRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Office' } })).body.result._id;
    const s = await t.call(bpRoutes.serviceCreate, {
      token: acme.adminToken,
      body: {
        name: 'Business cards',
        description: 'd',
        group,
        steps: [
          { name: 'Ask', fields: [], performers: [{ kind: 'initiator' }] },
          { name: 'Chief approves', fields: [], performers: [{ kind: 'chief' }] },
        ],
      },
    });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    service = s.body.result._id;
  });
  afterAll(() => t.close());

  it('without a head anywhere the request is refused with a text that says what to do', async () => {
    const lone = await t.makeEmployee(acme.adminToken, 'lone@bporgchief.test');
    const res = await t.call(bpRoutes.requestStart, { token: lone.token, body: { bp: service } });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, BP_CODES.chiefNotFound);
    assert.equal(res.body.message, 'The direct chief was not found: ask an administrator to set a head for your department in Structure');
    assert.equal(BP_TEXT.chiefNotFound, res.body.message);
  });

  it('a head set only in the organisational structure is the direct chief', async () => {
    const head = await t.makeEmployee(acme.adminToken, 'head@bporgchief.test');
    const member = await t.makeEmployee(acme.adminToken, 'member@bporgchief.test');
    const admin = acme.adminToken;
    const root = (await t.call(structureRoutes.structureCreate, { token: admin, body: { kind: 'org', name: 'Org chief co' } })).body.result._id;
    const design = (await t.call(structureRoutes.structureCreate, { token: admin, body: { kind: 'org', name: 'Design', parent: root } })).body.result._id;
    const add = await t.call(structureRoutes.deptUsersAdd, {
      token: admin,
      params: { client: acme.client._id, dept: design },
      body: { users: [head.user._id, member.user._id] },
    });
    assert.equal(add.status, 200, JSON.stringify(add.body));
    assert.equal((await t.call(structureRoutes.deptUsersUpdate, { token: admin, body: { dept_id: design, headUser: head.user._id } })).status, 200);
    const res = await t.call(bpRoutes.requestStart, { token: member.token, body: { bp: service } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.result.steps[1].performers, [head.user._id]);
  });
});
