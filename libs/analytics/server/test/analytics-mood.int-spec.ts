import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { clientRoutes } from '@intranet/clients-contract';
import { queryRows, sql } from '@intranet/platform-db';
import { eventually } from '@intranet/platform-testing';
import { SUPERADMIN, sharedPortal, type TestPortal } from '@intranet/portal-testing';

const today = new Date().toISOString().slice(0, 10);

/** §7 Mood: the check, ratings 1-10 once per period, and statistics that never show one person's mood. */
describe('mood meter (§7 Mood, §9 scale, groups under 5 hidden)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await sharedPortal();
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks once per period, never the superadmin; a group of 4 is hidden, 5 shown; a lone department never shows by any filter', async () => {
    const a = await t.makeClient('analyticsmood');
    const su = await t.login(SUPERADMIN.login, SUPERADMIN.password);
    const people = [];
    for (let i = 0; i < 6; i++) {
      people.push(await t.makeEmployee(a.adminToken, `m${i}@analyticsmood.test`, { department: i < 5 ? 'Sales' : 'Legal' }));
    }
    const stat = async (query?: Record<string, string>) => {
      const r = await t.call(analyticsRoutes.moodStat, { token: a.adminToken, params: { client: a.client._id, from: today, to: today }, query });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result;
    };
    // The projection knows the departments before anyone rates (the rating copies the department).
    await eventually(async () => {
      const r = await t.call(analyticsRoutes.reportDepartments, { token: a.adminToken, params: { id: a.client._id } });
      return (
        r.body.result?.groups.some((g: { key: string; count: number }) => g.key === 'Sales' && g.count === 5) &&
        r.body.result.groups.some((g: { key: string }) => g.key === 'Legal')
      );
    }, 15_000);
    const first = people[0]!;
    const need = await t.call(analyticsRoutes.moodCheck, { token: first.token, params: { id: first.user._id } });
    assert.equal(need.status, 200);
    assert.deepEqual(need.body.result, { need: true });
    const bad = await t.call(analyticsRoutes.moodRate, { token: first.token, body: { rating: 11 } });
    assert.equal(bad.status, 400);
    // The lone Legal rating first, then four Sales ones: still hidden everywhere.
    for (const p of [people[5]!, ...people.slice(0, 4)]) {
      const r: { status: number; body: unknown } = await t.call(analyticsRoutes.moodRate, { token: p.token, body: { rating: p === people[5] ? 1 : 8 } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const four = await stat();
    assert.deepEqual(four.total, { key: 'total', count: null, average: null, hidden: true });
    assert.equal(four.minGroup, 5);
    const again = await t.call(analyticsRoutes.moodRate, { token: first.token, body: { rating: 3 } });
    assert.equal(again.status, 409);
    const after = await t.call(analyticsRoutes.moodCheck, { token: first.token, params: { id: first.user._id } });
    assert.deepEqual(after.body.result, { need: false });
    const fifth = await t.call(analyticsRoutes.moodRate, { token: people[4]!.token, body: { rating: 6 } });
    assert.equal(fifth.status, 200);
    const five = await stat();
    // The stored ratings carry no user and no time finer than the analysis period's first day (a Monday).
    const rows = await t.db.asSystem('spec: mood rows', (tx) =>
      queryRows<{ r: Record<string, unknown> }>(tx, sql`SELECT to_jsonb(m) AS r FROM analytics.mood_ratings m WHERE client_id = ${a.client._id}`),
    );
    assert.equal(rows.length, 6);
    for (const { r } of rows) {
      assert.deepEqual(Object.keys(r).sort(), ['client_id', 'day', 'department', 'id', 'rating']);
      assert.equal(new Date(`${String(r.day)}T00:00:00Z`).getUTCDay(), 1);
      // A random id (version 4): a time-ordered UUIDv7 would tell when the rating was given.
      assert.equal(String(r.id)[14], '4');
    }
    // Sales: 8, 8, 8, 8, 6 → 7.6; the Legal rating enters no figure, so total − Sales reveals nothing.
    assert.deepEqual(five.total, { key: 'total', count: 5, average: 7.6, hidden: false });
    const legal = five.byDepartment.find((g: { key: string }) => g.key === 'Legal');
    assert.deepEqual(legal, { key: 'Legal', count: null, average: null, hidden: true });
    const onlyLegal = await stat({ department: 'Legal' });
    assert.equal(onlyLegal.total.hidden, true);
    // Another user's check is not the caller's business; the superadmin is never asked.
    const other = await t.call(analyticsRoutes.moodCheck, { token: first.token, params: { id: people[1]!.user._id } });
    assert.equal(other.status, 404);
    const suCheck = await t.call(analyticsRoutes.moodCheck, { token: su.token, params: { id: su.user._id } });
    assert.equal(suCheck.status, 200);
    assert.deepEqual(suCheck.body.result, { need: false });
    const asEmployee = await t.call(analyticsRoutes.moodStat, { token: first.token, params: { client: a.client._id, from: today, to: today } });
    assert.equal(asEmployee.status, 403);
  });

  it('the analysis period is a client setting of one or two weeks, for its admins only', async () => {
    const c = await t.makeClient('analyticsmoodset');
    const other = await t.makeClient('analyticsmoodset2');
    const e = await t.makeEmployee(c.adminToken, 'e@analyticsmoodset.test');
    const get = (token: string, client = c.client._id) => t.call(analyticsRoutes.moodSettingsGet, { token, params: { client } });
    const set = (token: string, periodWeeks: number, client = c.client._id) =>
      t.call(analyticsRoutes.moodSettingsSet, { token, params: { client }, body: { periodWeeks } });
    const first = await get(c.adminToken);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.result, { periodWeeks: 1 });
    const two = await set(c.adminToken, 2);
    assert.equal(two.status, 200, JSON.stringify(two.body));
    assert.deepEqual((await get(c.adminToken)).body.result, { periodWeeks: 2 });
    assert.equal((await set(c.adminToken, 3)).status, 400);
    assert.equal((await set(e.token, 1)).status, 403);
    assert.equal((await set(other.adminToken, 1)).status, 404);
    assert.deepEqual((await get(other.adminToken, other.client._id)).body.result, { periodWeeks: 1 });
    // One rating per two-week period.
    assert.equal((await t.call(analyticsRoutes.moodRate, { token: e.token, body: { rating: 7 } })).status, 200);
    assert.deepEqual((await t.call(analyticsRoutes.moodCheck, { token: e.token, params: { id: e.user._id } })).body.result, { need: false });
    assert.equal((await t.call(analyticsRoutes.moodRate, { token: e.token, body: { rating: 7 } })).status, 409);
  });

  it("the client's settings.hideMoodMeter: the check answers need=false while it is set (server-side)", async () => {
    const c = await t.makeClient('analyticsmoodhide');
    const e = await t.makeEmployee(c.adminToken, 'e@analyticsmoodhide.test');
    const check = async () => {
      const r = await t.call(analyticsRoutes.moodCheck, { token: e.token, params: { id: e.user._id } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result;
    };
    const hide = async (hideMoodMeter: boolean) => {
      const r = await t.call(clientRoutes.clientUpdate, { token: c.adminToken, params: { id: c.client._id }, body: { settings: { hideMoodMeter } } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    };
    assert.deepEqual(await check(), { need: true });
    await hide(true);
    assert.deepEqual(await check(), { need: false });
    await hide(false);
    assert.deepEqual(await check(), { need: true });
  });
});
