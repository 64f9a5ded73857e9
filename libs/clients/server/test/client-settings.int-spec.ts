import { clientRoutes } from '@intranet/clients-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * §2 employee administration tabs "company data", "other settings" and "integrations" (§3 Client: name, full
 * name, city, phone, address, director, Telegram channel, tax number, lang, start_page, settings.hideMoodMeter,
 * HR-system address/login/password) through PUT api/clients/{id}.
 */
describe('client settings of the employee administration tabs (§2, §3 Client)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let other: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('settingsco');
    other = await t.makeClient('othersettings');
  });
  afterAll(() => t.close());

  const put = (token: string, id: string, body: Record<string, unknown>) => t.call(clientRoutes.clientUpdate, { token, params: { id }, body });
  const get = async (token: string) => (await t.call(clientRoutes.clientGet, { token, params: { id: acme.client._id } })).body.result;

  it('company data and other settings: an admin saves them, unsent fields stay, §5 limits hold', async () => {
    const r = await put(acme.adminToken, acme.client._id, {
      fullName: 'Settings Company LLC',
      city: 'Kyiv',
      director: 'Dana Director',
      taxNumber: '1234567890',
      telegram: '@settingsco',
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const o = await put(acme.adminToken, acme.client._id, { lang: 'uk', start_page: 'articles', settings: { hideMoodMeter: true } });
    assert.equal(o.status, 200, JSON.stringify(o.body));
    const c = await get(acme.adminToken);
    assert.equal(c.fullName, 'Settings Company LLC');
    assert.equal(c.city, 'Kyiv');
    assert.equal(c.lang, 'uk');
    assert.equal(c.start_page, 'articles');
    assert.equal(c.settings.hideMoodMeter, true);
    // The other settings left the initial rights as they were.
    assert.ok(c.settings.initialRights.includes('wall'));
    const long = await put(acme.adminToken, acme.client._id, { city: 'x'.repeat(101) });
    assert.equal(long.status, 400);
    assert.equal(long.body.errors[0].field, 'city');
    assert.equal(long.body.errors[0].code, 'tooLong');
  });

  it('integrations: the HR-system address and login are saved, the password never comes back; null disconnects, an absent field stays', async () => {
    const r = await put(acme.adminToken, acme.client._id, { hr: { url: 'https://hr.example.com/api', login: 'sync', password: 'hr-secret-1' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.result.hr, { url: 'https://hr.example.com/api', login: 'sync', hasPassword: true });
    assert.ok(!JSON.stringify(r.body).includes('hr-secret-1'));
    // Changing the login alone keeps the address.
    const login = await put(acme.adminToken, acme.client._id, { hr: { login: 'sync2' } });
    assert.deepEqual(login.body.result.hr, { url: 'https://hr.example.com/api', login: 'sync2', hasPassword: true });
    const bad = await put(acme.adminToken, acme.client._id, { hr: { url: 'not a url' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].message, 'Invalid URL');
    const off = await put(acme.adminToken, acme.client._id, { hr: { url: null, login: null, password: null } });
    assert.equal(off.status, 200);
    assert.deepEqual(off.body.result.hr, { url: null, login: null, hasPassword: false });
    assert.deepEqual((await get(acme.adminToken)).hr, { url: null, login: null, hasPassword: false });
  });

  it("employees cannot change them (403 No access); another client's admin cannot either (404), nothing changes", async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'emp@settingsco.test');
    const before = await get(acme.adminToken);
    const e = await put(emp.token, acme.client._id, { city: 'Elsewhere', hr: { url: 'https://evil.example.com' } });
    assert.equal(e.status, 403);
    assert.equal(e.body.message, 'No access');
    const x = await put(other.adminToken, acme.client._id, { city: 'Elsewhere' });
    assert.equal(x.status, 404);
    assert.deepEqual(await get(acme.adminToken), before);
  });

  it('an employee reads the client without its administration data (notes, tax number, HR system)', async () => {
    const set = await put(acme.adminToken, acme.client._id, {
      notes: 'renegotiate in May',
      taxNumber: '1234567890',
      hr: { url: 'https://hr.example.com/api', login: 'sync', password: 'hr-secret-1' },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const emp = await t.makeEmployee(acme.adminToken, 'reader@settingsco.test');
    const seen = await get(emp.token);
    assert.equal(seen.name, set.body.result.name);
    assert.deepEqual([seen.notes, seen.taxNumber, seen.hr], [null, null, { url: null, login: null, hasPassword: false }]);
    const admin = await get(acme.adminToken);
    assert.deepEqual([admin.notes, admin.taxNumber, admin.hr.login], ['renegotiate in May', '1234567890', 'sync']);
  });
});
