import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** The generated adaptation routes through the real gateway and bus (PostgreSQL + NATS when set, else PGlite). */
describe('adaptation (§7 Adaptation)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await testPortal();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an admin creates and lists items; §5 text for an empty name; another client sees and deletes none of them', async () => {
    const a = await t.makeClient('adaptationa');
    const b = await t.makeClient('adaptationb');
    const made = await t.call(adaptationRoutes.itemCreate, { token: a.adminToken, body: { name: 'First' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.result.name, 'First');
    const bad = await t.call(adaptationRoutes.itemCreate, { token: a.adminToken, body: { name: ' ' } });
    assert.equal(bad.status, 400);
    assert.equal((await t.call(adaptationRoutes.itemList, { token: a.adminToken })).body.result.total, 1);
    assert.equal((await t.call(adaptationRoutes.itemList, { token: b.adminToken })).body.result.total, 0);
    // Row-level security hides another client's item: 404, as for one that does not exist.
    const foreign = await t.call(adaptationRoutes.itemRemove, { token: b.adminToken, params: { id: made.body.result._id } });
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
    assert.equal((await t.call(adaptationRoutes.itemList, { token: a.adminToken })).body.result.total, 1);
  });

  it("takes part in a workspace's whole life (issue 36): counted, cloned with new ids, fully deleted", async () => {
    const c = await t.makeClient('adaptationlife');
    assert.equal((await t.call(adaptationRoutes.itemCreate, { token: c.adminToken, body: { name: 'Kept' } })).status, 200);
    const stat = await t.call(clientLifecycleRoutes.clientStat, { token: c.superToken, params: { id: c.client._id } });
    assert.equal(stat.status, 200);
    const mine = stat.body.result.domains['adaptation'] as Record<string, number>;
    assert.equal(
      Object.values(mine).reduce((a, n) => a + n, 0),
      1,
    );
    const copy = await t.call(clientLifecycleRoutes.clientClone, {
      token: c.superToken,
      params: { old: c.client._id, workspace: 'adaptationcopy' },
      body: { name: 'Copy' },
    });
    assert.equal(copy.status, 200, JSON.stringify(copy.body));
    const copied = await t.call(clientLifecycleRoutes.clientStat, { token: c.superToken, params: { id: copy.body.result._id } });
    assert.deepEqual(copied.body.result.domains['adaptation'], mine);
    assert.equal((await t.call(clientLifecycleRoutes.clientFullDelete, { token: c.superToken, params: { id: copy.body.result._id } })).status, 200);
    const left = await t.call(clientLifecycleRoutes.clientStat, { token: c.superToken, params: { id: c.client._id } });
    assert.deepEqual(left.body.result.domains['adaptation'], mine);
  });
});
