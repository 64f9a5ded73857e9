import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SOCIAL_TEXT } from '@intranet/social-contract';
import { DomainError } from '@intranet/platform-errors';
import { checkThanks, cleanMessage, mentionsIn, plainText, prepareComment, prepareMessage, unique } from './text.ts';

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const fields = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof DomainError);
    return Object.fromEntries((err.errors ?? []).map((e) => [e.field, e.message]));
  }
  assert.fail('expected a DomainError');
};

describe('social text rules (§5 Posts)', () => {
  it('the message policy drops scripts, handlers and javascript: links, keeps formatting and mention spans', () => {
    const html = `<p onclick="x()">Hi <b>all</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <span data-mention="${ID}">@Bob</span></p>`;
    const clean = cleanMessage(html);
    assert.ok(!clean.includes('script') && !clean.includes('onclick') && !clean.includes('javascript'), clean);
    assert.ok(clean.includes('<b>all</b>') && clean.includes(`data-mention="${ID}"`), clean);
    assert.equal(cleanMessage('<a href="https://x.test" target="_blank">x</a>'), '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('visible text: tags dropped, line breaks as spaces, entities decoded, spaces collapsed', () => {
    assert.equal(plainText('<p>One&nbsp;&amp;</p><p>two<br>three</p>'), 'One & two three');
    assert.equal(plainText('<p> </p><br>'), '');
  });

  it('mentions: from the markup in order without repeats; ids lower-cased and deduplicated', () => {
    const up = ID.toUpperCase();
    assert.deepEqual(mentionsIn(`<span data-mention="${up}">a</span><span data-mention="${ID}">b</span>`), [ID]);
    assert.deepEqual(unique(['A', 'a', 'b']), ['a', 'b']);
    assert.deepEqual(prepareMessage(`<span data-mention="${ID}">@Bob</span> thanks`, ['X']).mentions, ['x', ID]);
  });

  it("an empty message is 'Field is required' on message", () => {
    assert.deepEqual(
      fields(() => prepareMessage('<p><script>x</script></p>', [])),
      { message: SOCIAL_TEXT.required },
    );
    assert.deepEqual(
      fields(() => prepareComment('<br>')),
      { message: SOCIAL_TEXT.required },
    );
    assert.equal(prepareComment('<i>ok</i>'), '<i>ok</i>');
  });

  it('a thank-you post is over 30 symbols and names exactly one person; a plain post has neither rule', () => {
    const long = 'x'.repeat(31);
    checkThanks('thanks', long, ['a']);
    checkThanks('post', 'hi', []);
    assert.deepEqual(
      fields(() => checkThanks('thanks', 'x'.repeat(30), ['a', 'b'])),
      { message: SOCIAL_TEXT.thanksTooShort, mentions: SOCIAL_TEXT.thanksOnePerson },
    );
    // Symbols, not UTF-16 units: 31 emoji pass.
    checkThanks('thanks', '🙂'.repeat(31), ['a']);
  });
});
