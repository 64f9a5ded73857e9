import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { wordMessage } from './channels.ts';
import { langOf, wordings, zoneOf } from './wording.ts';

describe('the service’s wording (wording.ts)', () => {
  it('languages: ua is Ukrainian, anything unknown English', () => {
    assert.deepEqual(['ru', 'uk', 'ua', 'en', 'de', null, undefined].map(langOf), ['ru', 'uk', 'uk', 'en', 'en', 'en', 'en']);
  });

  it('the digest subject takes each language’s plural forms', () => {
    assert.equal(wordings('en').digestSubject(1), 'You have 1 unread notification');
    assert.equal(wordings('en').digestSubject(2), 'You have 2 unread notifications');
    assert.equal(wordings('ru').digestSubject(1), 'У вас 1 непрочитанное уведомление');
    assert.equal(wordings('ru').digestSubject(3), 'У вас 3 непрочитанных уведомления');
    assert.equal(wordings('ru').digestSubject(5), 'У вас 5 непрочитанных уведомлений');
    assert.equal(wordings('ua').digestSubject(5), 'У вас 5 непрочитаних сповіщень');
  });

  it('times show in the data’s own zone, else UTC, with the zone named', () => {
    assert.deepEqual(zoneOf({ tz: 'Europe/Kyiv' }), { timeZone: 'Europe/Kyiv', showZone: true });
    assert.deepEqual(zoneOf(null), { timeZone: 'UTC', showZone: true });
  });

  it('a type without a sentence keeps its stored title; the link is made absolute and the footer is in the reader’s language', () => {
    const m = wordMessage({ type: 'manual', title: 'Office closed', text: 'On Friday', link: '/news' }, 'https://portal.example', 'ru');
    assert.equal(m.subject, 'Office closed');
    assert.match(m.text, /^Office closed\n\nOn Friday\n\nhttps:\/\/portal\.example\/news\n\nВы получили/);
    assert.match(m.html, /<a href="https:\/\/portal\.example\/news">Открыть<\/a>/);
  });

  it('a type with a sentence is worded from its data in the reader’s language', () => {
    const m = wordMessage({ type: 'post.like', title: 'Finn liked your post', text: '', link: null, data: { actor: 'Finn' } }, '', 'en');
    assert.match(m.subject, /Finn/);
    assert.doesNotMatch(m.subject, /\{\{/);
  });
});
