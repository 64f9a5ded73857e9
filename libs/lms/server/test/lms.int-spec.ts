import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { lmsRoutes } from '@intranet/lms-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** The generated lms routes through the real gateway and bus (PostgreSQL + NATS when set, else PGlite). */
describe('lms (§7 Lms)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await testPortal();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an admin creates and lists items; §5 text for an empty name; another client sees and deletes none of them', async () => {
    const a = await t.makeClient('lmsa');
    const b = await t.makeClient('lmsb');
    const made = await t.call(lmsRoutes.itemCreate, { token: a.adminToken, body: { name: 'First' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.result.name, 'First');
    const bad = await t.call(lmsRoutes.itemCreate, { token: a.adminToken, body: { name: ' ' } });
    assert.equal(bad.status, 400);
    assert.equal((await t.call(lmsRoutes.itemList, { token: a.adminToken })).body.result.total, 1);
    assert.equal((await t.call(lmsRoutes.itemList, { token: b.adminToken })).body.result.total, 0);
    // Row-level security hides another client's item: 404, as for one that does not exist.
    const foreign = await t.call(lmsRoutes.itemRemove, { token: b.adminToken, params: { id: made.body.result._id } });
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
    assert.equal((await t.call(lmsRoutes.itemList, { token: a.adminToken })).body.result.total, 1);
  });
});
