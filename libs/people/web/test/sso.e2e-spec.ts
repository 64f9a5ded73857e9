// @slow 12s: an administrator sets the Microsoft provider; an employee signs in through a real OpenID provider.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@intranet/portal-testing/chromium';
import { loadConfig } from '@intranet/platform-config';
import { freePort, testDatabase } from '@intranet/platform-testing';
import type { Portal } from '@intranet/portal-server';
import { apiCaller, loginCaller, signIn, SUPERADMIN, WEB_DIR } from '@intranet/portal-testing/e2e';
import { startIdp, type Idp } from '@intranet/people-server/oidc-idp';

jest.setTimeout(180_000);

// The portal's PUBLIC_URL (the redirect URI the provider knows) must name its port: a free one, chosen first (freePort).

/**
 * Issue 37 in the browser: an administrator sets the workspace's Microsoft provider in employee administration →
 * Integrations (issuer, client id, write-only secret); an employee opens the workspace sign-in page, clicks "Sign in
 * with Microsoft", passes the provider's own sign-in form (a real in-process oidc-provider) and lands on /company
 * signed in. Its own portal (not browserSpec's): the redirect URI PUBLIC_URL/authorize names the portal's port.
 */
describe('single sign-on in the browser', () => {
  let idp: Idp;
  let portal: Portal;
  let browser: Browser;
  let dataDir = '';
  let base = '';
  const api = apiCaller(() => base);
  const login = loginCaller(api);

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    idp = await startIdp([{ client_id: 'portal-web', client_secret: 'web-secret-0123456789', redirect_uris: [`${base}/authorize`] }]);
    dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-sso-'));
    const { MIGRATIONS, startPortal } = await import('@intranet/portal-server');
    portal = await startPortal(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: base,
        WEB_DIR,
        SUPERADMIN_EMAIL: SUPERADMIN.login,
        SUPERADMIN_PASSWORD: SUPERADMIN.password,
        LOG_LEVEL: 'error',
        JWT_SECRET: 'e2e-secret-0123456789abcdef',
      }),
      { db: await testDatabase(MIGRATIONS) },
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    await idp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('an administrator sets Microsoft up; an employee signs in with Microsoft and lands on /company', async () => {
    const su = await login(SUPERADMIN.login, SUPERADMIN.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'ssoweb', name: 'SSO Web Ltd', lang: 'en' });
    const person = { client_id: client._id, lastName: 'Tester', password: 'adminpass1', confirmPassword: 'adminpass1' };
    await api('POST', '/api/register', su.token, { ...person, firstName: 'Ada', email: 'admin@ssoweb.test', roles: ['admin'] });
    const sam = await api<{ _id: string }>('POST', '/api/register', su.token, { ...person, firstName: 'Sam', email: 'sam.sso@ssoweb.test' });

    // The administrator: employee administration → Integrations → Microsoft: not set up, then set.
    const adminCtx = await browser.newContext({ locale: 'en-US', baseURL: base, viewport: { width: 1280, height: 900 } });
    const page = await adminCtx.newPage();
    await signIn(page, 'admin@ssoweb.test', 'adminpass1');
    await page.goto('/employees');
    await page.getByTestId('tab-integrations').click();
    await page.getByTestId('sso-settings').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('sso-redirect').textContent(), `${base}/authorize`);
    await page.getByTestId('sso-set-microsoft-status').getByText('Not set up').waitFor();
    await page.getByTestId('sso-set-microsoft-edit').click();
    await page.getByTestId('sso-set-microsoft-issuer').fill(idp.issuer);
    await page.getByTestId('sso-set-microsoft-client-id').fill('portal-web');
    await page.getByTestId('sso-set-microsoft-secret').fill('web-secret-0123456789');
    await page.getByTestId('sso-set-microsoft-save').click();
    await page.getByTestId('sso-set-microsoft-status').getByText('Set up', { exact: true }).waitFor();
    // The secret is write-only: the edit form starts blank and says one is saved.
    await page.getByTestId('sso-set-microsoft-edit').click();
    assert.equal(await page.getByTestId('sso-set-microsoft-secret').inputValue(), '');
    await page.getByText('Leave blank to keep the saved secret').waitFor();
    await adminCtx.close();

    // The employee: the workspace sign-in page → Microsoft → the provider's form → /company, signed in.
    const ctx = await browser.newContext({ locale: 'en-US', baseURL: base, viewport: { width: 1280, height: 900 } });
    const emp = await ctx.newPage();
    await emp.goto('/login_new/');
    await emp.getByTestId('workspace-input').fill('ssoweb');
    // Only the providers the workspace offers (GET api/sso/providers/ssoweb): Microsoft, not Google.
    await emp.getByTestId('sso-microsoft').waitFor();
    assert.equal(await emp.getByTestId('sso-google').count(), 0);
    await emp.getByTestId('sso-microsoft').click();
    await emp.waitForURL((u) => u.href.startsWith(idp.issuer));
    await emp.locator('#idp-email').fill('Sam.SSO@ssoweb.test');
    await emp.locator('#idp-password').fill('the-provider-password');
    await emp.locator('#idp-submit').click();
    await emp.waitForURL((u) => u.origin === base && u.pathname === '/company', { timeout: 30_000 });
    // Signed in as Sam: the wall's post form shows, and the stored session is Sam's.
    await emp.getByTestId('post-form').waitFor({ timeout: 30_000 });
    const token = await emp.evaluate(() => localStorage.getItem('token'));
    assert.ok(token);
    const me = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { client_id: string; result: { _id: string } };
    assert.equal(me.result._id, sam._id);
    assert.equal(me.client_id, client._id);
    await ctx.close();
  });
});
