import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { answeredRight, attemptOver, canDeleteIdp, canEditIdp, canSeeCourse, canSeeIdp, isLmsAdmin, scoreOf } from './access.ts';
import type { StoredQuestion } from './schema.ts';

const U = '00000000-0000-4000-8000-00000000000a';
const O = '00000000-0000-4000-8000-0000000000e1';
const emp = (userId: string) => ({ userId, admin: false });

describe('lms access.ts (§6 can-rules)', () => {
  it('LMS administrators: client admins and the list', () => {
    assert.equal(isLmsAdmin({ userId: U, admin: true }, []), true);
    assert.equal(isLmsAdmin(emp(U), [U]), true);
    assert.equal(isLmsAdmin(emp(O), [U]), false);
  });

  it('a course is seen by LMS admins, and by members once published', () => {
    const c = { status: 'published', isPublic: false, memberUsers: [U], memberDepartments: ['Sales'] };
    assert.equal(canSeeCourse(c, U, null, false), true);
    assert.equal(canSeeCourse(c, O, 'Sales', false), true);
    assert.equal(canSeeCourse(c, O, 'IT', false), false);
    assert.equal(canSeeCourse({ ...c, status: 'draft' }, U, null, false), false);
    assert.equal(canSeeCourse({ ...c, status: 'draft' }, O, null, true), true);
    assert.equal(canSeeCourse({ ...c, isPublic: true }, O, null, false), true);
  });

  it('a plan is seen by its people and admins; edited by employee, creator, admins; deleted by creator, admins', () => {
    const p = { employee: U, creator: '00000000-0000-4000-8000-0000000000c0', observer: O };
    assert.equal(canSeeIdp(p, emp(O)), true);
    assert.equal(canSeeIdp(p, emp('00000000-0000-4000-8000-0000000000ff')), false);
    assert.equal(canEditIdp(p, emp(O)), false);
    assert.equal(canEditIdp(p, emp(U)), true);
    assert.equal(canDeleteIdp(p, emp(U)), false);
    assert.equal(canDeleteIdp(p, { userId: O, admin: true }), true);
  });

  it('scores: exact right sets, percent rounded; deadline decides', () => {
    const qs: StoredQuestion[] = [
      {
        _id: 'q1',
        text: 'a',
        kind: 'single',
        answers: [
          { _id: 'a', text: 'a', right: true },
          { _id: 'b', text: 'b', right: false },
        ],
      },
      {
        _id: 'q2',
        text: 'b',
        kind: 'multiple',
        answers: [
          { _id: 'c', text: 'c', right: true },
          { _id: 'd', text: 'd', right: true },
        ],
      },
      { _id: 'q3', text: 'c', kind: 'single', answers: [{ _id: 'e', text: 'e', right: true }] },
    ];
    assert.equal(answeredRight(qs[1]!, ['c']), false);
    assert.equal(answeredRight(qs[1]!, ['d', 'c']), true);
    assert.equal(scoreOf(qs, { q1: ['a'], q2: ['c', 'd'] }), 67);
    const t0 = new Date('2026-01-01T00:00:00Z');
    assert.equal(attemptOver({ finishedAt: null, deadline: t0 }, new Date(t0.getTime() + 1)), true);
    assert.equal(attemptOver({ finishedAt: null, deadline: t0 }, t0), false);
    assert.equal(attemptOver({ finishedAt: null, deadline: null }, t0), false);
  });
});
