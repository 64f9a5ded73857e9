import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { users } from '@intranet/people-server';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

describe('tenant isolation (DESIGN §5): enforced by the database, not by handlers', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let b: Awaited<ReturnType<TestPortal['makeClient']>>;
  let aEmp: Awaited<ReturnType<TestPortal['makeEmployee']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('isoalpha');
    b = await t.makeClient('isobeta');
    aEmp = await t.makeEmployee(a.adminToken, 'secret.person@isoalpha.test');
    await t.makeEmployee(b.adminToken, 'bob@isobeta.test');
  });
  afterAll(() => t.close());

  it('a repository call with no client filter still sees only its tenant rows', async () => {
    const db = t.portal.platform.db;
    // Deliberately no WHERE client_id: row-level security must hide alpha from beta.
    const seenByBeta = await db.inTenant({ clientId: b.client._id }, (tx) => tx.select().from(users));
    assert.ok(seenByBeta.length >= 2);
    assert.ok(seenByBeta.every((u) => u.clientId === b.client._id));
    const seenByAlpha = await db.inTenant({ clientId: a.client._id }, (tx) => tx.select().from(users));
    assert.ok(seenByAlpha.some((u) => u.email === 'secret.person@isoalpha.test'));
    const noTenant = await db.inTenant({ clientId: null }, (tx) => tx.select().from(users));
    assert.equal(noTenant.length, 0);
  });

  it('writes into another tenant are refused by the policy', async () => {
    const db = t.portal.platform.db;
    await assert.rejects(
      db.inTenant({ clientId: b.client._id }, (tx) =>
        tx.insert(users).values({ id: crypto.randomUUID(), clientId: a.client._id, firstName: 'X', lastName: 'Y', email: 'smuggled@isoalpha.test' }),
      ),
    );
    const updated = await db.inTenant({ clientId: b.client._id }, (tx) => tx.update(users).set({ position: 'pwned' }).returning());
    assert.ok(updated.every((u) => u.clientId === b.client._id));
    const check = await t.call(peopleRoutes.userGet, { token: a.adminToken, params: { id: aEmp.user._id } });
    assert.notEqual(check.body.result.position, 'pwned');
  });

  it("a user of client B asking for client A's user by id gets 404 and no data", async () => {
    const r = await t.call(peopleRoutes.userGet, { token: b.adminToken, params: { id: aEmp.user._id } });
    assert.equal(r.status, 404);
    assert.equal(r.body.message, 'The requested resource was not found');
    assert.ok(!JSON.stringify(r.body).includes('secret.person'));
  });

  it("B cannot edit, delete, re-role or list A's users, nor read A's client", async () => {
    const id = aEmp.user._id;
    assert.equal((await t.call(peopleRoutes.userUpdate, { token: b.adminToken, params: { id }, body: { position: 'x' } })).status, 404);
    assert.equal((await t.call(peopleRoutes.userDelete, { token: b.adminToken, params: { id } })).status, 404);
    assert.equal((await t.call(peopleRoutes.roleAdd, { token: b.adminToken, params: { userId: id, role: 'shop' } })).status, 404);
    assert.equal((await t.call(peopleRoutes.userForClient, { token: b.adminToken, params: { clientId: a.client._id } })).status, 404);
    assert.equal((await t.call(peopleRoutes.userFilter, { token: b.adminToken, params: { workspace: 'isoalpha' }, body: { data: {} } })).status, 404);
    assert.equal((await t.call(clientRoutes.clientGet, { token: b.adminToken, params: { id: a.client._id } })).status, 404);
    assert.equal(
      (await t.call(peopleRoutes.authResetHard, { token: b.adminToken, body: { user_id: id, password: 'hijacked1', confirmPassword: 'hijacked1' } })).status,
      404,
    );
    // A's data is intact.
    const still = await t.call(peopleRoutes.userGet, { token: a.adminToken, params: { id } });
    assert.equal(still.body.result.deletion_mark, false);
  });

  it('X-COMPANY-ID cannot move a non-superadmin into another workspace', async () => {
    const r = await t.call(peopleRoutes.userGet, { token: b.adminToken, params: { id: aEmp.user._id }, workspace: 'isoalpha' });
    assert.equal(r.status, 404);
  });

  it('the superadmin selects a workspace with X-COMPANY-ID and works inside it', async () => {
    const r = await t.call(peopleRoutes.userGet, { token: a.superToken, params: { id: aEmp.user._id }, workspace: 'isoalpha' });
    assert.equal(r.status, 200);
    const su = await t.login('root@example.com', 'rootpass1');
    const own = await t.call(peopleRoutes.userGet, { token: a.superToken, params: { id: su.user._id }, workspace: 'isoalpha' });
    assert.equal(own.status, 200, 'the superadmin still reads their own record inside a workspace');
    const list = await t.call(peopleRoutes.userForClient, { token: a.superToken, params: { clientId: b.client._id } });
    assert.ok(list.body.result.every((u: { client_id: string }) => u.client_id === b.client._id));
  });
});
