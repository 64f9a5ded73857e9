import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { calendarAccess, canEdit, canSee, rangeOwner } from './access.ts';

const ev = { row: { organiserId: 'org' }, members: ['mem'] };
const user = (userId: string | null, ...roles: string[]) => ({ userId, roles });

describe('calendar can-rules (§6 calendar)', () => {
  it('the organiser, a member and an administrator (or the superadmin) see an event; anyone else does not', () => {
    assert.equal(canSee(user('org'), ev), true);
    assert.equal(canSee(user('mem'), ev), true);
    assert.equal(canSee(user('boss', 'admin'), ev), true);
    assert.equal(canSee(user('root', 'superadmin'), ev), true);
    assert.equal(canSee(user('out'), ev), false);
    assert.equal(canSee(user(null), ev), false);
  });

  it('only the organiser and administrators change an event; a member does not', () => {
    assert.equal(canEdit(user('org'), ev), true);
    assert.equal(canEdit(user('boss', 'admin'), ev), true);
    assert.equal(canEdit(user('mem'), ev), false);
    assert.equal(canEdit(user('out', 'employee'), ev), false);
  });

  it("a range read shows an administrator the client's whole calendar, anyone else their own", () => {
    assert.equal(rangeOwner(user('boss', 'admin')), null);
    assert.equal(rangeOwner(user('mem', 'employee')), 'mem');
  });

  it("someone's calendar: oneself always, an administrator anyone's, anyone else no one's", () => {
    assert.equal(calendarAccess(user('mem'), 'mem'), 'self');
    assert.equal(calendarAccess(user('boss', 'admin'), 'mem'), 'admin');
    assert.equal(calendarAccess(user('out'), 'mem'), 'denied');
  });
});
