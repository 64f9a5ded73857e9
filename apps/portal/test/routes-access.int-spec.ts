import { clientRoutes, clientFeatureActive } from '@intranet/clients-contract';
import { allRoutes } from '@intranet/gateway-server';
import { peopleRoutes } from '@intranet/people-contract';
import { FEATURE_RIGHTS, type ClientFeature, type RouteDef } from '@intranet/platform-contracts';
import jwt from 'jsonwebtoken';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { bodyFor, cannotCover, createWorld, paramsFor, type World } from '@intranet/portal-testing/fixtures';
import { sharedPortal, type CallResult, type TestPortal } from '@intranet/portal-testing';
import { eventuallyPasses } from '@intranet/platform-testing';
import { FEATURE_ON_STATUS } from './route-answers.ts';

const label = (r: RouteDef) => `${r.method} ${r.path}`;
const protectedRoutes = allRoutes.filter((r) => r.access.kind !== 'public');

/** The §8 answer the gateway owes a refused call. */
function refused(r: CallResult, status: 401 | 403, route: RouteDef, as: string) {
  const message = status === 401 ? 'Unauthorized' : 'No access';
  assert.equal(r.status, status, `${label(route)} ${as}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
  assert.equal(r.body?.message, message, `${label(route)} ${as}: §8 text`);
}

/**
 * Route-generic access checks (issue 9, issue 8 §4): every contract route is called with no token, bad tokens,
 * as a user lacking its right and with its client feature switched off; each answer is the one its contract's
 * `access` and `feature` declare.
 */
describe('every route: access as its contract declares (§6, §8)', () => {
  let t: TestPortal;
  let w: World;
  let bare: { id: string; token: string };
  let calls = 0;
  const started = Date.now();
  const call = async (route: RouteDef, token: string | undefined) => {
    calls++;
    return t.call(route, { token, params: paramsFor(route, w), body: route.multipart ? undefined : bodyFor(route, w) });
  };

  beforeAll(async () => {
    t = await sharedPortal({ RATE_LIMIT_SCALE: '1000' });
    w = await createWorld(t, 'accessco');
    // An employee with no feature right at all (only 'employee').
    const e = await t.makeEmployee(w.adminToken, 'bare@accessco.test');
    for (const right of FEATURE_RIGHTS) {
      const r = await t.call(peopleRoutes.roleRemove, { token: w.adminToken, params: { userId: e.user._id, role: right } });
      assert.equal(r.status, 200, `remove ${right}`);
    }
    bare = { id: e.user._id, token: (await t.login('bare@accessco.test', 'employee1')).token };
  });
  afterAll(async () => {
    console.log(`routes-access: ${protectedRoutes.length} protected of ${allRoutes.length} routes, ${calls} calls, ${Date.now() - started} ms`);
    await t.close();
  });

  it('the fixture registry covers every route (a route it cannot fill fails here, named)', () => {
    const missing = allRoutes.map((r) => [label(r), cannotCover(r)]).filter(([, why]) => why);
    assert.deepEqual(missing, [], `cannot cover: ${missing.map(([r, why]) => `${r} (${why})`).join('; ')}`);
  });

  it('no token, a garbage token, a token signed with another secret and an expired token: 401 Unauthorized', async () => {
    const payload = jwt.decode(w.adminToken) as Record<string, unknown>;
    const { exp: _exp, iat: _iat, ...claims } = payload;
    const bad = {
      'no token': undefined,
      'a garbage token': 'not.a.jwt',
      'a token signed with another secret': jwt.sign(claims, 'another-secret-0123456789abcdef', { algorithm: 'HS256', expiresIn: 3600 }),
      'an expired token': jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.JWT_SECRET!, { algorithm: 'HS256' }),
      'an unsigned token (alg none)': jwt.sign(claims, '', { algorithm: 'none' }),
    };
    for (const route of protectedRoutes) {
      for (const [as, token] of Object.entries(bad)) refused(await call(route, token), 401, route, `with ${as}`);
    }
  });

  it("a user lacking the route's right: employee without feature rights, non-admin on admin routes, admin on superadmin routes: 403 No access", async () => {
    let checked = 0;
    for (const route of protectedRoutes) {
      const a = route.access;
      if (a.kind === 'superadmin') {
        refused(await call(route, w.adminToken), 403, route, 'as a client admin');
        refused(await call(route, bare.token), 403, route, 'as an employee');
        checked++;
      } else if (a.kind === 'admin' || a.kind === 'feature') {
        refused(await call(route, bare.token), 403, route, `as an employee without ${a.kind === 'feature' ? `the right "${a.right}"` : 'admin'}`);
        checked++;
      }
    }
    assert.ok(checked > 0);
  });

  it("a route whose client feature is switched off: 403 No access for the client's admin (issue 8 §4)", async () => {
    const byFeature = new Map<ClientFeature, RouteDef[]>();
    for (const r of allRoutes) if (r.feature) byFeature.set(r.feature, [...(byFeature.get(r.feature) ?? []), r]);
    assert.ok(byFeature.size > 0, 'some route names a feature');
    const toggle = async (code: ClientFeature) => {
      const r = await t.call(clientRoutes.featuresSwitch, { token: w.superToken, params: { client: w.ids.client, code } });
      assert.equal(r.status, 200);
      return clientFeatureActive(r.body.result, code);
    };
    for (const [feature, routes] of byFeature) {
      assert.equal(await toggle(feature), false, `${feature} switched off`);
      // The identity cache holds the client for up to 5 s unless the update event evicts it: wait for the eviction.
      try {
        await eventuallyPasses(async () => {
          for (const route of routes) {
            refused(await call(route, w.adminToken), 403, route, `with feature "${feature}" off, as the admin`);
            refused(await call(route, w.employee.token), 403, route, `with feature "${feature}" off, as an employee with the right`);
          }
        });
      } finally {
        assert.equal(await toggle(feature), true, `${feature} switched on again`);
      }
      // Switched on again, the admin gets past the gateway's feature check: each route gives the domain's answer to
      // the generic call, the one FEATURE_ON_STATUS states (one call per route: the first is retried only while the
      // gateway still refuses it with 403, until the switch reached its cache).
      const passes = (route: RouteDef, r: CallResult) => {
        const want = FEATURE_ON_STATUS[label(route)];
        assert.equal(r.status, want, `${label(route)} with "${feature}" on again: expected ${want}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      };
      const [first, ...rest] = routes;
      await eventuallyPasses(async () => {
        const r = await call(first!, w.adminToken);
        assert.notEqual(r.status, 403, `${label(first!)} with "${feature}" on again: still refused`);
        passes(first!, r);
      });
      for (const route of rest) passes(route, await call(route, w.adminToken));
    }
  });
});
