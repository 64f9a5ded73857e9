import { applicationRoutes, clientRoutes, type JournalEntryView } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/**
 * Maintenance mode (issue 36) through the real gateway and bus: a workspace put in maintenance by the superadmin
 * keeps its employees out (503 `maintenance` on every call), its administrators and the superadmin get in, other
 * workspaces go on; the installation's maintenance does the same for every workspace. Own portal: the installation
 * switch would stop the other files of a shared portal.
 */
describe('maintenance mode (issue 36)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let emp: { user: { _id: string }; token: string };
  let otherEmp: { user: { _id: string }; token: string };

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('mntacme');
    other = await t.makeClient('mntother');
    emp = await t.makeEmployee(acme.adminToken, 'emp@mntacme.test');
    otherEmp = await t.makeEmployee(other.adminToken, 'emp@mntother.test');
  });
  afterAll(() => t.close());

  /** GET api/user/{id} of oneself as `p`: the status it answers (and the body). */
  const me = (p: { user: { _id: string }; token: string }) => t.call(peopleRoutes.userGet, { token: p.token, params: { id: p.user._id } });
  const setWorkspace = (maintenance: boolean, token = acme.superToken) =>
    t.call(clientRoutes.clientUpdate, { token, params: { id: acme.client._id }, body: { maintenance } });
  const setInstallation = (active: boolean, token = acme.superToken) => t.call(applicationRoutes.applicationMaintenance, { token, body: { active } });

  it('only the superadmin switches a workspace into maintenance; its employees get 503 maintenance, its admins get in', async () => {
    assert.equal((await setWorkspace(true, acme.adminToken)).status, 403);
    assert.equal((await setWorkspace(true, emp.token)).status, 403);
    assert.equal((await me(emp)).status, 200);

    const on = await setWorkspace(true);
    assert.equal(on.status, 200, JSON.stringify(on.body));
    assert.equal(on.body.result.maintenance, true);
    const refused = await me(emp);
    assert.equal(refused.status, 503);
    assert.equal(refused.body.code, 'maintenance');
    assert.equal(refused.body.message, 'The portal is under maintenance. Please come back later');
    // The administrator and the superadmin still work in it; the client says it is in maintenance.
    const admin = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(admin.status, 200);
    assert.equal(admin.body.result.maintenance, true);
    assert.equal((await t.call(clientRoutes.clientGet, { token: acme.superToken, params: { id: acme.client._id } })).status, 200);
    // Another workspace goes on.
    assert.equal((await me(otherEmp)).status, 200);
    // Sign-in still answers (the shell then shows the maintenance page for what the session loads).
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'emp@mntacme.test', password: 'employee1' } })).status, 200);

    const off = await setWorkspace(false);
    assert.equal(off.body.result.maintenance, false);
    assert.equal((await me(emp)).status, 200);
  });

  it('switching it on and off is journaled', async () => {
    const r = await t.call(clientRoutes.journalList, {
      token: acme.adminToken,
      params: { client: acme.client._id },
      query: { section: 'clients', limit: '100' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const actions = (r.body.result.entries as JournalEntryView[]).map((e) => e.action);
    assert.ok(actions.includes('client.maintenance_on') && actions.includes('client.maintenance_off'), JSON.stringify(actions));
  });

  it('the installation in maintenance keeps every workspace’s employees out; administrators and the superadmin get in', async () => {
    assert.equal((await setInstallation(true, acme.adminToken)).status, 403);
    const on = await setInstallation(true);
    assert.equal(on.status, 200, JSON.stringify(on.body));
    assert.equal(on.body.result.maintenance, true);
    for (const p of [emp, otherEmp]) {
      const r = await me(p);
      assert.equal(r.status, 503);
      assert.equal(r.body.code, 'maintenance');
    }
    assert.equal((await t.call(clientRoutes.clientGet, { token: other.adminToken, params: { id: other.client._id } })).status, 200);
    const app = await t.call(applicationRoutes.applicationGet, { token: acme.superToken });
    assert.equal(app.body.result.maintenance, true);

    const off = await setInstallation(false);
    assert.equal(off.body.result.maintenance, false);
    for (const p of [emp, otherEmp]) assert.equal((await me(p)).status, 200);
  });
});
