import { allRoutes } from '@intranet/gateway-server';
import type { RouteDef } from '@intranet/platform-contracts';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  BODY_BY_SUBJECT,
  bodyFor,
  cannotCover,
  createWorld,
  entitiesOf,
  paramsFor,
  readBack,
  referenceCases,
  secretsOf,
  takesId,
  type World,
} from '@intranet/portal-testing/fixtures';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { REFERENCE_EXCEPTIONS, tenantStatus } from './route-answers.ts';

const label = (r: RouteDef) => `${r.method} ${r.path}`;
/** Routes that address an object by id; public ones are open to anyone by contract (by_ws, reset links). */
const idRoutes = allRoutes.filter((r) => takesId(r) && (r.access.kind !== 'public' || r.subject.startsWith('files.')));
/** Authenticated routes whose body references other objects by id (issue 38 §6). */
const refRoutes = allRoutes.filter(
  (r) => r.access.kind !== 'public' && !r.multipart && BODY_BY_SUBJECT[r.subject] && (BODY_BY_SUBJECT[r.subject]!.ids || BODY_BY_SUBJECT[r.subject]!.refs),
);

/**
 * Route-generic tenant isolation (issue 9): for every route that takes an id, the admin and an employee of another
 * client, calling it with the first client's ids, get the route's one refusal (tenantStatus: 403, 404, or a 400
 * field error on the body id), no data of the first client, and nothing of it changes (read back as its owner
 * before and after).
 */
describe("every route that takes an id: another client's users are refused, get no data and change nothing (§6 tenancy)", () => {
  let t: TestPortal;
  let a: World;
  let b: World;
  let calls = 0;
  const started = Date.now();

  beforeAll(async () => {
    t = await sharedPortal({ RATE_LIMIT_SCALE: '1000' });
    a = await createWorld(t, 'tenanta');
    b = await createWorld(t, 'tenantb');
  });
  afterAll(async () => {
    console.log(`routes-tenant: ${idRoutes.length} routes take an id, ${calls} calls, ${Date.now() - started} ms`);
    await t.close();
  });

  it('the fixture registry covers every route that takes an id', () => {
    assert.ok(idRoutes.length > 0);
    const missing = allRoutes.map((r) => [label(r), cannotCover(r)]).filter(([, why]) => why);
    assert.deepEqual(missing, [], `cannot cover: ${missing.map(([r, why]) => `${r} (${why})`).join('; ')}`);
  });

  for (const route of idRoutes) {
    it(`${label(route)} with client A's ids as B's admin and employee`, async () => {
      const secrets = secretsOf(a);
      const entities = entitiesOf(route);
      const read = async () => Promise.all(entities.map((e) => readBack(t, a, e)));
      const before = await read();
      for (const [as, token] of [
        ['admin', b.adminToken],
        ['employee', b.employee.token],
      ] as const) {
        calls++;
        const r = await t.call(route, { token, params: paramsFor(route, a), body: route.multipart ? undefined : bodyFor(route, a) });
        const want = tenantStatus(route, as);
        assert.equal(r.status, want, `${label(route)} as B's ${as}: expected ${want}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        if (want === 400) {
          // An id in a body that names nothing of the caller's client is a field error of that field (§8).
          const bodyIds = Object.keys(BODY_BY_SUBJECT[route.subject]?.ids ?? {});
          const fields = (r.body?.errors ?? []).map((e: { field: string }) => e.field);
          assert.ok(
            fields.some((field: string) => bodyIds.some((f) => field === f || field.startsWith(`${f}.`))),
            `${label(route)} as B's ${as}: the 400 names a body id field (${bodyIds.join(', ')}), not ${fields.join(', ')}`,
          );
        }
        const text = JSON.stringify(r.body);
        for (const s of secrets) assert.ok(!text.includes(s), `${label(route)} as B's ${as}: the answer carries A's "${s}"`);
      }
      calls += entities.length * 2;
      assert.deepEqual(await read(), before, `${label(route)}: A's objects changed`);
    });
  }

  /**
   * Issue 38 §6: B's admin sends a body valid for B except one reference, which names A's object (a user, an
   * article, a board…): refused — a 400 field error on that reference, or the 404/403 of REFERENCE_EXCEPTIONS where
   * the reference is what the route acts on — and neither client's objects change.
   */
  for (const route of refRoutes) {
    it(`${label(route)}: a body reference to client A's object, as B's admin`, async () => {
      const cases = referenceCases(route, b, a);
      const entities = entitiesOf(route);
      const read = async () => Promise.all(entities.flatMap((e) => [readBack(t, a, e), readBack(t, b, e)]));
      const before = await read();
      for (const { field, body } of cases) {
        calls++;
        const r = await t.call(route, { token: b.adminToken, params: paramsFor(route, b), body });
        const want: number = REFERENCE_EXCEPTIONS[label(route)]?.[field] ?? 400;
        assert.equal(r.status, want, `${label(route)} with A's id in "${field}": expected ${want}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        if (want === 400) {
          const onField = (r.body?.errors ?? []).some((e: { field: string }) => e.field === field || e.field.startsWith(`${field}.`));
          assert.ok(onField, `${label(route)} with A's id in "${field}": the 400 names that field, got ${JSON.stringify(r.body).slice(0, 300)}`);
        }
        const text = JSON.stringify(r.body);
        for (const s of secretsOf(a)) assert.ok(!text.includes(s), `${label(route)} with A's id in "${field}": the answer carries A's "${s}"`);
      }
      assert.deepEqual(await read(), before, `${label(route)}: objects changed`);
    });
  }
});
