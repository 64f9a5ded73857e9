import { peopleRoutes } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

describe('employees: block and unblock (§4 Employee states, §7 PUT api/user/{id})', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('blockco');
  });
  afterAll(() => t.close());

  it('an admin blocks an employee: the existing token stops at once, sign-in answers 403; unblocking lets them in again', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'blocked@blockco.test');
    assert.equal((await t.call(peopleRoutes.userGet, { token: e.token, params: { id: e.user._id } })).status, 200);
    assert.equal(e.user.status, 'active');

    const blocked = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: e.user._id }, body: { status: 'blocked' } });
    assert.equal(blocked.status, 200);
    assert.equal(blocked.body.result.status, 'blocked');
    const seen = await t.call(peopleRoutes.userGet, { token: acme.adminToken, params: { id: e.user._id } });
    assert.equal(seen.body.result.status, 'blocked');

    assert.equal((await t.call(peopleRoutes.userGet, { token: e.token, params: { id: e.user._id } })).status, 401);
    const signIn = await t.call(peopleRoutes.authLogin, { body: { login: 'blocked@blockco.test', password: 'employee1' } });
    assert.equal(signIn.status, 403);
    assert.equal(signIn.body.message, 'Login blocked');

    const unblocked = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: e.user._id }, body: { status: 'active' } });
    assert.equal(unblocked.status, 200);
    assert.equal(unblocked.body.result.status, 'active');
    const again = await t.login('blocked@blockco.test', 'employee1');
    assert.equal((await t.call(peopleRoutes.userGet, { token: again.token, params: { id: e.user._id } })).status, 200);
    // The old token stays revoked: unblocking does not bring sessions back.
    assert.equal((await t.call(peopleRoutes.userGet, { token: e.token, params: { id: e.user._id } })).status, 401);
  });

  it('an employee cannot set a status (not even their own with profile_edit); nothing changes', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'editor@blockco.test');
    const other = await t.makeEmployee(acme.adminToken, 'victim@blockco.test');
    await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: e.user._id, role: 'profile_edit' } });
    const onOther = await t.call(peopleRoutes.userUpdate, { token: e.token, params: { id: other.user._id }, body: { status: 'blocked' } });
    assert.equal(onOther.status, 403);
    assert.equal(onOther.body.message, 'No access');
    const onSelf = await t.call(peopleRoutes.userUpdate, { token: e.token, params: { id: e.user._id }, body: { status: 'blocked', position: 'Boss' } });
    assert.equal(onSelf.status, 403);
    assert.equal(onSelf.body.message, 'No access');
    const me = await t.call(peopleRoutes.userGet, { token: e.token, params: { id: e.user._id } });
    assert.equal(me.status, 200);
    assert.equal(me.body.result.status, 'active');
    assert.equal(me.body.result.position, null);
    const victim = await t.call(peopleRoutes.userGet, { token: acme.adminToken, params: { id: other.user._id } });
    assert.equal(victim.body.result.status, 'active');
    assert.equal((await t.call(peopleRoutes.userGet, { token: other.token, params: { id: other.user._id } })).status, 200);
  });

  it('an admin cannot block themselves or another administrator', async () => {
    const self = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: acme.admin._id }, body: { status: 'blocked' } });
    assert.equal(self.status, 403);
    assert.equal(self.body.message, 'You cannot block yourself');
    const admin2 = await t.makeEmployee(acme.adminToken, 'admin2@blockco.test', { roles: ['admin'] });
    const adm = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: admin2.user._id }, body: { status: 'blocked' } });
    assert.equal(adm.status, 403);
    assert.equal(adm.body.message, 'Administrator cannot be blocked');
    assert.equal((await t.call(peopleRoutes.userGet, { token: admin2.token, params: { id: admin2.user._id } })).body.result.status, 'active');
    assert.equal((await t.call(peopleRoutes.userGet, { token: acme.adminToken, params: { id: acme.admin._id } })).body.result.status, 'active');
  });
});
