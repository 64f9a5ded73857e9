import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { adaptationEvents, adaptationRoutes } from '@intranet/adaptation-contract';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { ProjectionsRebuild } from '@intranet/analytics-server';
import { peopleEvents, peopleRoutes } from '@intranet/people-contract';
import { shopEvents, shopRoutes } from '@intranet/shop-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { eventuallyPasses } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Issue 35: the projections (people's users, shop's coin movements, adaptations) and the daily rollups (sessions, module visits)
 * rebuilt from the event stream and the stored reports give the same figures as the live ones. Its own portal: it
 * reaches the domain's rebuild service (`ProjectionsRebuild`) and records the bus' events from before the client
 * exists.
 */
describe('analytics projections rebuilt from the stream equal the live ones (issue 35)', () => {
  let t: TestPortal;
  const seen: BusEvent[] = [];
  const offs: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    t = await testPortal();
    const bus = t.portal.platform.bus;
    for (const pattern of ['evt.people.user.*', 'evt.shop.>', 'evt.adaptation.>']) offs.push(await bus.subscribe(pattern, async (e) => void seen.push(e)));
  });
  afterAll(async () => {
    for (const off of offs) await off();
    await t.close();
  });

  it('clears every projected row of the client, replays its events (each twice) and rebuilds the rollups: same reports', async () => {
    const now = Date.now();
    const [yesterday, today] = [day(now - DAY), day(now)];
    const a = await t.makeClient('analyticsrebuild');
    const e1 = await t.makeEmployee(a.adminToken, 'e1@analyticsrebuild.test', {
      position: 'Dev',
      department: 'IT',
      birthDate: '1990-05-01',
      workingSince: '2020-03-01',
    });
    const e2 = await t.makeEmployee(a.adminToken, 'e2@analyticsrebuild.test', { position: 'QA', department: 'IT', workingSince: '2015-01-01' });
    const e3 = await t.makeEmployee(a.adminToken, 'e3@analyticsrebuild.test', { position: 'CFO', department: 'Fin', workingSince: '2018-01-01' });
    assert.equal((await t.call(peopleRoutes.userDelete, { token: a.adminToken, params: { id: e3.user._id } })).status, 200);

    // Coins: 5 and 3 accrued, the 3 cancelled, a purchase of 2.
    const ach = await t.call(shopRoutes.achievementCreate, {
      token: a.adminToken,
      params: { client: a.client._id },
      body: { name: 'Help', description: 'Helped' },
    });
    assert.equal(ach.status, 200, JSON.stringify(ach.body));
    const accrue = async (amount: number) => {
      const r = await t.call(shopRoutes.accrualCreate, {
        token: a.adminToken,
        body: { recipient: e1.user._id, achievement: ach.body.result._id, amount, comment: 'Well done' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result._id as string;
    };
    await accrue(5);
    assert.equal((await t.call(shopRoutes.accrualCancel, { token: a.adminToken, params: { id: await accrue(3) } })).status, 200);
    const item = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: a.client._id }, body: { name: 'Mug', cost: 2 } });
    assert.equal(item.status, 200, JSON.stringify(item.body));
    const buy = await t.call(shopRoutes.purchaseCreate, { token: e1.token, body: { item: item.body.result._id } });
    assert.equal(buy.status, 200, JSON.stringify(buy.body));
    // The last people event: e2 moves to another department.
    const moved = await t.call(peopleRoutes.userUpdate, { token: a.adminToken, params: { id: e2.user._id }, body: { department: 'Ops' } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));

    // Sessions and visits over two days: e1 twice yesterday, once today; e2 once today.
    const at = (ms: number) => new Date(ms).toISOString();
    const midnight = Date.parse(`${today}T00:00:00Z`);
    const session = async (token: string, spans: [number, number][]) => {
      const r = await t.call(analyticsRoutes.sessionRecord, {
        token,
        body: { sessions: spans.map(([s, e]) => ({ sessionStart: at(s), currentTime: at(e) })) },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    };
    await session(e1.token, [
      [midnight - 3 * 3_600_000, midnight - 2 * 3_600_000],
      [midnight - 10 * 60_000, midnight + 20 * 60_000],
    ]);
    await session(e1.token, [[midnight + 60_000, midnight + 11 * 60_000]]);
    await session(e2.token, [[midnight + 60_000, midnight + 31 * 60_000]]);
    const visit = async (token: string, visits: [string, number][]) => {
      const r = await t.call(analyticsRoutes.moduleRecord, { token, body: { visits: visits.map(([moduleName, ms]) => ({ moduleName, date: at(ms) })) } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    };
    await visit(e1.token, [
      ['wall', midnight - 60_000],
      ['wall', midnight + 60_000],
      ['kb', midnight + 60_000],
    ]);
    await visit(e1.token, [['wall', midnight + 120_000]]);
    await visit(e2.token, [['wall', midnight + 60_000]]);

    // e1 starts an adaptation today (the admin is HR, e2 the mentor): the adaptations projection has one row.
    const ok = <R extends { status: number; body: unknown }>(r: R): R => {
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r;
    };
    const tr = ok(await t.call(adaptationRoutes.trackCreate, { token: a.adminToken, body: { name: 'Onboarding' } })).body.result;
    const staged = ok(await t.call(adaptationRoutes.stageCreate, { token: a.adminToken, params: { track: tr._id }, body: { name: 'Week one' } }));
    const stepBody = { stage_id: staged.body.result.stagesList[0]!._id, type: 'task', name: 'Meet the team', days: 3 } as const;
    ok(await t.call(adaptationRoutes.stepCreate, { token: a.adminToken, params: { track: tr._id }, body: stepBody }));
    ok(await t.call(adaptationRoutes.trackActive, { token: a.adminToken, body: { track_id: tr._id, active: true } }));
    const adapt = { track_id: tr._id, user_id: e1.user._id, mentor_id: e2.user._id, start_date: today };
    ok(await t.call(adaptationRoutes.userAdd, { token: a.adminToken, body: adapt }));

    const params = { id: a.client._id };
    const q = { dateFrom: yesterday, dateTo: today };
    const reports = async () => {
      const out: Record<string, unknown> = {};
      for (const name of [
        'reportVisitors',
        'reportModules',
        'reportTurnover',
        'reportDemography',
        'reportPositions',
        'reportDepartments',
        'reportAdaptations',
      ] as const) {
        const r = await t.call(analyticsRoutes[name], { token: a.adminToken, params, query: q });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        out[name] = r.body.result;
      }
      const c = await t.call(analyticsRoutes.reportCoins, { token: a.adminToken, params: { client_id: a.client._id }, query: q });
      assert.equal(c.status, 200, JSON.stringify(c.body));
      out.reportCoins = c.body.result;
      return out as Record<string, any>;
    };

    // The live figures, hand-computed, once the projections have taken every event.
    let live: Record<string, any> = {};
    await eventuallyPasses(async () => {
      live = await reports();
      assert.deepEqual([live.reportCoins.accrued, live.reportCoins.spent], [5, 2]);
      assert.deepEqual([live.reportAdaptations.started, live.reportAdaptations.inProgress], [1, 1]);
      assert.deepEqual(live.reportDepartments.groups, [
        { key: '', count: 1 },
        { key: 'Fin', count: 1 },
        { key: 'IT', count: 1 },
        { key: 'Ops', count: 1 },
      ]);
    }, 20_000);
    // The admin, e1, e2 and e3 (dismissed today: still a working day) on both days; 1 deactivation / 3.5 average.
    assert.deepEqual(live.reportTurnover, {
      dateFrom: yesterday,
      dateTo: today,
      deactivations: 1,
      activeAtStart: 3,
      activeAtEnd: 4,
      averageActive: 3.5,
      turnover: 28.57,
    });
    assert.deepEqual(live.reportModules.modules, [
      { moduleName: 'wall', visits: 4, visitorDays: 3 },
      { moduleName: 'kb', visits: 1, visitorDays: 1 },
    ]);
    assert.deepEqual(
      [live.reportVisitors.sessions, live.reportVisitors.activeUsers, live.reportVisitors.byDay],
      [
        4,
        2,
        [
          { day: yesterday, sessions: 2, users: 1 },
          { day: today, sessions: 2, users: 2 },
        ],
      ],
    );
    // 60 + 30 + 10 + 30 minutes over 4 sessions.
    assert.equal(live.reportVisitors.avgSessionMinutes, 32.5);

    // Every event of the client reached the recorder too (each subject's events arrive in order: the last ones suffice).
    await eventuallyPasses(() => {
      assert.ok(
        seen.some(
          (e) =>
            e.subject === peopleEvents.userUpdated.subject &&
            (e.data as { _id?: string; department?: string })._id === e2.user._id &&
            (e.data as { department?: string }).department === 'Ops',
        ),
      );
      assert.ok(seen.some((e) => e.subject === shopEvents.purchased.subject && e.clientId === a.client._id));
      assert.ok(seen.some((e) => e.subject === adaptationEvents.started.subject && e.clientId === a.client._id));
    }, 20_000);

    // People records the dismissal day and carries it in the deletion event (§9: the last working day).
    const gone = seen.find((e) => e.subject === peopleEvents.userDeleted.subject && (e.data as { _id?: string })._id === e3.user._id);
    assert.equal((gone?.data as { deactivatedOn?: string | null } | undefined)?.deactivatedOn, today);

    const rebuild = t.portal.domains.get(ProjectionsRebuild, { strict: false });
    await rebuild.clear(a.client._id);
    const cleared = await reports();
    assert.deepEqual(
      [
        cleared.reportTurnover.activeAtEnd,
        cleared.reportCoins.accrued,
        cleared.reportModules.modules,
        cleared.reportVisitors.sessions,
        cleared.reportPositions.total,
        cleared.reportAdaptations.started,
      ],
      [0, 0, [], 0, 0, 0],
    );
    // Each event twice, as a redelivery would bring it.
    await rebuild.replay(
      a.client._id,
      seen.flatMap((e) => [e, e]),
    );
    assert.deepEqual(await reports(), live);
  });
});
