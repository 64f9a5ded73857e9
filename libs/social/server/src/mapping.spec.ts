import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { birthdayList, commentTree, nextBirthday } from './mapping.ts';
import type { CommentFeedRow } from './comments.repository.ts';
import type { AuthorRow } from './schema.ts';

const person = (id: string, firstName: string, birthDate: string | null) =>
  ({
    id,
    clientId: 'c',
    firstName,
    lastName: null,
    avatar: null,
    position: null,
    department: null,
    birthDate,
    workingSince: null,
    deletionMark: false,
  }) as AuthorRow;

describe('social mapping', () => {
  it('next birthday: later this year, today, next year; 29 February on 28 February of other years', () => {
    assert.deepEqual(nextBirthday('1990-05-10', '2026-05-01'), { next: '2026-05-10', daysLeft: 9 });
    assert.deepEqual(nextBirthday('1990-05-01', '2026-05-01'), { next: '2026-05-01', daysLeft: 0 });
    assert.deepEqual(nextBirthday('1990-01-02', '2026-12-31'), { next: '2027-01-02', daysLeft: 2 });
    assert.deepEqual(nextBirthday('2000-02-29', '2026-02-01'), { next: '2026-02-28', daysLeft: 27 });
    assert.deepEqual(nextBirthday('2000-02-29', '2028-02-01'), { next: '2028-02-29', daysLeft: 28 });
  });

  it('birthdays widget: nearest first, then by name; `days` filters; offset and limit page', () => {
    const rows = [person('3', 'Cid', '1990-03-05'), person('1', 'Ann', '1990-03-02'), person('2', 'Bob', '1990-03-02')];
    const all = birthdayList(rows, { today: '2026-03-01' });
    assert.deepEqual(
      all.map((b) => [b.fullName, b.daysLeft]),
      [
        ['Ann', 1],
        ['Bob', 1],
        ['Cid', 4],
      ],
    );
    assert.deepEqual(
      birthdayList(rows, { today: '2026-03-01', days: 1 }).map((b) => b._id),
      ['1', '2'],
    );
    assert.deepEqual(
      birthdayList(rows, { today: '2026-03-01', offset: 1, limit: 1 }).map((b) => b._id),
      ['2'],
    );
  });

  it('comment tree: answers nest under their comment, oldest first; an orphaned answer is dropped', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const row = (id: string, parentCommentId: string | null) =>
      ({
        comment: {
          id,
          postId: 'p',
          parentCommentId,
          authorId: 'a',
          message: id,
          attachment: null,
          mentions: [],
          status: 'active',
          likesCount: 0,
          createdAt: at,
          updatedAt: at,
        },
        author: null,
        liked: false,
      }) as unknown as CommentFeedRow;
    const tree = commentTree([row('c1', null), row('a1', 'c1'), row('c2', null), row('a2', 'gone')], (k) => `/f/${k}`);
    assert.deepEqual(
      tree.map((c) => [c._id, c.answers.map((a) => a._id)]),
      [
        ['c1', ['a1']],
        ['c2', []],
      ],
    );
    assert.deepEqual(tree[0].answers[0].parent, { type: 'comment', id: 'c1' });
  });
});
