import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { designVariables, readableOn } from './theme.ts';

describe('client design → design tokens (§3 Client design, §2 design tab)', () => {
  it("maps the colours, font and head image to the kit's CSS custom properties", () => {
    const v = designVariables({ sidePanel: '#ffffff', background: '#f0f0f0', text: '#111', accent: '#0a3d91', font: 'Inter', headImage: '/files/a/head.jpg' });
    assert.equal(v['--ui-nav-bg'], '#ffffff');
    assert.equal(v['--ui-nav-text'], '#1f2933', 'dark text on a light side panel');
    assert.equal(v['--ui-bg'], '#f0f0f0');
    assert.equal(v['--ui-text'], '#111');
    assert.equal(v['--ui-primary'], '#0a3d91');
    assert.equal(v['--ui-on-primary'], '#ffffff');
    assert.match(v['--ui-font'], /^'Inter', system-ui/);
    assert.equal(v['--ui-head-image'], 'url("/files/a/head.jpg")');
  });

  it('ignores what is not a hex colour or a safe URL, and the system font', () => {
    const v = designVariables({ sidePanel: 'red', background: 'url(x)', text: null, font: 'system', headImage: 'javascript:alert(1)' });
    assert.deepEqual(v, {});
    assert.deepEqual(designVariables(null), {});
  });

  it('picks readable text on dark and light colours', () => {
    assert.equal(readableOn('#000000'), '#ffffff');
    assert.equal(readableOn('#fafafa'), '#1f2933');
  });
});
