import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { tasksRoutes, type Desk, type Task } from '@intranet/tasks-contract';
import { ok } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Issue 29 §11: the §5 rules of a board's and a task's fields answer 400 with the field, its stable code and params
 * (the web words them under the field), and a refused change changes nothing. Through the real gateway and bus
 * (PostgreSQL + NATS when DATABASE_URL/NATS_URL are set, else PGlite in-process).
 */
describe('task tracker field errors (§5, §8 stable codes)', () => {
  let t: TestPortal;
  let owner: { id: string; token: string };
  let performer: { id: string; token: string };
  let desk: Desk;
  let task: Task;

  /** The field errors of a 400 as [field, code, params]. */
  const fieldErrors = (r: { status: number; body: { errors?: { field: string; code: string; params?: unknown }[] } }) => {
    assert.equal(r.status, 400, JSON.stringify(r.body));
    return (r.body.errors ?? []).map((e) => [e.field, e.code, e.params ?? null]);
  };

  beforeAll(async () => {
    t = await sharedPortal({ RATE_LIMIT_SCALE: '1000' });
    const co = await t.makeClient('tfieldco');
    for (const [name, set] of [
      ['owner', (v: typeof owner) => (owner = v)],
      ['performer', (v: typeof owner) => (performer = v)],
    ] as const) {
      const e = await t.makeEmployee(co.adminToken, `${name}@tfieldco.test`);
      set({ id: e.user._id, token: e.token });
    }
    desk = ok<Desk>(await t.call(tasksRoutes.deskCreate, { token: owner.token, body: { name: 'Fields', lanes: ['To do'] } }), 200, 'desk');
    task = ok<Task>(
      await t.call(tasksRoutes.taskAdd, {
        token: owner.token,
        params: { desk_id: desk._id, lane_id: desk.lanes[0]!._id },
        body: { name: 'Estimate', performer: performer.id, plan_hours: 4 },
      }),
      200,
      'task',
    );
  });
  afterAll(() => t.close());

  it('an empty board name: 400 on name with code required, on create and on change; the board keeps its name', async () => {
    assert.deepEqual(fieldErrors(await t.call(tasksRoutes.deskCreate, { token: owner.token, body: { name: '' } })), [['name', 'required', null]]);
    assert.deepEqual(fieldErrors(await t.call(tasksRoutes.deskUpdate, { token: owner.token, params: { id: desk._id }, body: { name: '   ' } })), [
      ['name', 'required', null],
    ]);
    assert.deepEqual(
      fieldErrors(
        await t.call(tasksRoutes.deskUpdate, { token: owner.token, params: { id: desk._id }, body: { lanes: [{ _id: desk.lanes[0]!._id, name: '' }] } }),
      ),
      [['lanes.0.name', 'required', null]],
    );
    const b = ok<Desk>(await t.call(tasksRoutes.deskGet, { token: owner.token, params: { id: desk._id } }));
    assert.equal(b.name, 'Fields');
    assert.equal(b.lanes[0]!.name, 'To do');
  });

  it('planned hours −3: 400 on plan_hours with code notNegative; too many hours: tooBig {max}; the task keeps its hours', async () => {
    const put = (body: Record<string, unknown>, token = owner.token) =>
      t.call(tasksRoutes.taskUpdate, { token, params: { id: task._id }, body: body as never });
    assert.deepEqual(fieldErrors(await put({ plan_hours: -3 })), [['plan_hours', 'notNegative', null]]);
    assert.deepEqual(fieldErrors(await put({ actual_hours: 100_001 }, performer.token)), [['actual_hours', 'tooBig', { max: 100_000 }]]);
    const add = await t.call(tasksRoutes.taskAdd, {
      token: owner.token,
      params: { desk_id: desk._id, lane_id: desk.lanes[0]!._id },
      body: { name: 'Negative', plan_hours: -3 },
    });
    assert.deepEqual(fieldErrors(add), [['plan_hours', 'notNegative', null]]);
    assert.equal(ok<Task>(await t.call(tasksRoutes.taskGet, { token: owner.token, params: { id: task._id } })).plan_hours, 4);
  });

  it('non-numeric actual hours ("abc"): 400 on actual_hours with code notNumber, for the performer and the owner; nothing changes', async () => {
    for (const token of [performer.token, owner.token]) {
      const r = await t.call(tasksRoutes.taskUpdate, { token, params: { id: task._id }, body: { actual_hours: 'abc' } as never });
      assert.deepEqual(fieldErrors(r), [['actual_hours', 'notNumber', null]]);
    }
    const r = await t.call(tasksRoutes.taskUpdate, { token: owner.token, params: { id: task._id }, body: { plan_hours: '3' } as never });
    assert.deepEqual(fieldErrors(r), [['plan_hours', 'notNumber', null]]);
    const after = ok<Task>(await t.call(tasksRoutes.taskGet, { token: owner.token, params: { id: task._id } }));
    assert.deepEqual([after.plan_hours, after.actual_hours], [4, null]);
  });
});
