// @slow 20s (started first by tools/scripts/jest-slow-first.mjs): six employees in two clients, one board's whole story.
import assert from 'node:assert/strict';
import { beforeAll, describe, it } from '@jest/globals';
import { peopleRoutes } from '@intranet/people-contract';
import { ask, systemContext } from '@intranet/platform-bus';
import { tasksRoutes, tasksSubjects, type Desk, type Task } from '@intranet/tasks-contract';
import { eventually, ok } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { tasksWorld } from './tasks-world.ts';

/**
 * The task tracker through the real gateway and bus: one board's story over every §7 Task tracker route and the
 * generic module calls of `desk` and `task` — creation, tasks with every §3 field, §6 access per role, changes,
 * moves, §4 finish and restore, deadlines, deletion, events and isolation from another client. Lanes and concurrent
 * moves: tasks-lanes.int-spec.ts.
 */
describe('task tracker (§7 Task tracker, §4 Task board, §6)', () => {
  const w = tasksWorld(sharedPortal, 't');
  const { u, events, board, laneOrder } = w;
  // The portal and clients exist once beforeAll has run.
  let t: TestPortal;
  let co: typeof w.co;
  let other: typeof w.other;
  beforeAll(() => {
    ({ t, co, other } = w);
  });

  let desk: Desk;
  const lane = (i: number) => desk.lanes[i]!._id;

  it('POST api/desk (generic module call): the owner with desk_add creates a board with lanes, admins and members; §5 texts; desk_add is needed', async () => {
    const bad = await t.call(tasksRoutes.deskCreate, { token: u.owner.token, body: { name: '  ', lanes: ['x'.repeat(51)] } });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      [
        ['name', 'Field is required'],
        ['lanes.0', 'Max 50 symbols'],
      ],
    );
    const foreignUser = await t.call(tasksRoutes.deskCreate, { token: u.owner.token, body: { name: 'B', admins: [other.admin._id] } });
    assert.equal(foreignUser.status, 400);
    assert.equal(foreignUser.body.errors[0].field, 'admins');
    assert.equal(foreignUser.body.errors[0].message, 'User not found');

    desk = ok<Desk>(
      await t.call(tasksRoutes.deskCreate, {
        token: u.owner.token,
        body: {
          name: 'Release',
          description: 'Ship it',
          lanes: ['To do', 'In progress', 'Done'],
          admins: [u.boardAdmin.id],
          members: [
            { user: u.commenter.id, right: 'comment' },
            { user: u.viewer.id, right: 'view' },
          ],
        },
      }),
      200,
    );
    assert.equal(desk.status, 'active');
    assert.equal(desk.my_role, 'owner');
    assert.deepEqual(
      desk.lanes.map((l) => l.name),
      ['To do', 'In progress', 'Done'],
    );
    assert.deepEqual(desk.admins, [u.boardAdmin.id]);
    assert.equal(desk.members.length, 2);
    const e = await eventually(() => events.find((x) => x.subject === 'evt.tasks.desk.changed' && x.data.desk_id === desk._id));
    assert.equal(e.clientId, co.client._id);
    assert.deepEqual(new Set(e.data.userIds as string[]), new Set([u.owner.id, u.boardAdmin.id, u.commenter.id, u.viewer.id]));

    // desk_add is a right of its own (§6).
    ok(await t.call(peopleRoutes.roleRemove, { token: co.adminToken, params: { userId: u.outsider.id, role: 'desk_add' } }));
    const s = await t.login('outsider@taskcot.test', 'employee1'); // the world's outsider (tag 't');
    u.outsider.token = s.token;
    const refused = await t.call(tasksRoutes.deskCreate, { token: u.outsider.token, body: { name: 'Mine' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'No access');
  });

  let tasks: Task[] = [];
  it('add_task and POST api/task: owner and board admins add tasks with every §3 field at a position; others may not', async () => {
    const deadline = new Date(Date.now() + 3 * 86400_000).toISOString();
    const full = ok<Task>(
      await t.call(tasksRoutes.taskAdd, {
        token: u.owner.token,
        params: { desk_id: desk._id, lane_id: lane(0) },
        body: {
          name: 'Write notes',
          description: 'Release notes',
          color: '#ff0000',
          border: '#00ff00',
          priority: 'high',
          tags: ['docs', 'docs', 'release'],
          checklist: [{ text: 'Draft' }, { text: 'Review', done: true }],
          attachments: [{ url: '/api/files/x', name: 'spec.pdf', mime: 'application/pdf' }],
          plan_hours: 4,
          actual_hours: 0,
          performer: u.performer.id,
          co_performers: [u.commenter.id],
          observers: [u.viewer.id],
          deadline,
          type: 'active',
        },
      }),
      200,
    );
    assert.deepEqual(full.tags, ['docs', 'release']);
    assert.equal(full.checklist.length, 2);
    assert.ok(full.checklist.every((c) => c._id));
    assert.equal(full.deadline, deadline);
    assert.equal(full.can, 'edit');
    assert.equal(full.overdue, false);
    const assigned = await eventually(() => events.find((x) => x.subject === 'evt.tasks.task.assigned' && x.data.task_id === full._id));
    assert.deepEqual(assigned.data.assignees, [u.performer.id, u.commenter.id]);

    const second = ok<Task>(
      await t.call(tasksRoutes.taskCreate, { token: u.boardAdmin.token, body: { desk_id: desk._id, lane_id: lane(0), name: 'Tag build' } }),
      200,
    );
    const top = ok<Task>(
      await t.call(tasksRoutes.taskAdd, { token: u.owner.token, params: { desk_id: desk._id, lane_id: lane(0) }, body: { name: 'Plan', index: 0 } }),
      200,
    );
    tasks = [full, second, top];
    assert.deepEqual(laneOrder(await board(u.owner.token, desk._id), lane(0)), ['Plan', 'Write notes', 'Tag build']);

    const badColour = await t.call(tasksRoutes.taskAdd, {
      token: u.owner.token,
      params: { desk_id: desk._id, lane_id: lane(0) },
      body: { name: 'x', color: 'red' },
    });
    assert.equal(badColour.status, 400);
    assert.equal(badColour.body.errors[0].message, 'Colour must be #rrggbb');
    const noName = await t.call(tasksRoutes.taskCreate, { token: u.owner.token, body: { desk_id: desk._id, lane_id: lane(0), name: '' } });
    assert.equal(noName.body.errors[0].message, 'Field is required');
    const wrongLane = await t.call(tasksRoutes.taskCreate, { token: u.owner.token, body: { desk_id: desk._id, lane_id: desk._id, name: 'x' } });
    assert.equal(wrongLane.status, 400);
    assert.equal(wrongLane.body.errors[0].field, 'lane_id');

    for (const who of ['commenter', 'viewer', 'performer'] as const) {
      const r = await t.call(tasksRoutes.taskAdd, { token: u[who].token, params: { desk_id: desk._id, lane_id: lane(0) }, body: { name: 'Nope' } });
      assert.equal(r.status, 403, who);
    }
    const outsider = await t.call(tasksRoutes.taskAdd, { token: u.outsider.token, params: { desk_id: desk._id, lane_id: lane(0) }, body: { name: 'Nope' } });
    assert.equal(outsider.status, 404);
  });

  it('§6 reading: members, admins and task people see the board and tasks; others get 404; GET api/desk lists per filter', async () => {
    for (const who of ['owner', 'boardAdmin', 'commenter', 'viewer', 'performer'] as const) {
      const b = await board(u[who].token, desk._id);
      assert.equal(b.tasks.length, 3, who);
      assert.equal(b.my_role, { owner: 'owner', boardAdmin: 'admin', commenter: 'comment', viewer: 'view', performer: 'view' }[who]);
    }
    // The board's cards carry counts instead of the checklist, attachments and description (the drawer reads those).
    const card = (await board(u.viewer.token, desk._id)).tasks.find((x) => x._id === tasks[0]!._id)!;
    assert.deepEqual([card.checklist_total, card.checklist_done, card.attachments_count], [2, 1, 1]);
    assert.ok(!('description' in card) && !('checklist' in card));
    const full = ok<Task>(await t.call(tasksRoutes.taskGet, { token: u.performer.token, params: { id: tasks[0]!._id } }));
    assert.equal(full.can, 'progress');
    assert.equal(ok<Task>(await t.call(tasksRoutes.taskGet, { token: u.viewer.token, params: { id: tasks[0]!._id } })).can, 'view');
    for (const r of [
      await t.call(tasksRoutes.deskGet, { token: u.outsider.token, params: { id: desk._id } }),
      await t.call(tasksRoutes.taskGet, { token: u.outsider.token, params: { id: tasks[0]!._id } }),
      await t.call(tasksRoutes.deskGet, { token: co.adminToken, params: { id: desk._id } }),
    ]) {
      assert.equal(r.status, 404);
      assert.equal(r.body.message, 'The requested resource was not found');
    }
    const list = async (token: string, filter: string) =>
      ok<{ items: Desk[]; total: number }>(await t.call(tasksRoutes.deskList, { token, query: { filter } })).items.map((d) => d.name);
    assert.deepEqual(await list(u.owner.token, 'mine'), ['Release']);
    assert.deepEqual(await list(u.owner.token, 'member'), []);
    assert.deepEqual(await list(u.viewer.token, 'member'), ['Release']);
    assert.deepEqual(await list(u.viewer.token, 'all'), ['Release']);
    assert.deepEqual(await list(u.outsider.token, 'all'), []);
    const mine = ok<{ items: (Task & { desk_name: string })[] }>(await t.call(tasksRoutes.taskList, { token: u.performer.token, query: { filter: 'mine' } }));
    assert.deepEqual(
      mine.items.map((x) => [x.name, x.desk_name]),
      [['Write notes', 'Release']],
    );
    const observed = ok<{ items: Task[] }>(await t.call(tasksRoutes.taskList, { token: u.viewer.token, query: { filter: 'observed' } }));
    assert.equal(observed.items.length, 1);
  });

  it('PUT api/task/{id}: editors change anything; performer and co-performers only type, checklist and actual hours; viewers nothing', async () => {
    const id = tasks[0]!._id;
    const p = ok<Task>(
      await t.call(tasksRoutes.taskUpdate, {
        token: u.performer.token,
        params: { id },
        body: { type: 'closed', actual_hours: 3.5, checklist: [{ _id: tasks[0]!.checklist[0]!._id, text: 'Draft', done: true }] },
      }),
      200,
    );
    assert.equal(p.type, 'closed');
    assert.equal(p.actual_hours, 3.5);
    assert.equal(p.checklist[0]!._id, tasks[0]!.checklist[0]!._id);
    assert.equal(p.name, 'Write notes');
    const co_ = await t.call(tasksRoutes.taskUpdate, { token: u.commenter.token, params: { id }, body: { type: 'active' } });
    assert.equal(co_.status, 200, 'a co-performer changes the type');
    for (const [who, body] of [
      ['performer', { name: 'Renamed' }],
      ['performer', { deadline: null }],
      ['viewer', { type: 'open' }],
      ['commenter', { plan_hours: 1 }],
    ] as const) {
      const r = await t.call(tasksRoutes.taskUpdate, { token: u[who].token, params: { id }, body });
      assert.equal(r.status, 403, `${who} ${JSON.stringify(body)}`);
      assert.equal(r.body.message, 'No access');
    }
    assert.equal((await t.call(tasksRoutes.taskUpdate, { token: u.outsider.token, params: { id }, body: { type: 'open' } })).status, 404);
    const e = ok<Task>(
      await t.call(tasksRoutes.taskUpdate, { token: u.boardAdmin.token, params: { id }, body: { name: 'Write release notes', performer: u.viewer.id } }),
      200,
    );
    assert.equal(e.name, 'Write release notes');
    const assigned = await eventually(() =>
      events.find((x) => x.subject === 'evt.tasks.task.assigned' && x.data.task_id === id && (x.data.assignees as string[]).includes(u.viewer.id)),
    );
    assert.deepEqual(assigned.data.assignees, [u.viewer.id]);
    // The former performer is no longer one of the task's people with progress rights.
    assert.equal((await t.call(tasksRoutes.taskUpdate, { token: u.performer.token, params: { id }, body: { type: 'open' } })).status, 404);
    tasks[0] = e;
  });

  it('PUT api/task_tracker/{desk_id}/move_task moves within and between lanes; the view member cannot; events say where', async () => {
    const [full, second, top] = tasks as [Task, Task, Task];
    ok(await t.call(tasksRoutes.taskMove, { token: u.owner.token, params: { desk_id: desk._id }, body: { task_id: top._id, lane_id: lane(0), index: 2 } }));
    assert.deepEqual(laneOrder(await board(u.owner.token, desk._id), lane(0)), ['Write release notes', 'Tag build', 'Plan']);
    const moved = ok<Task>(
      await t.call(tasksRoutes.taskMove, { token: u.owner.token, params: { desk_id: desk._id }, body: { task_id: second._id, lane_id: lane(1), index: 99 } }),
      200,
    );
    assert.equal(moved.lane_id, lane(1));
    const e = await eventually(() => events.find((x) => x.subject === 'evt.tasks.task.moved' && x.data.task_id === second._id));
    assert.equal(e.data.from_lane, lane(0));
    assert.equal(e.data.lane_id, lane(1));
    // The viewer performs `full` now (progress right): may move it. The commenter (co-performer) too.
    ok(await t.call(tasksRoutes.taskMove, { token: u.viewer.token, params: { desk_id: desk._id }, body: { task_id: full._id, lane_id: lane(1), index: 0 } }));
    const refused = await t.call(tasksRoutes.taskMove, {
      token: u.viewer.token,
      params: { desk_id: desk._id },
      body: { task_id: top._id, lane_id: lane(1), index: 0 },
    });
    assert.equal(refused.status, 403);
    const b = await board(u.owner.token, desk._id);
    assert.deepEqual(laneOrder(b, lane(1)), ['Write release notes', 'Tag build']);
    assert.deepEqual(laneOrder(b, lane(0)), ['Plan']);
    const wrongDesk = await t.call(tasksRoutes.taskMove, {
      token: u.owner.token,
      params: { desk_id: desk._id },
      body: { task_id: top._id, lane_id: u.owner.id, index: 0 },
    });
    assert.equal(wrongDesk.status, 400);
  });

  it('§4 finish ends every task and freezes the board; PUT api/desk {status: active} restores the board and the tasks types', async () => {
    const before = await board(u.owner.token, desk._id);
    const types = new Map(before.tasks.map((x) => [x._id, x.type]));
    assert.ok([...types.values()].some((x) => x !== 'closed'));
    assert.equal((await t.call(tasksRoutes.deskFinish, { token: u.commenter.token, params: { id: desk._id } })).status, 403);
    const f = ok<Desk>(await t.call(tasksRoutes.deskFinish, { token: u.boardAdmin.token, params: { id: desk._id } }));
    assert.equal(f.status, 'finished');
    assert.ok(f.finished_at);
    const frozen = await board(u.viewer.token, desk._id);
    assert.ok(frozen.tasks.every((x) => x.type === 'closed' && x.can === 'view'));
    const refused = await t.call(tasksRoutes.taskAdd, { token: u.owner.token, params: { desk_id: desk._id, lane_id: lane(0) }, body: { name: 'Late' } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'deskFinished');
    assert.equal((await t.call(tasksRoutes.deskUpdate, { token: u.owner.token, params: { id: desk._id }, body: { name: 'X' } })).status, 409);
    const list = ok<{ items: Desk[] }>(await t.call(tasksRoutes.deskList, { token: u.owner.token, query: { filter: 'finished' } }));
    assert.deepEqual(
      list.items.map((x) => x.name),
      ['Release'],
    );
    const r = ok<Desk>(await t.call(tasksRoutes.deskUpdate, { token: u.owner.token, params: { id: desk._id }, body: { status: 'active' } }));
    assert.equal(r.status, 'active');
    assert.equal(r.finished_at, null);
    const back = await board(u.owner.token, desk._id);
    assert.deepEqual(new Map(back.tasks.map((x) => [x._id, x.type])), types);
    await eventually(() => events.find((x) => x.data.desk_id === desk._id && x.data.action === 'restored'));
  });

  it('deadlines: due soon and overdue notices once each per deadline; overdue tasks are flagged', async () => {
    const soon = ok<Task>(
      await t.call(tasksRoutes.taskAdd, {
        token: u.owner.token,
        params: { desk_id: desk._id, lane_id: lane(0) },
        body: { name: 'Soon', performer: u.performer.id, deadline: new Date(Date.now() + 3600_000).toISOString() },
      }),
      200,
    );
    const late = ok<Task>(
      await t.call(tasksRoutes.taskAdd, {
        token: u.owner.token,
        params: { desk_id: desk._id, lane_id: lane(0) },
        body: { name: 'Late', performer: u.performer.id, deadline: new Date(Date.now() - 60_000).toISOString() },
      }),
      200,
    );
    assert.equal(late.overdue, true);
    const scan = () => ask(t.portal.platform.bus, tasksSubjects.scanDeadlines, systemContext(), { now: new Date().toISOString() });
    const first = await scan();
    assert.ok(first.dueSoon >= 1 && first.overdue >= 1, JSON.stringify(first));
    assert.deepEqual(await scan(), { dueSoon: 0, overdue: 0 }, 'each notice once');
    const due = await eventually(() => events.find((x) => x.subject === 'evt.tasks.task.due_soon' && x.data.task_id === soon._id));
    assert.deepEqual(due.data.people, [u.performer.id]);
    await eventually(() => events.find((x) => x.subject === 'evt.tasks.task.overdue' && x.data.task_id === late._id));
  });

  it('DELETE api/task/{id} and DELETE api/desk/{id}: editors delete tasks, only the owner deletes the board; isolation from another client', async () => {
    const x = ok<Task>(await t.call(tasksRoutes.taskAdd, { token: u.owner.token, params: { desk_id: desk._id, lane_id: lane(0) }, body: { name: 'Temp' } }));
    assert.equal((await t.call(tasksRoutes.taskDelete, { token: u.viewer.token, params: { id: x._id } })).status, 403);
    ok(await t.call(tasksRoutes.taskDelete, { token: u.boardAdmin.token, params: { id: x._id } }));
    assert.equal((await t.call(tasksRoutes.taskGet, { token: u.owner.token, params: { id: x._id } })).status, 404);

    // Another client's admin and employee: 404 on every id, nothing listed, nothing changed.
    const stranger = await t.makeEmployee(other.adminToken, 'stranger@taskother.test');
    for (const token of [other.adminToken, stranger.token]) {
      for (const r of [
        await t.call(tasksRoutes.deskGet, { token, params: { id: desk._id } }),
        await t.call(tasksRoutes.deskUpdate, { token, params: { id: desk._id }, body: { name: 'Stolen' } }),
        await t.call(tasksRoutes.deskDelete, { token, params: { id: desk._id } }),
        await t.call(tasksRoutes.taskGet, { token, params: { id: tasks[0]!._id } }),
        await t.call(tasksRoutes.taskUpdate, { token, params: { id: tasks[0]!._id }, body: { name: 'Stolen' } }),
        await t.call(tasksRoutes.taskDelete, { token, params: { id: tasks[0]!._id } }),
        await t.call(tasksRoutes.taskAdd, { token, params: { desk_id: desk._id, lane_id: lane(0) }, body: { name: 'Stolen' } }),
        await t.call(tasksRoutes.taskCreate, { token, body: { desk_id: desk._id, lane_id: lane(0), name: 'Stolen' } }),
        await t.call(tasksRoutes.taskMove, { token, params: { desk_id: desk._id }, body: { task_id: tasks[0]!._id, lane_id: lane(0), index: 0 } }),
        await t.call(tasksRoutes.laneDelete, { token, params: { desk_id: desk._id, lane_id: lane(0) }, query: { tasks: 'delete' } }),
        await t.call(tasksRoutes.deskFinish, { token, params: { id: desk._id } }),
      ]) {
        assert.equal(r.status, 404, JSON.stringify(r.body));
        assert.ok(!JSON.stringify(r.body).includes('Release'));
      }
      assert.equal(ok<{ total: number }>(await t.call(tasksRoutes.deskList, { token, query: { filter: 'all' } })).total, 0);
    }
    assert.equal((await board(u.owner.token, desk._id)).name, 'Release');
    assert.ok(
      events.every((e) => e.clientId === co.client._id),
      "no event names another client's board",
    );

    assert.equal((await t.call(tasksRoutes.deskDelete, { token: u.boardAdmin.token, params: { id: desk._id } })).status, 403);
    ok(await t.call(tasksRoutes.deskDelete, { token: u.owner.token, params: { id: desk._id } }));
    assert.equal((await t.call(tasksRoutes.deskGet, { token: u.owner.token, params: { id: desk._id } })).status, 404);
    assert.equal((await t.call(tasksRoutes.taskGet, { token: u.owner.token, params: { id: tasks[0]!._id } })).status, 404);
  });
});
