import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { canChangeMessage, canChangeRoom, canDeleteRoom, canLeaveRoom, canListRooms } from './access.ts';

const group = { directKey: null, ownerId: 'ann' };
const direct = { directKey: 'ann:bob', ownerId: null };

describe('chat can-rules (§7 Chat), for a member of the room', () => {
  it('the room list of a user is theirs alone', () => {
    assert.equal(canListRooms('ann', 'ann'), true);
    assert.equal(canListRooms('cat', 'ann'), false);
  });

  it('a group room is changed by its owner only; a direct room by no one', () => {
    assert.equal(canChangeRoom(group, 'ann'), true);
    assert.equal(canChangeRoom(group, 'bob'), false);
    assert.equal(canChangeRoom(direct, 'ann'), false);
  });

  it('a group room is deleted by its owner; a direct room by either member', () => {
    assert.equal(canDeleteRoom(group, 'ann'), true);
    assert.equal(canDeleteRoom(group, 'bob'), false);
    assert.equal(canDeleteRoom(direct, 'bob'), true);
  });

  it('a group room can be left (the owner too); a direct room cannot', () => {
    assert.equal(canLeaveRoom(group), true);
    assert.equal(canLeaveRoom(direct), false);
  });

  it('a message is edited or deleted by its sender only', () => {
    assert.equal(canChangeMessage({ senderId: 'ann' }, 'ann'), true);
    assert.equal(canChangeMessage({ senderId: 'ann' }, 'bob'), false);
  });
});
