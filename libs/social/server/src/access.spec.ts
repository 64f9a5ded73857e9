import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { canActAsOwner, canEdit, canPostToParent, canSeePending, groupRights, isOwnClient, ownIdeasOnly, taskCommentRule } from './access.ts';

describe('social can-rules (§4 Groups, §6 roles)', () => {
  it('groups: public is read by all; members and grant holders read closed and private; members and write grants post', () => {
    const none = { role: null, grant: null } as const;
    assert.deepEqual(groupRights({ type: 'public', ...none }, false), { read: true, write: false, admin: false });
    assert.deepEqual(groupRights({ type: 'closed', ...none }, false), { read: false, write: false, admin: false });
    assert.deepEqual(groupRights({ type: 'private', role: null, grant: 'read' }, false), { read: true, write: false, admin: false });
    assert.deepEqual(groupRights({ type: 'private', role: null, grant: 'write' }, false), { read: true, write: true, admin: false });
    assert.deepEqual(groupRights({ type: 'closed', role: 'member', grant: null }, false), { read: true, write: true, admin: false });
  });

  it('groups: the owner and group admins administrate, and so does a client admin who is not a member (but does not read)', () => {
    assert.equal(groupRights({ type: 'closed', role: 'owner', grant: null }, false).admin, true);
    assert.equal(groupRights({ type: 'closed', role: 'admin', grant: null }, false).admin, true);
    assert.equal(groupRights({ type: 'closed', role: 'member', grant: null }, false).admin, false);
    assert.deepEqual(groupRights({ type: 'closed', role: null, grant: null }, true), { read: false, write: false, admin: true });
    assert.equal(canActAsOwner('owner', false), true);
    assert.equal(canActAsOwner('admin', false), false);
    assert.equal(canActAsOwner(null, true), true);
  });

  it('posts and comments: the author or a client admin edits; pending lists: the user or a client admin', () => {
    const ann = { userId: 'ann', admin: false };
    assert.equal(canEdit(ann, 'ann'), true);
    assert.equal(canEdit(ann, 'bob'), false);
    assert.equal(canEdit({ userId: 'root', admin: true }, 'bob'), true);
    assert.equal(canSeePending(ann, 'ann'), true);
    assert.equal(canSeePending(ann, 'bob'), false);
    assert.equal(canSeePending({ userId: 'root', admin: true }, 'bob'), true);
  });

  it('parents: only admins post to `system`; ideas: admins see all unless `mine`; a client id must be the caller’s', () => {
    for (const t of ['company', 'feed', 'group', 'task']) assert.equal(canPostToParent(t, false), true, t);
    assert.equal(canPostToParent('system', false), false);
    assert.equal(canPostToParent('system', true), true);
    assert.equal(ownIdeasOnly(false, false), true);
    assert.equal(ownIdeasOnly(true, false), false);
    assert.equal(ownIdeasOnly(true, true), true);
    assert.equal(isOwnClient('c1', 'c1'), true);
    assert.equal(isOwnClient('c1', 'c2'), false);
  });

  it("task comments: not a task's post passes; no read is 404; read without comment is 403", () => {
    assert.equal(taskCommentRule(undefined), 'ok');
    assert.equal(taskCommentRule({ read: false, comment: false, userIds: [] }), 'not_found');
    assert.equal(taskCommentRule({ read: true, comment: false, userIds: [] }), 'forbidden');
    assert.equal(taskCommentRule({ read: true, comment: true, userIds: ['a'] }), 'ok');
  });
});
