import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { liveMentions, mentionAt, toHtml } from './text.ts';

describe('mentions in the composer text (issue 8 §4)', () => {
  it('a query starts after @ and 2 characters, keeps spaces (names like "Ann Lee") and ends at a line break', () => {
    assert.equal(mentionAt('hi @a', 5), null, 'one character is not enough');
    assert.deepEqual(mentionAt('hi @an', 6), { at: 3, query: 'an' });
    assert.deepEqual(mentionAt('hi @Ann Lee', 11), { at: 3, query: 'Ann Lee' });
    assert.deepEqual(mentionAt('@Ann', 4), { at: 0, query: 'Ann' });
    assert.equal(mentionAt('mail a@bc', 9), null, 'an @ inside a word is not a mention');
    assert.equal(mentionAt('hi @Ann\nLee', 11), null);
    assert.equal(mentionAt('hi @Ann Lee is very nice', 24), null, 'more than three words ends the query');
    assert.deepEqual(mentionAt('hi @Ann Lee and more', 11), { at: 3, query: 'Ann Lee' }, 'the caret decides, not the text end');
  });

  it('mentions become profile links the service reads (data-mention); deleted names drop their person', () => {
    const ann = { id: '0190a0a0-0000-7000-8000-000000000001', name: 'Ann Lee' };
    assert.equal(toHtml('thanks @Ann Lee!', [ann]), `thanks <a href="/profile/${ann.id}" data-mention="${ann.id}">@Ann Lee</a>!`);
    assert.deepEqual(liveMentions('thanks @Ann Lee', [ann, { id: 'x', name: 'Bob' }]), [ann]);
  });
});
