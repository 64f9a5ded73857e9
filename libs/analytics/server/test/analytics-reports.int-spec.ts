import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { shopRoutes } from '@intranet/shop-contract';
import { eventuallyPasses } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

const DAY = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** The same calendar day `years` years back, plus `plusDays`. */
const yearsAgo = (years: number, plusDays = 0) => {
  const d = new Date();
  return day(new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + plusDays)));
};

/** §7 Analytics reports against hand-computed values, through the real gateway and bus (both modes). */
describe('analytics reports (§7 Analytics, §9 turnover and demography)', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let b: Awaited<ReturnType<TestPortal['makeClient']>>;
  const today = day(new Date());
  const tomorrow = day(new Date(Date.now() + DAY));
  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('analyticsrep');
    b = await t.makeClient('analyticsrepb');
  });
  afterAll(async () => {
    await t.close();
  });

  it('turnover counts the dismissal day as a working day; demography buckets at their edges; positions, departments', async () => {
    const q = { dateFrom: today, dateTo: today };
    // The admin: hired today (no workingSince), no birth date.
    await t.makeEmployee(a.adminToken, 'e1@analyticsrep.test', { workingSince: yearsAgo(1), birthDate: yearsAgo(20), position: 'Dev', department: 'IT' });
    await t.makeEmployee(a.adminToken, 'e2@analyticsrep.test', { workingSince: yearsAgo(1, 1), birthDate: yearsAgo(20, 1), position: 'Dev', department: 'IT' });
    const e3 = await t.makeEmployee(a.adminToken, 'e3@analyticsrep.test', {
      workingSince: yearsAgo(10),
      birthDate: yearsAgo(50),
      position: 'CFO',
      department: 'Fin',
    });
    const del = await t.call(peopleRoutes.userDelete, { token: a.adminToken, params: { id: e3.user._id } });
    assert.equal(del.status, 200, JSON.stringify(del.body));

    await eventuallyPasses(async () => {
      const r = await t.call(analyticsRoutes.reportTurnover, { token: a.adminToken, params: { id: a.client._id }, query: q });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      // 1 deactivation / average of 4 and 4 active (e3 still works on the dismissal day) × 100.
      assert.deepEqual(r.body.result, { dateFrom: today, dateTo: today, deactivations: 1, activeAtStart: 4, activeAtEnd: 4, averageActive: 4, turnover: 25 });
    }, 15_000);
    const demo = await t.call(analyticsRoutes.reportDemography, { token: a.adminToken, params: { id: a.client._id }, query: q });
    assert.equal(demo.status, 200, JSON.stringify(demo.body));
    const counts = (rows: { key: string; count: number }[]) => Object.fromEntries(rows.filter((r) => r.count).map((r) => [r.key, r.count]));
    assert.equal(demo.body.result.total, 4);
    assert.deepEqual(counts(demo.body.result.workingTime), { '0-1': 2, '1-3': 1, '10+': 1 });
    assert.deepEqual(counts(demo.body.result.age), { '<20': 1, '20-30': 1, '50+': 1, unknown: 1 });
    const lt3m = await t.call(analyticsRoutes.reportDemography, { token: a.adminToken, params: { id: a.client._id }, query: { ...q, workingTime: 'lt3m' } });
    assert.equal(lt3m.status, 200);
    assert.equal(lt3m.body.result.total, 1);
    const pos = await t.call(analyticsRoutes.reportPositions, { token: a.adminToken, params: { id: a.client._id }, query: { dateTo: tomorrow } });
    assert.equal(pos.status, 200);
    // The day after the dismissal e3 no longer counts.
    assert.deepEqual(pos.body.result, {
      total: 3,
      groups: [
        { key: 'Dev', count: 2 },
        { key: '', count: 1 },
      ],
    });
    const deps = await t.call(analyticsRoutes.reportDepartments, { token: a.adminToken, params: { id: a.client._id }, query: q });
    assert.equal(deps.status, 200);
    assert.deepEqual(deps.body.result.groups, [
      { key: 'IT', count: 2 },
      { key: '', count: 1 },
      { key: 'Fin', count: 1 },
    ]);
  });

  it('sessions and module visits: user and client from the session; admins of the client only; 404 for another client', async () => {
    const e = await t.makeEmployee(a.adminToken, 'visitor@analyticsrep.test');
    const now = Date.now();
    const s = await t.call(analyticsRoutes.sessionRecord, {
      token: e.token,
      body: {
        sessions: [
          { sessionStart: new Date(now - 30 * 60_000).toISOString(), currentTime: new Date(now - 20 * 60_000).toISOString() },
          { sessionStart: new Date(now - 10 * 60_000).toISOString(), currentTime: new Date(now).toISOString() },
        ],
      },
    });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const v = await t.call(analyticsRoutes.moduleRecord, {
      token: e.token,
      body: { visits: ['wall', 'polls', 'wall'].map((moduleName) => ({ moduleName, date: new Date().toISOString() })) },
    });
    assert.equal(v.status, 200, JSON.stringify(v.body));
    const q = { dateFrom: day(new Date(now - 30 * 60_000)), dateTo: today };
    const vis = await t.call(analyticsRoutes.reportVisitors, { token: a.adminToken, params: { id: a.client._id }, query: q });
    assert.equal(vis.status, 200, JSON.stringify(vis.body));
    assert.equal(vis.body.result.sessions, 2);
    assert.equal(vis.body.result.activeUsers, 1);
    assert.equal(vis.body.result.avgSessionMinutes, 10);
    const mods = await t.call(analyticsRoutes.reportModules, { token: a.adminToken, params: { id: a.client._id }, query: q });
    assert.equal(mods.status, 200);
    assert.deepEqual(mods.body.result.modules, [
      { moduleName: 'wall', visits: 2, visitorDays: 1 },
      { moduleName: 'polls', visits: 1, visitorDays: 1 },
    ]);
    const asEmployee = await t.call(analyticsRoutes.reportModules, { token: e.token, params: { id: a.client._id }, query: q });
    assert.equal(asEmployee.status, 403);
    const foreign = await t.call(analyticsRoutes.reportVisitors, { token: b.adminToken, params: { id: a.client._id }, query: q });
    assert.equal(foreign.status, 404);
    const own = await t.call(analyticsRoutes.reportVisitors, { token: b.adminToken, params: { id: b.client._id }, query: q });
    assert.equal(own.status, 200);
    assert.equal(own.body.result.sessions, 0);
    const reversed = await t.call(analyticsRoutes.reportVisitors, {
      token: a.adminToken,
      params: { id: a.client._id },
      query: { dateFrom: today, dateTo: '2000-01-01' },
    });
    assert.equal(reversed.status, 400);
  });

  it('coin movements from shop events: accruals less cancellations, purchases, by day; admins of the client only', async () => {
    const e = await t.makeEmployee(a.adminToken, 'coins@analyticsrep.test');
    const ach = await t.call(shopRoutes.achievementCreate, {
      token: a.adminToken,
      params: { client: a.client._id },
      body: { name: 'Helper', description: 'Helped' },
    });
    assert.equal(ach.status, 200, JSON.stringify(ach.body));
    const accrue = async (amount: number) => {
      const r = await t.call(shopRoutes.accrualCreate, {
        token: a.adminToken,
        body: { recipient: e.user._id, achievement: ach.body.result._id, amount, comment: 'Well done' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result._id as string;
    };
    await accrue(5);
    const undone = await accrue(3);
    assert.equal((await t.call(shopRoutes.accrualCancel, { token: a.adminToken, params: { id: undone } })).status, 200);
    const item = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: a.client._id }, body: { name: 'Mug', cost: 2 } });
    assert.equal(item.status, 200, JSON.stringify(item.body));
    const buy = await t.call(shopRoutes.purchaseCreate, { token: e.token, body: { item: item.body.result._id } });
    assert.equal(buy.status, 200, JSON.stringify(buy.body));
    const q = { dateFrom: today, dateTo: today };
    await eventuallyPasses(async () => {
      const r = await t.call(analyticsRoutes.reportCoins, { token: a.adminToken, params: { client_id: a.client._id }, query: q });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      // 5 + 3 accrued, 3 cancelled; one purchase of 2.
      assert.deepEqual(r.body.result, {
        dateFrom: today,
        dateTo: today,
        accrued: 5,
        spent: 2,
        nullified: 0,
        byDay: [{ day: today, accrued: 5, spent: 2, nullified: 0 }],
      });
    }, 15_000);
    const other = await t.call(analyticsRoutes.reportCoins, { token: b.adminToken, params: { client_id: b.client._id }, query: q });
    assert.equal(other.status, 200);
    assert.deepEqual([other.body.result.accrued, other.body.result.byDay], [0, []]);
    assert.equal((await t.call(analyticsRoutes.reportCoins, { token: e.token, params: { client_id: a.client._id }, query: q })).status, 403);
    assert.equal((await t.call(analyticsRoutes.reportCoins, { token: b.adminToken, params: { client_id: a.client._id }, query: q })).status, 404);
  });

  it('the analytics and mood features switched off for a client close their routes to its admins and employees', async () => {
    const c = await t.makeClient('analyticsrepoff');
    const e = await t.makeEmployee(c.adminToken, 'e@analyticsrepoff.test');
    const q = { dateFrom: today, dateTo: today };
    const report = () => t.call(analyticsRoutes.reportVisitors, { token: c.adminToken, params: { id: c.client._id }, query: q });
    const visit = () => t.call(analyticsRoutes.moduleRecord, { token: e.token, body: { visits: [{ moduleName: 'wall', date: new Date().toISOString() }] } });
    const check = () => t.call(analyticsRoutes.moodCheck, { token: e.token, params: { id: e.user._id } });
    assert.equal((await report()).status, 200);
    assert.equal((await visit()).status, 200);
    assert.equal((await check()).status, 200);
    const switched = async (code: 'analytics' | 'mood') => {
      const r = await t.call(clientRoutes.featuresSwitch, { token: c.superToken, params: { client: c.client._id, code } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    };
    await switched('analytics');
    assert.equal((await report()).status, 403);
    assert.equal((await visit()).status, 403);
    assert.equal((await check()).status, 200, 'mood is a feature of its own');
    await switched('mood');
    assert.equal((await check()).status, 403);
    assert.equal((await t.call(analyticsRoutes.moodRate, { token: e.token, body: { rating: 5 } })).status, 403);
    await switched('analytics');
    assert.equal((await report()).status, 200);
  });
});
