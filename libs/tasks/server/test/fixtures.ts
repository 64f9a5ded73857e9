import { tasksRoutes } from '@intranet/tasks-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The task tracker's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): a board of the client's admin with two lanes and a task performed by the employee, made through
 * the real routes, and which route params and body fields name which entity.
 */
export default {
  entities: ['desk', 'lane', 'lane2', 'task'],
  params: { desk_id: { entity: 'desk' }, lane_id: { entity: 'lane' } },
  idBySubject: { 'tasks.desk.': 'desk', 'tasks.task.': 'task' },
  bodies: {
    'tasks.desk.create': {
      body: (w) => ({ name: `Board of ${w.workspace}`, lanes: ['To do'], admins: [w.ids.user] }),
      ids: { admins: 'user' },
      // Issue 38 §6: a member who is another client's employee.
      refs: { members: (own, foreign) => ({ name: `Board of ${own.workspace}`, lanes: ['To do'], members: [{ user: foreign.ids.user, right: 'view' }] }) },
    },
    'tasks.desk.update': {
      body: (w) => ({ name: 'Renamed', admins: [w.ids.user] }),
      ids: { admins: 'user' },
      refs: { members: (_own, foreign) => ({ name: 'Renamed', members: [{ user: foreign.ids.user, right: 'view' }] }) },
    },
    'tasks.task.create': {
      body: (w) => ({ desk_id: w.ids.desk, lane_id: w.ids.lane, name: 'A task', performer: w.ids.user }),
      ids: { desk_id: 'desk', lane_id: 'lane', performer: 'user', co_performers: 'user', observers: 'user' },
    },
    'tasks.task.add': { body: (w) => ({ name: 'Added', performer: w.ids.user }), ids: { performer: 'user', co_performers: 'user', observers: 'user' } },
    'tasks.task.update': { body: (w) => ({ name: 'Changed', observers: [w.ids.user] }), ids: { performer: 'user', co_performers: 'user', observers: 'user' } },
    'tasks.task.move': { body: (w) => ({ task_id: w.ids.task, lane_id: w.ids.lane2, index: 0 }), ids: { task_id: 'task', lane_id: 'lane2' } },
  },
  async create(t, w) {
    const d = await t.call(tasksRoutes.deskCreate, {
      token: w.adminToken,
      body: { name: `Board of ${w.workspace}`, description: 'secret board text', lanes: ['To do', 'Done'], members: [{ user: w.ids.user, right: 'comment' }] },
    });
    if (d.status !== 200) throw new Error(`fixture desk: ${d.status} ${JSON.stringify(d.body)}`);
    const desk = d.body.result;
    const task = await t.call(tasksRoutes.taskAdd, {
      token: w.adminToken,
      params: { desk_id: desk._id, lane_id: desk.lanes[0]._id },
      body: { name: `Task of ${w.workspace}`, performer: w.ids.user },
    });
    if (task.status !== 200) throw new Error(`fixture task: ${task.status} ${JSON.stringify(task.body)}`);
    return { desk: desk._id, lane: desk.lanes[0]._id, lane2: desk.lanes[1]._id, task: task.body.result._id };
  },
  async readBack(t, w, e) {
    const r =
      e === 'task'
        ? await t.call(tasksRoutes.taskGet, { token: w.adminToken, params: { id: w.ids.task } })
        : await t.call(tasksRoutes.deskGet, { token: w.adminToken, params: { id: w.ids.desk } });
    return { status: r.status, body: r.body };
  },
  secrets: () => ['secret board text'],
} satisfies DomainFixtures;
