// @slow 20s (started first by tools/scripts/jest-slow-first.mjs): six employees in two clients, concurrent moves, lane deletions.
import assert from 'node:assert/strict';
import { beforeAll, describe, it } from '@jest/globals';
import { tasksRoutes, type Desk, type Task } from '@intranet/tasks-contract';
import { ok } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { tasksWorld } from './tasks-world.ts';

/**
 * Boards' lanes and order through the real gateway and bus: the generic module calls' 404 for an unregistered
 * module, ordering under concurrent moves, and §4 lane deletion (move or delete its tasks, never silently).
 */
describe('task tracker lanes and order (§7 Task tracker, §4 Task board)', () => {
  const w = tasksWorld(sharedPortal, 'l');
  const { u, board, laneOrder } = w;
  // The portal exists once beforeAll has run.
  let t: TestPortal;
  beforeAll(() => {
    t = w.t;
  });

  it('an unregistered module of the generic calls answers 404 apiNotFound, signed in or not; registered paths keep their routes', async () => {
    const fastify = t.portal.app.getHttpAdapter().getInstance();
    for (const [method, url] of [
      ['GET', '/api/nomodule'],
      ['GET', '/api/nomodule/0190a1b2-0000-7000-8000-000000000000'],
      ['POST', '/api/nomodule'],
      ['PUT', '/api/nomodule/x'],
      ['DELETE', '/api/nomodule/x'],
    ] as const) {
      for (const auth of [{}, { authorization: `Bearer ${u.owner.token}` }]) {
        const r = await fastify.inject({ method, url, headers: auth, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
        assert.equal(r.statusCode, 404, `${method} ${url}`);
        assert.equal(r.json().code, 'apiNotFound');
      }
    }
    const anonymous = await fastify.inject({ method: 'GET', url: '/api/desk' });
    assert.equal(anonymous.statusCode, 401);
  });

  it('two people moving cards of one lane at the same time end in one consistent order: no lost card, no duplicate place', async () => {
    const d = ok<Desk>(await t.call(tasksRoutes.deskCreate, { token: u.owner.token, body: { name: 'Race', lanes: ['A', 'B'], admins: [u.boardAdmin.id] } }));
    const [a, bLane] = [d.lanes[0]!._id, d.lanes[1]!._id];
    const made: Task[] = [];
    for (let i = 0; i < 8; i++)
      made.push(ok(await t.call(tasksRoutes.taskAdd, { token: u.owner.token, params: { desk_id: d._id, lane_id: a }, body: { name: `c${i}` } })));
    for (let round = 0; round < 5; round++) {
      const moves = [
        t.call(tasksRoutes.taskMove, { token: u.owner.token, params: { desk_id: d._id }, body: { task_id: made[round]!._id, lane_id: a, index: 1 } }),
        t.call(tasksRoutes.taskMove, { token: u.boardAdmin.token, params: { desk_id: d._id }, body: { task_id: made[7 - round]!._id, lane_id: a, index: 1 } }),
        t.call(tasksRoutes.taskMove, {
          token: u.boardAdmin.token,
          params: { desk_id: d._id },
          body: { task_id: made[3]!._id, lane_id: round % 2 ? a : bLane, index: 0 },
        }),
      ];
      for (const r of await Promise.all(moves)) assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const seenBy = await Promise.all([board(u.owner.token, d._id), board(u.boardAdmin.token, d._id)]);
    assert.deepEqual(
      seenBy[0].tasks,
      seenBy[1].tasks.map((x) => ({ ...x, can: x.can })),
      'both see one order',
    );
    const all = seenBy[0].tasks;
    assert.equal(all.length, 8, 'no lost card');
    assert.equal(new Set(all.map((x) => x._id)).size, 8, 'no duplicate card');
    for (const l of [a, bLane]) {
      const keys = all.filter((x) => x.lane_id === l).map((x) => x.position);
      assert.equal(new Set(keys).size, keys.length, 'no two cards share a place');
      assert.deepEqual(
        keys,
        [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
        'the board lists each lane in key order',
      );
    }
    // Two cards sent to the top of lane B at once: both end on top (one after the other), neither lost or tied.
    const [x, y] = [made[5]!, made[6]!];
    const both = await Promise.all([
      t.call(tasksRoutes.taskMove, { token: u.owner.token, params: { desk_id: d._id }, body: { task_id: x._id, lane_id: bLane, index: 0 } }),
      t.call(tasksRoutes.taskMove, { token: u.boardAdmin.token, params: { desk_id: d._id }, body: { task_id: y._id, lane_id: bLane, index: 0 } }),
    ]);
    assert.deepEqual(
      both.map((r) => r.status),
      [200, 200],
    );
    const top2 = (await board(u.owner.token, d._id)).tasks
      .filter((c) => c.lane_id === bLane)
      .slice(0, 2)
      .map((c) => c.name);
    assert.deepEqual([...top2].sort(), ['c5', 'c6']);
  });

  it('DELETE api/task_tracker/{desk_id}/lane/{lane_id}: a lane with tasks asks move or delete (409), moves keep order, delete removes; never silently', async () => {
    const d = ok<Desk>(
      await t.call(tasksRoutes.deskCreate, {
        token: u.owner.token,
        body: { name: 'Lanes', lanes: ['One', 'Two', 'Three', 'Empty'], members: [{ user: u.viewer.id, right: 'view' }] },
      }),
    );
    const [one, two, three, empty] = d.lanes.map((l) => l._id) as [string, string, string, string];
    for (const [lane_, names] of [
      [one, ['o1', 'o2']],
      [two, ['t1']],
      [three, ['x1', 'x2']],
    ] as const)
      for (const name of names) ok(await t.call(tasksRoutes.taskAdd, { token: u.owner.token, params: { desk_id: d._id, lane_id: lane_ }, body: { name } }));

    const asks = await t.call(tasksRoutes.laneDelete, { token: u.owner.token, params: { desk_id: d._id, lane_id: one } });
    assert.equal(asks.status, 409);
    assert.equal(asks.body.code, 'laneHasTasks');
    assert.equal(asks.body.params.count, 2);
    const same = await t.call(tasksRoutes.laneDelete, { token: u.owner.token, params: { desk_id: d._id, lane_id: one }, query: { tasks: 'move', to: one } });
    assert.equal(same.status, 400);
    assert.equal(same.body.errors[0].message, 'Choose another lane');
    const noTarget = await t.call(tasksRoutes.laneDelete, { token: u.owner.token, params: { desk_id: d._id, lane_id: one }, query: { tasks: 'move' } });
    assert.equal(noTarget.body.errors[0].message, 'Field is required');
    assert.equal((await board(u.owner.token, d._id)).tasks.length, 5, 'refusals changed nothing');

    const after = ok<Desk>(
      await t.call(tasksRoutes.laneDelete, { token: u.owner.token, params: { desk_id: d._id, lane_id: one }, query: { tasks: 'move', to: two } }),
      200,
    );
    assert.deepEqual(
      after.lanes.map((l) => [l.name, l.tasks_count]),
      [
        ['Two', 3],
        ['Three', 2],
        ['Empty', 0],
      ],
    );
    assert.deepEqual(laneOrder(await board(u.owner.token, d._id), two), ['t1', 'o1', 'o2']);
    ok(await t.call(tasksRoutes.laneDelete, { token: u.owner.token, params: { desk_id: d._id, lane_id: three }, query: { tasks: 'delete' } }));
    ok(await t.call(tasksRoutes.laneDelete, { token: u.owner.token, params: { desk_id: d._id, lane_id: empty } }));
    const b = await board(u.owner.token, d._id);
    assert.deepEqual(
      b.lanes.map((l) => l.name),
      ['Two'],
    );
    assert.equal(b.tasks.length, 3);

    // PUT api/desk lanes: reorder, rename, add; dropping a lane with tasks is refused (use the lane route).
    const put = ok<Desk>(
      await t.call(tasksRoutes.deskUpdate, { token: u.owner.token, params: { id: d._id }, body: { lanes: [{ name: 'New' }, { _id: two, name: 'Second' }] } }),
      200,
    );
    assert.deepEqual(
      put.lanes.map((l) => l.name),
      ['New', 'Second'],
    );
    const drop = await t.call(tasksRoutes.deskUpdate, { token: u.owner.token, params: { id: d._id }, body: { lanes: [{ name: 'Only' }] } });
    assert.equal(drop.status, 409);
    assert.equal(drop.body.code, 'laneHasTasks');
    const viewer = await t.call(tasksRoutes.laneDelete, { token: u.viewer.token, params: { desk_id: d._id, lane_id: put.lanes[0]!._id } });
    assert.equal(viewer.status, 403);
  });
});
