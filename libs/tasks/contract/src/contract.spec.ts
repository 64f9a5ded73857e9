import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { defineModule, moduleCall, tasksEvents, tasksRoutes } from './index.ts';
import { access } from '@intranet/platform-contracts';

describe('tasks contract', () => {
  it('declares every §7 Task tracker route with its exact method and path', () => {
    const routes = Object.values(tasksRoutes).map((r) => `${r.method} ${r.path}`);
    for (const r of [
      'GET /api/task/{id}',
      'POST /api/task',
      'PUT /api/task_tracker/{desk_id}/{lane_id}/add_task',
      'PUT /api/task/{id}',
      'DELETE /api/task/{id}',
      'DELETE /api/task_tracker/{desk_id}/lane/{lane_id}',
      'PUT /api/task_tracker/{desk_id}/move_task',
      'PUT /api/task_tracker/{id}/finish',
    ])
      assert.ok(routes.includes(r), r);
  });

  it('registers module desk with the generic module calls (GET/POST api/desk, GET/PUT/DELETE api/desk/{id})', () => {
    const generic = Object.values(tasksRoutes).filter((r) => /^tasks\.desk\.(list|get|create|update|delete)$/.test(r.subject));
    assert.deepEqual(generic.map((r) => `${r.method} ${r.path}`).sort(), [
      'DELETE /api/desk/{id}',
      'GET /api/desk',
      'GET /api/desk/{id}',
      'POST /api/desk',
      'PUT /api/desk/{id}',
    ]);
    assert.equal(tasksRoutes.deskCreate.access.kind === 'feature' && tasksRoutes.deskCreate.access.right, 'desk_add');
    assert.equal(tasksRoutes.deskGet.feature, 'task_tracker');
  });

  it('a module name must be a lower-case word; a call gets the module default access unless it names one', () => {
    assert.throws(() => defineModule({ domain: 'x', module: 'Bad/Name', access: access.authenticated, spec: '' }));
    const m = defineModule({ domain: 'x', module: 'thing', access: access.admin, spec: '§7' });
    const r = moduleCall.get(m, { result: tasksEvents.deskChanged.payload, summary: 's' });
    assert.equal(r.path, '/api/thing/{id}');
    assert.equal(r.subject, 'x.thing.get');
    assert.equal(r.access.kind, 'admin');
  });

  it('names the board finish tasks.desk.finish (a board call beside the generic ones, at its §7 path)', () => {
    assert.equal(tasksRoutes.deskFinish.subject, 'tasks.desk.finish');
    assert.equal(`${tasksRoutes.deskFinish.method} ${tasksRoutes.deskFinish.path}`, 'PUT /api/task_tracker/{id}/finish');
  });

  it('names its events evt.tasks.<entity>.<verb>', () => {
    for (const e of Object.values(tasksEvents)) assert.match(e.subject, /^evt\.tasks\.(desk|task)\.[a-z_]+$/);
  });
});
