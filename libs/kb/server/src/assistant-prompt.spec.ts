import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ARTICLE_CHARS, buildMessages } from './assistant-prompt.ts';

const empty = { generalPrompt: '', industry: '', mission: '', structure: '', values: '', terminology: '', tone: '' };

describe('assistant prompt (issue 37)', () => {
  it('holds the filled company data, the numbered articles and the language; the question is the user message', () => {
    const m = buildMessages(
      { ...empty, industry: 'Logistics', tone: ' Friendly ' },
      [{ id: 'a', title: 'Laptops', text: 'Order at the desk.' }],
      'Laptop?',
      'uk',
    );
    assert.equal(m.length, 2);
    assert.equal(m[1]!.role, 'user');
    assert.equal(m[1]!.content, 'Laptop?');
    const sys = m[0]!.content;
    assert.match(sys, /Industry: Logistics/);
    assert.match(sys, /Tone of voice: Friendly\n/);
    assert.doesNotMatch(sys, /Mission:/, 'empty fields are left out');
    assert.match(sys, /\[1\] Laptops\nOrder at the desk\./);
    assert.match(sys, /Always answer in Ukrainian\./);
  });

  it('says when no article matches, falls back to English, and cuts long articles', () => {
    const none = buildMessages(empty, [], 'q', 'de')[0]!.content;
    assert.match(none, /no article matches/);
    assert.match(none, /Always answer in English\./);
    assert.doesNotMatch(none, /About the company/);
    const long = buildMessages(empty, [{ id: 'a', title: 'T', text: 'x'.repeat(ARTICLE_CHARS + 500) }], 'q', 'en')[0]!.content;
    assert.ok(long.includes('x'.repeat(ARTICLE_CHARS)) && !long.includes('x'.repeat(ARTICLE_CHARS + 1)));
  });
});
