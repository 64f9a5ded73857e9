import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { bpRoutes } from '@intranet/bp-contract';
import { servicesWorld, type ServicesWorld } from './world.ts';

/**
 * Another client reads, edits and passes nothing of this one, through the real gateway and bus (PostgreSQL + NATS when set, else PGlite).
 */
describe('services isolation between clients (§7 Services)', () => {
  let w: ServicesWorld;
  beforeAll(async () => {
    w = await servicesWorld();
  });
  afterAll(async () => {
    await w?.t.close();
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
