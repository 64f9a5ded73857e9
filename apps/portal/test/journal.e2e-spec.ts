// @slow 25s: the journal screens.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { apiCaller, startBrowserPortal, type BrowserPortal, SUPERADMIN as SU, loginCaller, signIn } from '@intranet/portal-testing/e2e';
import type { Portal } from '@intranet/portal-server';

/**
 * Issue 18 §2 in the browser: an administrator changes an employee's rights (§2 employee administration), opens the
 * admin panel's "logs" tab (§2), filters by section and sees the entry with who, what and when in their locale.
 */
jest.setTimeout(240_000);
describe('audit journal: the admin panel logs tab', () => {
  let portal: Portal;
  let e: BrowserPortal;
  const api = apiCaller(() => portal.url);
  const login = loginCaller(api);

  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html', 'admin/mf-manifest.json']);
    portal = e.portal;
  });
  afterAll(() => e?.close());

  it('an admin grants a right, opens logs, filters by section and sees the entry', async () => {
    const su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'logsco', name: 'Logs Co', lang: 'en' });
    const person = (firstName: string, lastName: string, email: string, roles?: string[]) => ({
      client_id: client._id,
      firstName,
      lastName,
      email,
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      ...(roles ? { roles } : {}),
    });
    await api('POST', '/api/register', su.token, person('Ada', 'Admin', 'admin@logsco.test', ['admin']));
    const eve = await api<{ _id: string; roles: string[] }>('POST', '/api/register', su.token, person('Eve', 'Employee', 'eve@logsco.test'));
    assert.equal(eve.roles.includes('head'), false);

    const { page, ctx } = await e.newPage();
    await signIn(page, 'admin@logsco.test', 'adminpass1', { landing: /\/company\/?$/ });

    // Rights and roles of one employee: tick "head".
    await page.goto('/employees/');
    await page.getByTestId(`employee-rights-${eve._id}`).click();
    const head = page.getByTestId('rights-modal').getByTestId('role-head');
    // The box saves at once and shows the server's answer: click, then wait for it (check() wants the state at once).
    await head.waitFor();
    await head.click();
    await page.waitForFunction(() => {
      const box = document.querySelector<HTMLInputElement>('[data-testid="role-head"]');
      return !!box && box.checked && !box.disabled;
    });
    await page.getByTestId('rights-close').click();

    // Admin panel → logs: every entry so far, then the "roles" section only.
    await page.goto('/admin/');
    await page.getByTestId('tab-logs').click();
    await page.getByTestId('journal-tab').waitFor();
    await page.locator('[data-testid^="journal-row-"][data-action="user.create"]').first().waitFor();
    await page.getByTestId('journal-section').selectOption('roles');
    const row = page.locator('[data-testid^="journal-row-"][data-action="role.add"]');
    await row.waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid^="journal-row-"]:not([data-section="roles"])'));
    assert.equal(await page.locator('[data-testid^="journal-row-"]').count(), 1);
    const text = await row.innerText();
    for (const part of ['Ada Admin', 'Role granted', 'Employee', 'Eve Employee', 'head']) assert.ok(text.includes(part), `${part} in «${text}»`);
    // When, in the user's locale (en → en-GB: day/month/year).
    const at = await row.locator('time').getAttribute('datetime');
    const shown = await row.locator('time').innerText();
    assert.equal(shown, new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at!)));
    assert.equal(await page.getByTestId('journal-total').innerText(), '1 entry');

    // On a phone (390 px) the page does not scroll sideways: the filters wrap, the table scrolls in its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways page scroll at 390 px');

    // A date range with nothing in it: the empty state.
    await page.getByTestId('journal-to').fill('2001-01-01');
    await page.getByTestId('journal-empty').waitFor();
    await ctx.close();
  });
});
