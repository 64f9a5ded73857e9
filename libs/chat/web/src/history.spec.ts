import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { ChatMessage } from '@intranet/chat-contract';
import { historyRows, mergeById } from './history.ts';
import { textToHtml } from './text.ts';

const msg = (id: string, senderId: string, date: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  room_id: 'r',
  content: id,
  senderId,
  username: senderId,
  date,
  timestamp: Date.parse(date),
  seen: false,
  file: null,
  edited: null,
  ...extra,
});

describe('the room history as the page holds it (HTTP pages and socket events merged)', () => {
  it('merges by id, oldest first, without duplicates; a message once seen stays seen; nothing to add keeps the list', () => {
    const a = msg('01a', 'ann', '2026-11-27T09:00:00Z');
    const b = msg('01b', 'bob', '2026-11-27T09:01:00Z', { seen: true });
    const c = msg('01c', 'ann', '2026-11-27T09:02:00Z');
    const cur = [a, b];
    assert.equal(mergeById(cur, []), cur);
    const merged = mergeById(cur, [c, { ...b, seen: false, content: 'edited' }, a]);
    assert.deepEqual(
      merged.map((m) => m._id),
      ['01a', '01b', '01c'],
    );
    assert.equal(merged[1]!.content, 'edited');
    assert.equal(merged[1]!.seen, true);
  });

  it('puts a separator before each new day and marks the first message of each sender run', () => {
    const rows = historyRows(
      [
        msg('01a', 'ann', '2026-11-26T10:00:00'),
        msg('01b', 'ann', '2026-11-26T10:01:00'),
        msg('01c', 'bob', '2026-11-26T10:02:00'),
        msg('01d', 'bob', '2026-11-27T08:00:00'),
      ],
      (d) => `day ${d.getDate()}`,
    );
    assert.deepEqual(
      rows.map((r) => (r.kind === 'day' ? r.label : `${r.m._id}${r.first ? '*' : ''}`)),
      ['day 26', '01a*', '01b', '01c*', 'day 27', '01d*'],
    );
  });
});

describe('typed text as the stored HTML', () => {
  it('escapes markup and turns line breaks into <br>', () => {
    assert.equal(textToHtml('a <b>"x"</b> & y\r\nz\nw'), 'a &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; y<br>z<br>w');
  });
});
