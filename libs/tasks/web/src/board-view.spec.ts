import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Board, Card } from '@intranet/tasks-contract';
import { columnsOf, dropOrder, filtering, matches, type Filters } from './board-view.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const card = (over: Partial<Card>): Card =>
  ({
    _id: 'c',
    lane_id: 'l1',
    performer: null,
    co_performers: [],
    tags: [],
    priority: 'normal',
    deadline: null,
    overdue: false,
    ...over,
  }) as Card;
const none: Filters = { performer: '', tag: '', priority: '', deadline: '' };

describe('board view (the kanban of /desk/{_id})', () => {
  it('columnsOf: every lane, empty ones too, with its cards in the board order', () => {
    const b = {
      lanes: [{ _id: 'l1' }, { _id: 'l2' }, { _id: 'l3' }],
      tasks: [card({ _id: 'a' }), card({ _id: 'b', lane_id: 'l3' }), card({ _id: 'c' })],
    } as Board;
    assert.deepEqual(columnsOf(b), { l1: ['a', 'c'], l2: [], l3: ['b'] });
  });

  it('matches: performer or co-performer, tag, priority, and the deadline filters (overdue, within a week, none)', () => {
    const c = card({ performer: 'p', co_performers: ['q'], tags: ['x'], priority: 'high', deadline: new Date(NOW + 3 * 86400_000).toISOString() });
    assert.equal(matches(c, none, NOW), true);
    assert.equal(matches(c, { ...none, performer: 'q' }, NOW), true);
    assert.equal(matches(c, { ...none, performer: 'r' }, NOW), false);
    assert.equal(matches(c, { ...none, tag: 'y' }, NOW), false);
    assert.equal(matches(c, { ...none, priority: 'low' }, NOW), false);
    assert.equal(matches(c, { ...none, deadline: 'week' }, NOW), true);
    assert.equal(matches(c, { ...none, deadline: 'week' }, NOW - 5 * 86400_000), false, 'eight days ahead is not within a week');
    assert.equal(matches(c, { ...none, deadline: 'none' }, NOW), false);
    assert.equal(matches(c, { ...none, deadline: 'overdue' }, NOW), false);
    assert.equal(matches(card({ overdue: true }), { ...none, deadline: 'overdue' }, NOW), true);
    assert.equal(matches(card({}), { ...none, deadline: 'none' }, NOW), true);
    assert.equal(matches(card({}), { ...none, deadline: 'week' }, NOW), false, 'no deadline is not due this week');
  });

  it('filtering: true once any filter is set', () => {
    assert.equal(filtering(none), false);
    assert.equal(filtering({ ...none, tag: 'x' }), true);
  });

  it('dropOrder: the card takes the place of the card it is over; over the lane itself it goes last', () => {
    assert.deepEqual(dropOrder(['a', 'b', 'c'], 'a', 'c', 'l1'), ['b', 'c', 'a']);
    assert.deepEqual(dropOrder(['a', 'b', 'c'], 'c', 'a', 'l1'), ['c', 'a', 'b']);
    assert.deepEqual(dropOrder(['a', 'b', 'c'], 'b', 'l1', 'l1'), ['a', 'c', 'b']);
    assert.deepEqual(dropOrder(['a', 'b'], 'a', null, 'l1'), ['b', 'a']);
    assert.deepEqual(dropOrder(['a', 'b'], 'x', 'a', 'l1'), ['a', 'b', 'x'], 'a card not yet in the lane goes last');
  });
});
