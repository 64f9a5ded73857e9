import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** The generated notifications routes through the real gateway and bus (PostgreSQL + NATS when set, else PGlite). */
describe('notifications (§7 Notifications)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await testPortal();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an admin creates and lists items; §5 text for an empty name; another client sees and deletes none of them', async () => {
    const a = await t.makeClient('notificationsa');
    const b = await t.makeClient('notificationsb');
    const made = await t.call(notificationsRoutes.create, { token: a.adminToken, body: { name: 'First' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.result.name, 'First');
    const bad = await t.call(notificationsRoutes.create, { token: a.adminToken, body: { name: ' ' } });
    assert.equal(bad.status, 400);
    assert.equal((await t.call(notificationsRoutes.list, { token: a.adminToken })).body.result.total, 1);
    assert.equal((await t.call(notificationsRoutes.list, { token: b.adminToken })).body.result.total, 0);
    const foreign = await t.call(notificationsRoutes.remove, { token: b.adminToken, params: { id: made.body.result._id } });
    assert.ok([403, 404].includes(foreign.status), String(foreign.status));
    assert.equal((await t.call(notificationsRoutes.list, { token: a.adminToken })).body.result.total, 1);
  });
});
