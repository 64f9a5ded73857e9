import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { webhookText, wordMessage } from '@intranet/notifications-server';

/** Issue 38 §8: plain text keeps what was typed, but is escaped in every HTML (or markup) output. */
describe('typed text in channel outputs stays text', () => {
  const typed = 'Q3 <b>plan</b> & <https://evil.test|click here> <script>alert(1)</script>';

  it('Slack and Teams webhooks: &, < and > escaped (no <url|label> link, no HTML)', () => {
    const text = webhookText({ recipient: 'Ann <admin>', text: typed });
    assert.equal(text, 'Ann &lt;admin&gt;: Q3 &lt;b&gt;plan&lt;/b&gt; &amp; &lt;https://evil.test|click here&gt; &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('e-mail: the title and text escaped in the HTML part, kept as typed in the text part', () => {
    const m = wordMessage({ title: typed, text: typed, link: '/tasks?a=1&b="2"' }, 'https://portal.test');
    assert.ok(!m.html.includes('<script>'), m.html);
    assert.ok(!m.html.includes('<b>'), m.html);
    assert.ok(m.html.includes('&#60;script&#62;alert(1)&#60;/script&#62;'), m.html);
    assert.ok(m.html.includes('href="https://portal.test/tasks?a=1&#38;b=&#34;2&#34;"'), m.html);
    assert.ok(m.text.includes(typed));
  });
});
