import assert from 'node:assert/strict';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { peopleRoutes } from '@intranet/people-contract';
import { BODY_LIMITS } from '@intranet/platform-contracts';
import { socialRoutes } from '@intranet/social-contract';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Issue 38 §7: request bodies are limited per route before they are read: JSON routes 1 MB by default, public
 * (unauthenticated) routes 64 KB, routes that need more declare it in their contract (the CSV import, articles).
 * Above the limit: 413 with the stable code `bodyTooLarge` and the limit as its parameter.
 */
describe('per-route request body limits (issue 38 §7)', () => {
  let t: TestPortal;
  let admin: { token: string };
  beforeAll(async () => {
    t = await testPortal({}, { listen: true });
    const c = await t.makeClient('limitsco');
    admin = { token: c.adminToken };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a public route refuses a body above 64 KB with 413 bodyTooLarge', async () => {
    const r = await t.call(peopleRoutes.authForgot, { body: { email: `${'a'.repeat(BODY_LIMITS.public)}@example.com` } });
    assert.equal(r.status, 413);
    assert.deepEqual({ code: r.body.code, params: r.body.params }, { code: 'bodyTooLarge', params: { size: '64 KB' } });
  });

  it('a signed-in JSON route refuses a body above 1 MB; the same route takes a smaller one', async () => {
    const big = await t.call(socialRoutes.postCreate, { token: admin.token, body: { message: 'x'.repeat(BODY_LIMITS.json) } });
    assert.equal(big.status, 413);
    assert.equal(big.body.code, 'bodyTooLarge');
    const small = await t.call(socialRoutes.postCreate, { token: admin.token, body: { message: 'Within the limit' } });
    assert.equal(small.status, 200, JSON.stringify(small.body));
  });

  it('a route that declares a larger limit (the CSV import) takes a 1.5 MB body', async () => {
    // One employee and a long column the import does not know (it skips unknown columns).
    const csv = `firstName,lastName,email,remark\nBig,Import,big@limitsco.test,${'r'.repeat(1.5 * 1024 * 1024)}\n`;
    const r = await t.call(peopleRoutes.userRegisterMany, { token: admin.token, body: { csv } });
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 300));
    assert.equal(r.body.result.imported, 1);
  });

  it('answers by the Content-Length, before the body is sent', async () => {
    const url = new URL(peopleRoutes.authForgot.path, t.portal.url);
    // 24 MB announced, nothing sent: a server that read the body first would never answer.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(24 * 1024 * 1024) } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    assert.equal(status, 413);
  });
});
