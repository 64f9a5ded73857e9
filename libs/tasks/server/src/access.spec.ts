import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { canOf, commentRights, isEditor, mayChange, maySeeTask } from './access.ts';
import type { TaskRow } from './tasks.repository.ts';

const ME = 'u1';
const task: Pick<TaskRow, 'performerId' | 'coPerformers' | 'observers' | 'type'> = { performerId: null, coPerformers: [], observers: [], type: 'open' };

describe('task tracker access rules (§6)', () => {
  it('canOf: edit for the owner and admins, progress for the performer and co-performers, view otherwise; view on a finished board', () => {
    assert.equal(canOf(task, ME, 'owner', 'active'), 'edit');
    assert.equal(canOf(task, ME, 'admin', 'active'), 'edit');
    assert.equal(canOf({ ...task, performerId: ME }, ME, 'view', 'active'), 'progress');
    assert.equal(canOf({ ...task, coPerformers: ['x', ME] }, ME, 'comment', 'active'), 'progress');
    assert.equal(canOf({ ...task, performerId: ME }, ME, null, 'active'), 'progress', 'a performer without a board role');
    assert.equal(canOf(task, ME, 'comment', 'active'), 'view');
    const watcher = { ...task, observers: [ME] };
    assert.equal(canOf(watcher, ME, 'view', 'active'), 'view', 'observers only watch');
    assert.equal(canOf(task, null, 'view', 'active'), 'view');
    assert.equal(canOf(task, ME, 'owner', 'finished'), 'view');
    assert.equal(canOf({ ...task, performerId: ME }, ME, 'view', 'finished'), 'view');
  });

  it('isEditor: owner and admin only', () => {
    assert.deepEqual(
      (['owner', 'admin', 'comment', 'view', null] as const).map((r) => isEditor(r)),
      [true, true, false, false, false],
    );
  });

  it("maySeeTask: a hidden task only for the board's editors and the task's own people", () => {
    const hidden = { ...task, type: 'hidden' as const };
    assert.equal(maySeeTask(task, ME, 'view'), true);
    assert.equal(maySeeTask(hidden, ME, 'view'), false);
    assert.equal(maySeeTask(hidden, ME, 'admin'), true);
    assert.equal(maySeeTask({ ...hidden, observers: [ME] }, ME, 'view'), true);
    assert.equal(maySeeTask(hidden, null, 'view'), false);
  });

  it('mayChange: editors any field; performers type, checklist and actual hours only; viewers nothing', () => {
    assert.equal(mayChange('edit', ['name', 'deadline']), true);
    assert.equal(mayChange('progress', ['type', 'checklist', 'actual_hours']), true);
    assert.equal(mayChange('progress', ['type', 'name']), false);
    assert.equal(mayChange('view', []), false);
  });

  it('commentRights: read with a role on the board (hidden: editors and its people), comment for editors, comment members and performers while active', () => {
    assert.deepEqual(commentRights(task, ME, 'comment', 'active'), { read: true, comment: true });
    assert.deepEqual(commentRights(task, ME, 'view', 'active'), { read: true, comment: false });
    assert.deepEqual(commentRights({ ...task, performerId: ME }, ME, 'view', 'active'), { read: true, comment: true });
    assert.deepEqual(commentRights(task, ME, 'owner', 'finished'), { read: true, comment: false });
    assert.deepEqual(commentRights({ ...task, type: 'hidden' as const }, ME, 'comment', 'active'), { read: false, comment: false });
    assert.deepEqual(commentRights(task, ME, null, 'active'), { read: false, comment: false });
    assert.deepEqual(commentRights(task, null, 'view', 'active'), { read: false, comment: false });
  });
});
