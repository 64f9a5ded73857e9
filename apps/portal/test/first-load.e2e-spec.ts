import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { SUPERADMIN } from '@intranet/portal-testing';
import { startBrowserPortal, WEB_DIR, type BrowserPortal } from '@intranet/portal-testing/e2e';

/**
 * DESIGN §10 / issue 8 §5: the shell's first load within 250 KB gzip. Checked against 240 KB: the measured 233.7 KB
 * (only the chosen language's catalogues, one contracts chunk) plus a margin, so a regression shows before the limit.
 */
const BUDGET_KB = 240;

/**
 * Measures what a browser really loads of the shell (not of the remotes, which load per screen): a fresh context
 * opens /login/ and signs in (the superadmin lands on /clients), and every shell js/css file it requested is
 * gzipped (level 9) from dist/web/shell. tools/scripts/build-web.sh prints the all-files upper bound beside it; that
 * bound counts every language's catalogue and every lazily loaded chunk, which no single page load fetches.
 */
jest.setTimeout(180_000);
describe('shell first load (issue 8 §5)', () => {
  let e: BrowserPortal;
  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html']);
  });
  afterAll(() => e?.close());

  it(`fetches at most ${BUDGET_KB} KB gzip of the shell to sign in`, async () => {
    const { page } = await e.newPage();
    const shellFiles = new Set<string>(['index.html']);
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/static\/.*\.(js|css)$/.test(path)) shellFiles.add(path.slice(1));
    });
    await page.goto('/login/');
    await page.getByTestId('login-input').fill(SUPERADMIN.login);
    await page.getByTestId('password-input').fill(SUPERADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.waitForLoadState('networkidle');
    const sizes = [...shellFiles].map((f) => ({ f, gz: gzipSync(readFileSync(join(WEB_DIR, 'shell', f)), { level: 9 }).length })).sort((a, b) => b.gz - a.gz);
    const bytes = sizes.reduce((s, x) => s + x.gz, 0);
    const kb = bytes / 1024;
    console.log(
      `shell first load: ${shellFiles.size} files, ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)\n` +
        sizes.map((x) => `${(x.gz / 1024).toFixed(1).padStart(7)} KB  ${x.f}`).join('\n'),
    );
    assert.ok(shellFiles.size > 2, 'the scan saw the shell scripts');
    assert.ok(kb <= BUDGET_KB, `shell first load ${kb.toFixed(1)} KB gzip is over the ${BUDGET_KB} KB budget`);
  });

  it('content-hashed scripts and styles are cached for a year, immutable; index.html and the manifests are revalidated', async () => {
    const cacheControl = async (path: string) => {
      const res = await fetch(e.portal.url + path);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
      return res.headers.get('cache-control');
    };
    const html = readFileSync(join(WEB_DIR, 'shell/index.html'), 'utf8');
    const shellScript = /src="(\/static\/js\/[^"]+\.[0-9a-f]{8,}\.js)"/.exec(html)?.[1];
    assert.ok(shellScript, 'index.html names a content-hashed script');
    const remote = (JSON.parse(readFileSync(join(WEB_DIR, 'shell/remotes.json'), 'utf8')) as string[])[0];
    const chunk = readdirSync(join(WEB_DIR, remote, 'static/js/async')).find((f) => /\.[0-9a-f]{8,}\.js$/.test(f));
    assert.ok(chunk, `dist/web/${remote} has a content-hashed chunk`);
    const year = 'public, max-age=31536000, immutable';
    assert.equal(await cacheControl(shellScript), year);
    assert.equal(await cacheControl(`/remotes/${remote}/static/js/async/${chunk}`), year);
    assert.equal(await cacheControl('/'), 'public, max-age=0');
    assert.equal(await cacheControl(`/remotes/${remote}/mf-manifest.json`), 'public, max-age=0');
    assert.equal(await cacheControl('/remotes.json'), 'public, max-age=0');
  });
});
