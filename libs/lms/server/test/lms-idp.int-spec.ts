import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { LMS_ERRORS, lmsEvents, lmsRoutes } from '@intranet/lms-contract';
import { notificationsRoutes, type Notification } from '@intranet/notifications-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/**
 * Individual development plans through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): who sees
 * and changes a plan (employee, creator, observer, admin, another employee, another client), finishing only with
 * every task done, the change log and the events.
 */
describe('lms IDP (§7 IDP, §3, §4 IDP, §6)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  const people: Record<'manager' | 'employee' | 'observer' | 'stranger', { id: string; token: string }> = {} as never;
  const events: BusEvent[] = [];
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('idpacme');
    other = await t.makeClient('idpother');
    for (const k of ['manager', 'employee', 'observer', 'stranger'] as const) {
      const e = await t.makeEmployee(acme.adminToken, `${k}@idpacme.test`);
      people[k] = { id: e.user._id, token: e.token };
    }
    for (const def of [lmsEvents.idpChanged, lmsEvents.idpTaskDone, lmsEvents.idpFinished])
      await on(t.portal.platform.bus, def, async (e) => void events.push({ ...e, subject: def.subject } as BusEvent));
  });
  afterAll(async () => {
    await t.close();
  });

  it('a manager keeps a plan with an employee and an observer; it finishes only when every task is done', async () => {
    const { manager, employee, observer, stranger } = people;
    const foreign = await t.call(lmsRoutes.idpCreate, { token: other.adminToken, body: { title: 'Grow', employee: employee.id } });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].field, 'employee');
    const made = await t.call(lmsRoutes.idpCreate, {
      token: manager.token,
      body: {
        title: 'Grow',
        message: 'Next level',
        employee: employee.id,
        observer: observer.id,
        tasks: [{ title: 'Read a book', deadline: '2027-01-31' }, { title: 'Give a talk' }],
      },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const plan = made.body.result;
    assert.equal(plan.status, 'active');
    assert.equal(plan.creator, manager.id);

    // Who sees it: employee, creator, observer, admin; not another employee nor another client.
    for (const p of [manager, employee, observer]) assert.equal((await t.call(lmsRoutes.idpGet, { token: p.token, params: { id: plan._id } })).status, 200);
    assert.equal((await t.call(lmsRoutes.idpGet, { token: acme.adminToken, params: { id: plan._id } })).status, 200);
    assert.equal((await t.call(lmsRoutes.idpGet, { token: stranger.token, params: { id: plan._id } })).status, 404);
    assert.equal((await t.call(lmsRoutes.idpGet, { token: other.adminToken, params: { id: plan._id } })).status, 404);
    assert.equal((await t.call(lmsRoutes.idpList, { token: stranger.token })).body.result.total, 0);
    assert.equal((await t.call(lmsRoutes.idpList, { token: observer.token })).body.result.total, 1);
    assert.equal((await t.call(lmsRoutes.idpListFor, { token: manager.token, params: { id: employee.id } })).body.result.total, 1);
    assert.equal((await t.call(lmsRoutes.idpListFor, { token: stranger.token, params: { id: employee.id } })).body.result.total, 0);

    // The observer writes notes but does not change the plan.
    assert.equal((await t.call(lmsRoutes.idpUpdate, { token: observer.token, params: { id: plan._id }, body: { note: 'Keep going' } })).status, 200);
    assert.equal((await t.call(lmsRoutes.idpUpdate, { token: observer.token, params: { id: plan._id }, body: { title: 'Mine' } })).status, 403);
    assert.equal((await t.call(lmsRoutes.idpFinishTask, { token: stranger.token, body: { idp_id: plan._id, task_id: plan.tasks[0]._id } })).status, 404);

    // Finishing with an open task is refused with the §4 text; nothing changes.
    const early = await t.call(lmsRoutes.idpUpdate, { token: manager.token, params: { id: plan._id }, body: { status: 'finished' } });
    assert.equal(early.status, 400);
    assert.equal(early.body.errors[0].code, LMS_ERRORS.idpOpenTasks.code);
    assert.equal(early.body.errors[0].message, 'Every task must be done to finish the plan');
    assert.equal((await t.call(lmsRoutes.idpGet, { token: manager.token, params: { id: plan._id } })).body.result.status, 'active');

    const one = await t.call(lmsRoutes.idpFinishTask, { token: employee.token, body: { idp_id: plan._id, task_id: plan.tasks[0]._id } });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.result.status, 'active');
    assert.deepEqual(
      one.body.result.tasks.map((x: { done: boolean }) => x.done),
      [true, false],
    );
    const two = await t.call(lmsRoutes.idpFinishTask, { token: employee.token, body: { idp_id: plan._id, task_id: plan.tasks[1]._id } });
    assert.equal(two.body.result.status, 'finished');
    assert.deepEqual(
      two.body.result.history.map((h: { action: string }) => h.action),
      ['created', 'note', 'task_done', 'task_done', 'finished'],
    );
    const after = (await t.call(lmsRoutes.idpGet, { token: observer.token, params: { id: plan._id } })).body.result;
    assert.equal(after.notes[0].text, 'Keep going');
    const done = await t.call(lmsRoutes.idpUpdate, { token: manager.token, params: { id: plan._id }, body: { title: 'Late edit' } });
    assert.equal(done.status, 400);
    assert.equal(done.body.code, LMS_ERRORS.idpFinished.code);

    await eventually(() => events.some((e) => e.subject === lmsEvents.idpFinished.subject));
    assert.equal(events.filter((e) => e.subject === lmsEvents.idpTaskDone.subject).length, 2);

    // Deleting: the creator, not the employee.
    assert.equal((await t.call(lmsRoutes.idpDelete, { token: employee.token, params: { id: plan._id } })).status, 403);
    assert.equal((await t.call(lmsRoutes.idpDelete, { token: manager.token, params: { id: plan._id } })).status, 200);
  });

  it('a plan created or changed notifies its employee and observer in section idp, not who changed it', async () => {
    const { manager, employee, observer } = people;
    const feed = async (p: { id: string; token: string }): Promise<Notification[]> =>
      (
        await t.call(notificationsRoutes.notificationFeed, {
          token: p.token,
          params: { client: acme.client._id, section: 'idp', user: p.id, time: 'now' },
          query: { limit: '100' },
        })
      ).body.result.items;
    const made = (await t.call(lmsRoutes.idpCreate, { token: manager.token, body: { title: 'Notify me', employee: employee.id, observer: observer.id } })).body
      .result;
    const ofPlan = async (p: { id: string; token: string }, type: string) => (await feed(p)).filter((n) => n.type === type && n.link === `/idp/${made._id}`);
    for (const p of [employee, observer]) await eventually(async () => (await ofPlan(p, 'idp.created')).length === 1, 15_000);
    const changed = await t.call(lmsRoutes.idpUpdate, {
      token: employee.token,
      params: { id: made._id },
      body: { tasks: [{ title: 'A new task', deadline: null, done: false }] },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    for (const p of [manager, observer]) await eventually(async () => (await ofPlan(p, 'idp.changed')).length === 1, 15_000);
    // The author of a change is not told about it (the employee changed it; the creator made it).
    assert.equal((await ofPlan(employee, 'idp.changed')).length, 0);
    assert.equal((await ofPlan(manager, 'idp.created')).length, 0);
  });
});
