import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renderTemplate } from '@intranet/notifications-server';

describe('template rendering (logic-less, mustache)', () => {
  it('fills variables, leaves a missing one empty, escapes HTML only in the full body', () => {
    const out = renderTemplate({ title: '{{actor}} & co{{missing}}', short: 'Hi {{actor}}', full: '<p>{{text}}</p>' }, { actor: 'Ann <b>', text: '<script>' });
    assert.deepEqual(out, { title: 'Ann <b> & co', short: 'Hi Ann <b>', full: '<p>&lt;script&gt;</p>' });
  });

  it('typed text stays escaped in the full body even in unescaped tags (issue 38 §8)', () => {
    const out = renderTemplate(
      { title: '{{{text}}}', short: '', full: '<p>{{{text}}} {{& text}} {{#list}}{{{.}}}{{/list}}</p>' },
      { text: '<img onerror=x>', list: ['<i>'] },
    );
    assert.equal(out?.full, '<p>&lt;img onerror&#x3D;x&gt; &lt;img onerror&#x3D;x&gt; &lt;i&gt;</p>');
    assert.equal(out?.title, '<img onerror=x>');
  });

  it('a template that does not parse yields null instead of throwing', () => {
    assert.equal(renderTemplate({ title: '{{#open}}never closed', short: '', full: '' }, {}), null);
  });
});
