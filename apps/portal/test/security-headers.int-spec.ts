import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Issue 18 §4: security headers on every answer — an API answer, an error, the API docs page — with the CSP the web
 * runs under (scripts from this origin only, no framing), and no HSTS over plain HTTP.
 */
describe('security headers on every answer (issue 18 §4)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await sharedPortal();
  });
  afterAll(() => t.close());

  const expectHeaders = (h: Record<string, string | string[] | undefined>, where: string) => {
    const csp = String(h['content-security-policy'] ?? '');
    assert.match(csp, /(^|;)\s*script-src 'self'(;|$)/, `${where}: script-src 'self' only (${csp})`);
    assert.match(csp, /frame-ancestors 'none'/, `${where}: frame-ancestors`);
    assert.match(csp, /object-src 'none'/, `${where}: object-src`);
    assert.doesNotMatch(csp, /unsafe-eval/, `${where}: no eval`);
    assert.equal(h['x-frame-options'], 'DENY', where);
    assert.equal(h['referrer-policy'], 'no-referrer', where);
    assert.equal(h['cross-origin-opener-policy'], 'same-origin', where);
    assert.equal(h['x-content-type-options'], 'nosniff', where);
    assert.match(String(h['permissions-policy']), /camera=\(\)/, where);
    assert.equal(h['strict-transport-security'], undefined, `${where}: no HSTS over plain HTTP`);
  };

  it('an API answer, a refused call and an unknown API path carry them', async () => {
    expectHeaders((await t.call(clientRoutes.clientEnv)).headers, 'GET /api/env');
    const refused = await t.call(peopleRoutes.userGet, { params: { id: '00000000-0000-7000-8000-000000000000' } });
    assert.equal(refused.status, 401);
    expectHeaders(refused.headers, '401');
    const fastify = t.portal.app.getHttpAdapter().getInstance();
    const unknown = await fastify.inject({ method: 'GET', url: '/api/no-such-route' });
    assert.equal(unknown.statusCode, 404);
    expectHeaders(unknown.headers as Record<string, string>, '404');
  });

  it('the API docs page runs under the same policy (its scripts are files, not inline)', async () => {
    const fastify = t.portal.app.getHttpAdapter().getInstance();
    const page = await fastify.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(page.statusCode, 200);
    expectHeaders(page.headers as Record<string, string>, '/api/docs');
    assert.doesNotMatch(page.body, /<script>/, 'no inline script on the docs page');
  });
});
