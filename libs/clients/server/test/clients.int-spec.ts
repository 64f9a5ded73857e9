import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { socialRoutes } from '@intranet/social-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

describe('clients (§7 Clients, §5 workspace code) and the gateway edge', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('clacme');
  });
  afterAll(() => t.close());

  it('workspace code: latin letters and digits only, unique', async () => {
    const bad = await t.call(clientRoutes.clientCreate, { token: acme.superToken, body: { workspace: 'acme-co', name: 'X' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].field, 'workspace');
    assert.equal(bad.body.errors[0].message, 'Workspace code: latin letters and digits only');
    const cyr = await t.call(clientRoutes.clientCreate, { token: acme.superToken, body: { workspace: 'компания', name: 'X' } });
    assert.equal(cyr.status, 400);
    const dup = await t.call(clientRoutes.clientCreate, { token: acme.superToken, body: { workspace: 'CLACME', name: 'Again' } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.message, 'This workspace code is already taken');
    const noName = await t.call(clientRoutes.clientCreate, { token: acme.superToken, body: { workspace: 'noname' } });
    assert.equal(noName.body.errors[0].message, 'Field is required');
  });

  it('the superadmin lists clients with employee counts; others may not', async () => {
    await t.makeEmployee(acme.adminToken, 'one@clacme.test');
    const r = await t.call(clientRoutes.clientList, { token: acme.superToken });
    assert.equal(r.status, 200);
    const row = r.body.result.find((c: { workspace: string }) => c.workspace === 'clacme');
    assert.equal(row.employeeCount, 2);
    assert.equal(row.hr.password, undefined);
  });

  it('by_ws is public and shows only branding', async () => {
    const r = await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'clacme' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.result.name, 'Company clacme');
    assert.equal(r.body.result.notes, undefined);
    assert.equal((await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'missing' } })).status, 404);
  });

  it('features: all codes listed; the superadmin toggles one', async () => {
    const all = await t.call(clientRoutes.featuresAll, { token: acme.adminToken });
    assert.ok(all.body.result.some((f: { feature: string }) => f.feature === 'shop'));
    const off = await t.call(clientRoutes.featuresSwitch, { token: acme.superToken, params: { client: acme.client._id, code: 'shop' } });
    assert.equal(off.body.result.features.find((f: { feature: string }) => f.feature === 'shop').active, false);
    const on = await t.call(clientRoutes.featuresSwitch, { token: acme.superToken, params: { client: acme.client._id, code: 'shop' } });
    assert.equal(on.body.result.features.find((f: { feature: string }) => f.feature === 'shop').active, true);
    assert.equal((await t.call(clientRoutes.featuresSwitch, { token: acme.adminToken, params: { client: acme.client._id, code: 'shop' } })).status, 403);
  });

  it('a feature switched off for a client closes its routes to everyone in it (admins too), not to the superadmin', async () => {
    const co = await t.makeClient('featco');
    const emp = await t.makeEmployee(co.adminToken, 'emp@featco.test');
    const search = (token: string, workspace?: string) =>
      t.call(peopleRoutes.userFilter, { token, workspace, params: { workspace: 'featco' }, body: { data: {} } });
    const post = (token: string) => t.call(socialRoutes.postCreate, { token, body: { message: 'Hello from featco' } });
    assert.equal((await search(emp.token)).status, 200);
    assert.equal((await post(emp.token)).status, 200);
    // address_book off: the address book routes (right 'address') answer 403 'No access'.
    await t.call(clientRoutes.featuresSwitch, { token: co.superToken, params: { client: co.client._id, code: 'address_book' } });
    const refused = await search(emp.token);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'No access');
    assert.equal((await search(co.adminToken)).status, 403);
    assert.equal((await t.call(peopleRoutes.userForClient, { token: co.adminToken, params: { clientId: co.client._id } })).status, 403);
    assert.equal((await search(co.superToken, 'featco')).status, 200, 'the superadmin is not held back');
    // Other modules stay open; one's own record (no feature rule) too.
    assert.equal((await post(emp.token)).status, 200);
    assert.equal((await t.call(peopleRoutes.userGet, { token: emp.token, params: { id: emp.user._id } })).status, 200);
    // wall off: creating a post (right 'wall') is refused.
    await t.call(clientRoutes.featuresSwitch, { token: co.superToken, params: { client: co.client._id, code: 'wall' } });
    assert.equal((await post(co.adminToken)).status, 403);
    // Switching back on reopens them.
    await t.call(clientRoutes.featuresSwitch, { token: co.superToken, params: { client: co.client._id, code: 'address_book' } });
    await t.call(clientRoutes.featuresSwitch, { token: co.superToken, params: { client: co.client._id, code: 'wall' } });
    assert.equal((await search(emp.token)).status, 200);
    assert.equal((await post(emp.token)).status, 200);
  });

  it('a partial update leaves the fields it does not send as they were', async () => {
    const co = await t.makeClient('partialco', { lang: 'en', start_page: 'profile' });
    const r = await t.call(clientRoutes.clientUpdate, { token: co.superToken, params: { id: co.client._id }, body: { status: 'blocked' } });
    assert.equal(r.body.result.lang, 'en');
    assert.equal(r.body.result.start_page, 'profile');
  });

  it('an admin edits their own client data; the edit is validated', async () => {
    const ok = await t.call(clientRoutes.clientUpdate, {
      token: acme.adminToken,
      params: { id: acme.client._id },
      body: { city: 'Kyiv', start_page: 'profile' },
    });
    assert.equal(ok.body.result.city, 'Kyiv');
    assert.equal(ok.body.result.start_page, 'profile');
    const bad = await t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { hr: { url: 'not a url' } } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].message, 'Invalid URL');
  });

  it('unknown API paths answer the §8 404 body; bad JSON is a 400 without a stack', async () => {
    const fastify = t.portal.app.getHttpAdapter().getInstance();
    const r = await fastify.inject({ method: 'GET', url: '/api/nothing/here' });
    assert.equal(r.statusCode, 404);
    assert.equal(r.json().message, 'The requested resource was not found');
    const bad = await fastify.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"login":' });
    assert.equal(bad.statusCode, 400);
    assert.ok(!bad.body.includes('at '), 'no stack trace');
    const badId = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: 'not-a-uuid' } });
    assert.equal(badId.status, 400);
  });

  it('serves the OpenAPI document listing every route with its access rule', async () => {
    const fastify = t.portal.app.getHttpAdapter().getInstance();
    const r = await fastify.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(r.statusCode, 200);
    const doc = r.json();
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.paths['/api/user/{id}'].get);
    assert.ok(doc.paths['/api/clients/features/switch/{client}/{code}'].put.description.includes('superadmin'));
    const ui = await fastify.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(ui.statusCode, 200);
  });
});
