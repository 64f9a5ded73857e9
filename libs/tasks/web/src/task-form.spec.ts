import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { hoursText, taskFormField, taskFormSchema, toLocalInput } from './task-form.ts';

describe('task drawer form values (task-form.ts)', () => {
  it('hoursText: empty is none, a comma is the decimal point; text and negative numbers are refused with the server words', () => {
    assert.equal(hoursText.parse(''), null);
    assert.equal(hoursText.parse(' 2,5 '), 2.5);
    assert.equal(hoursText.safeParse('abc').error?.issues[0]?.message, 'Must be a number');
    assert.equal(hoursText.safeParse('-3').error?.issues[0]?.message, 'Must be 0 or more');
  });

  it('taskFormSchema: tags are split on commas, trimmed and deduplicated; empty colours and deadline are null', () => {
    const v = taskFormSchema.parse({
      name: 'Write',
      color: '',
      border: '#00ff00',
      priority: 'high',
      type: 'open',
      tags: ' docs, release,docs, ',
      plan_hours: '4',
      actual_hours: '',
      performer: [],
      co_performers: [],
      observers: [],
      deadline: '',
    });
    assert.deepEqual([v.tags, v.color, v.border, v.deadline, v.plan_hours, v.actual_hours], [['docs', 'release'], null, '#00ff00', null, 4, null]);
  });

  it('taskFormField: a server error shows under its own field (tags.2 under the tags); people and attachments above', () => {
    assert.equal(taskFormField('tags.2'), 'tags');
    assert.equal(taskFormField('plan_hours'), 'plan_hours');
    assert.equal(taskFormField('performer'), null);
    assert.equal(taskFormField('attachments.0.url'), null);
  });

  it('toLocalInput: an ISO instant as a datetime-local value in the local zone; none is empty', () => {
    assert.equal(toLocalInput(null), '');
    const d = new Date(2026, 10, 27, 9, 5);
    assert.equal(toLocalInput(d.toISOString()), '2026-11-27T09:05');
  });
});
