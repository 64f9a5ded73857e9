// @slow 30s: its own portal (a controlled clock), a second replica of the opening jobs.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { adaptationEvents, adaptationRoutes as R, type Step } from '@intranet/adaptation-contract';
import type { AdaptationJobs as Jobs } from '@intranet/adaptation-server';
import { on, type BusEvent } from '@intranet/platform-bus';
import { sql } from '@intranet/platform-db';
import { JobQueue } from '@intranet/platform-jobs';
import { eventually } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

const quiet = { warn: () => undefined, debug: () => undefined };

/** The portal's instance of a provider class, found by class name in Nest's container. */
function provider<T>(t: TestPortal, name: string): T {
  const container = (
    t.portal.domains as unknown as {
      container: { getModules(): Map<string, { providers: Map<unknown, { metatype?: { name?: string }; instance: unknown }> }> };
    }
  ).container;
  for (const m of container.getModules().values()) for (const w of m.providers.values()) if (w.metatype?.name === name) return w.instance as T;
  throw new Error(`${name} not found`);
}

/**
 * Steps open on schedule with a controlled clock (the job's instant is given): on the start date plus the step's
 * days, at the client's opening hour in its time zone; once, also when two replicas run the same opening at once and
 * when a job runs again (a retry, a restarted service); the opening job is a durable row of the queue, due at the
 * right instant, and each opening is an evt.adaptation.step.opened naming the people the step's scenario tells.
 */
describe('adaptation schedule', () => {
  let t: TestPortal;
  let jobs: Jobs;
  const opened: BusEvent<{ adaptationId: string; stepId: string; notify: string[] }>[] = [];
  let off: () => Promise<void>;

  beforeAll(async () => {
    t = await testPortal();
    jobs = provider<Jobs>(t, 'AdaptationJobs');
    off = await on(t.portal.platform.bus, adaptationEvents.stepOpened, async (e) => void opened.push(e as never));
  });
  afterAll(async () => {
    await off();
    await t.close();
  });

  /** The queued opening jobs of an adaptation (the queue's own rows), by due instant. */
  const queued = async (adaptationId: string) => {
    const res = await t.portal.platform.db.asSystem('spec', (tx) =>
      tx.execute(sql`SELECT start_after FROM pgboss.job WHERE name = 'adaptation.steps.open' AND data->>'adaptationId' = ${adaptationId} ORDER BY start_after`),
    );
    return (res as unknown as { rows: { start_after: string | Date }[] }).rows.map((r) => new Date(r.start_after).toISOString());
  };

  it('opens each step on its day at the opening hour of the client’s zone, once, with two replicas and re-run jobs', async () => {
    const c = await t.makeClient('adaptsched');
    const emp = await t.makeEmployee(c.adminToken, 'new@adaptsched.test');
    const men = await t.makeEmployee(c.adminToken, 'men@adaptsched.test');
    const tok = c.adminToken;
    assert.equal(
      (await t.call(R.settingsSave, { token: tok, params: { client_id: c.client._id }, body: { time_zone: 'Europe/Kyiv', open_hour: 9 } })).status,
      200,
    );
    const tr = (await t.call(R.trackCreate, { token: tok, body: { name: 'Scheduled' } })).body.result;
    const stage = (await t.call(R.stageCreate, { token: tok, params: { track: tr._id }, body: { name: 'Start' } })).body.result.stagesList[0]!._id;
    const add = (body: Record<string, unknown>) => t.call(R.stepCreate, { token: tok, params: { track: tr._id }, body: { stage_id: stage, ...body } as never });
    await add({ type: 'task', name: 'Day zero', days: 0 });
    await add({ type: 'task', name: 'Day two', days: 2, notify: ['newcomer', 'mentor'] });
    const all: Step[] = (await add({ type: 'task', name: 'Day two as well', days: 2 })).body.result.stepsList;
    assert.equal((await t.call(R.trackActive, { token: tok, body: { track_id: tr._id, active: true } })).status, 200);

    const added = await t.call(R.userAdd, { token: tok, body: { track_id: tr._id, user_id: emp.user._id, mentor_id: men.user._id, start_date: '2031-03-10' } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const id = added.body.result._id;
    assert.ok(added.body.result.steps.every((s: { status: string }) => s.status === 'pending'));
    // The durable job of the first opening: 2031-03-10 09:00 in Kyiv (UTC+2 in March).
    assert.deepEqual(await queued(id), ['2031-03-10T07:00:00.000Z']);

    assert.deepEqual(await jobs.openDue(c.client._id, id, new Date('2031-03-10T06:59:00Z')), []);
    const first = await jobs.openDue(c.client._id, id, new Date('2031-03-10T07:00:00Z'));
    assert.deepEqual(first, [all.find((s) => s.name === 'Day zero')!._id]);
    // The same job again (a retry, a restarted service): nothing more.
    assert.deepEqual(await jobs.run({ clientId: c.client._id, adaptationId: id, at: '2031-03-10T07:00:00.000Z' }, new Date('2031-03-10T07:00:05Z')), []);
    // The next opening is queued for day two.
    assert.deepEqual(await queued(id), ['2031-03-10T07:00:00.000Z', '2031-03-12T07:00:00.000Z']);
    assert.deepEqual(await jobs.openDue(c.client._id, id, new Date('2031-03-11T12:00:00Z')), []);

    // Two replicas run day two's opening at the same moment: each step opens once.
    const replica = await t.db.replica();
    try {
      const queue = new JobQueue(replica, { log: quiet, pollingIntervalSeconds: 0.5 });
      const Ctor = jobs.constructor as new (...args: unknown[]) => Jobs;
      const internals = jobs as unknown as { outbox: unknown; repo: unknown };
      const second = new Ctor(replica, queue, internals.outbox, internals.repo);
      const at = new Date('2031-03-12T07:00:00Z');
      const [x, y] = await Promise.all([jobs.openDue(c.client._id, id, at), second.openDue(c.client._id, id, at)]);
      assert.equal(x.length + y.length, 2);
      assert.equal(new Set([...x, ...y]).size, 2);
    } finally {
      await replica.close();
    }

    const view = await t.call(R.adaptationOnTrack, { token: emp.token, params: { id } });
    assert.ok(view.body.result.steps.every((s: { status: string }) => s.status === 'open'));
    await eventually(() => opened.filter((e) => e.data.adaptationId === id).length >= 3);
    const mine = opened.filter((e) => e.data.adaptationId === id);
    assert.equal(new Set(mine.map((e) => e.data.stepId)).size, 3);
    assert.deepEqual(mine.find((e) => e.data.stepId === all.find((s) => s.name === 'Day two')!._id)!.data.notify.sort(), [emp.user._id, men.user._id].sort());
  });

  it('a stopped track opens nothing; starting it queues an opening job per adaptation that opens what is due', async () => {
    const c = await t.makeClient('adaptstop');
    const emp = await t.makeEmployee(c.adminToken, 'new@adaptstop.test');
    const tok = c.adminToken;
    await t.call(R.settingsSave, { token: tok, params: { client_id: c.client._id }, body: { open_hour: 0 } });
    const tr = (await t.call(R.trackCreate, { token: tok, body: { name: 'Stopped' } })).body.result;
    const stage = (await t.call(R.stageCreate, { token: tok, params: { track: tr._id }, body: { name: 'Start' } })).body.result.stagesList[0]!._id;
    await t.call(R.stepCreate, { token: tok, params: { track: tr._id }, body: { stage_id: stage, type: 'task', name: 'Hello', days: 0 } });
    const added = await t.call(R.userAdd, { token: tok, body: { track_id: tr._id, user_id: emp.user._id, mentor_id: c.admin._id, start_date: '2020-01-01' } });
    assert.equal(added.body.result.steps[0]!.status, 'pending');
    assert.deepEqual(await jobs.openDue(c.client._id, added.body.result._id), []);
    assert.equal((await t.call(R.trackActive, { token: tok, body: { track_id: tr._id, active: true } })).status, 200);
    // The start queued one opening job per adaptation, due now: the job workers open the step.
    assert.equal((await queued(added.body.result._id)).length, 1);
    await eventually(
      async () => (await t.call(R.adaptationOnTrack, { token: emp.token, params: { id: added.body.result._id } })).body.result.steps[0]!.status === 'open',
    );
  });
});
