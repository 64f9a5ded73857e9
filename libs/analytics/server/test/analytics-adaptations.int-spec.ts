import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { adaptationRoutes as A, type Step } from '@intranet/adaptation-contract';
import { eventuallyPasses } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/** Issue 35: GET api/analytics/adaptations/{id} from the projection of the adaptation domain's events. */
describe('analytics adaptations report (projection of evt.adaptation.*)', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await sharedPortal();
  });
  afterAll(async () => {
    await t.close();
  });

  it('started, finished, passed probation and in progress, by hand; a removed adaptation counts nowhere', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const a = await t.makeClient('analyticsadapt');
    const other = await t.makeClient('analyticsadapt2');
    // New employees have the `adaptation` right (HR's) by default.
    const hr = await t.makeEmployee(a.adminToken, 'hr@analyticsadapt.test');
    const mentor = await t.makeEmployee(a.adminToken, 'mentor@analyticsadapt.test');
    const n: Awaited<ReturnType<typeof t.makeEmployee>>[] = [];
    for (let i = 0; i < 3; i++) n.push(await t.makeEmployee(a.adminToken, `n${i}@analyticsadapt.test`));
    // Steps of day 0 open at once: the opening hour is midnight (UTC).
    assert.equal((await t.call(A.settingsSave, { token: a.adminToken, params: { client_id: a.client._id }, body: { open_hour: 0 } })).status, 200);
    const tr = await t.call(A.trackCreate, { token: hr.token, body: { name: 'Onboarding' } });
    assert.equal(tr.status, 200, JSON.stringify(tr.body));
    const track = tr.body.result._id as string;
    const stage = (await t.call(A.stageCreate, { token: hr.token, params: { track }, body: { name: 'Day one' } })).body.result.stagesList[0]!._id;
    const step = await t.call(A.stepCreate, {
      token: hr.token,
      params: { track },
      body: { stage_id: stage, type: 'task', name: 'Meet the team', days: 0 } as never,
    });
    assert.equal(step.status, 200, JSON.stringify(step.body));
    const stepId = step.body.result.stepsList.find((s: Step) => s.name === 'Meet the team')!._id as string;
    assert.equal((await t.call(A.trackActive, { token: hr.token, body: { track_id: track, active: true } })).status, 200);
    const ids: string[] = [];
    for (const p of n) {
      const r = await t.call(A.userAdd, {
        token: hr.token,
        body: { track_id: track, user_id: p.user._id, mentor_id: mentor.user._id, hr_id: hr.user._id, chief_id: null, start_date: today } as never,
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      ids.push(r.body.result._id);
    }
    // n0 finishes its only step (the adaptation finishes) and passes probation; n2 is taken off the track.
    await eventuallyPasses(async () => {
      const r = await t.call(A.stepFinish, { token: n[0]!.token, params: { user_track: ids[0]!, step_id: stepId } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }, 20_000);
    const passed = await t.call(A.adaptationProbation, { token: hr.token, params: { id: ids[0]! } });
    assert.equal(passed.status, 200, JSON.stringify(passed.body));
    assert.equal((await t.call(A.adaptationRemove, { token: hr.token, params: { track, user_track: ids[2]! } })).status, 200);

    const report = async (token: string, id: string) =>
      t.call(analyticsRoutes.reportAdaptations, { token, params: { id }, query: { dateFrom: today, dateTo: today } });
    // Three started, one removed: 2 started; n0 finished and passed probation; n1 still in progress.
    await eventuallyPasses(async () => {
      const r = await report(a.adminToken, a.client._id);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.result, { dateFrom: today, dateTo: today, started: 2, finished: 1, probationPassed: 1, inProgress: 1 });
    }, 20_000);
    // Before the period: nothing started yet; another client sees none of it and cannot ask for this one.
    const before = await t.call(analyticsRoutes.reportAdaptations, {
      token: a.adminToken,
      params: { id: a.client._id },
      query: { dateFrom: '2020-01-01', dateTo: '2020-01-31' },
    });
    assert.deepEqual(before.body.result, { dateFrom: '2020-01-01', dateTo: '2020-01-31', started: 0, finished: 0, probationPassed: 0, inProgress: 0 });
    assert.equal((await report(other.adminToken, a.client._id)).status, 404);
    assert.equal((await report(other.adminToken, other.client._id)).body.result.started, 0);
    assert.equal((await report(hr.token, a.client._id)).status, 403);
  });
});
