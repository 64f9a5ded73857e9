// @slow 40s: the admin panel's and employee administration's notification tabs, and the mailings tab.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { apiCaller, signIn, startBrowserPortal, type BrowserPortal, SUPERADMIN as SU, loginCaller } from '@intranet/portal-testing/e2e';

jest.setTimeout(180_000);
/**
 * Issue 10 §2 in the browser: the admin panel's "mail check" (§5: needs an address; sends) and "notification
 * settings" tabs and the employee administration's "notifications" tab come from the notifications remote through
 * widget slots; an administrator creates a mailing on /notifications?tab=mailings and its job runs.
 */
describe('notifications administration in the browser', () => {
  let e: BrowserPortal;
  const api = apiCaller(() => e.portal.url);
  const login = loginCaller(api);

  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html', 'notifications/mf-manifest.json', 'admin/mf-manifest.json']);
  });
  afterAll(() => e?.close());

  it('mail check, notification settings, an employee’s settings and a mailing', async () => {
    const su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'notifadm', name: 'Notif Admin Co', lang: 'en' });
    await api('POST', '/api/register', su.token, {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@notifadm.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
      lang: 'en',
    });
    const admin = await login('admin@notifadm.test', 'adminpass1');
    await api('POST', '/api/register', admin.token, {
      firstName: 'Bob',
      lastName: 'Tester',
      email: 'bob@notifadm.test',
      password: 'employee1',
      confirmPassword: 'employee1',
    });

    const { page } = await e.newPage();
    await signIn(page, 'admin@notifadm.test', 'adminpass1');

    // Admin panel → mail check: no address is refused in place (§5); an address sends.
    await page.goto('/admin/');
    await page.getByTestId('admin-panel').waitFor();
    await page.getByTestId('tab-mail').click();
    await page.getByTestId('mail-check').waitFor({ timeout: 20_000 });
    await page.getByTestId('mail-check-send').click();
    await page.getByText(/at least one address|хотя бы один адрес|хоча б одну адресу/).waitFor();
    await page.getByTestId('mail-check-to').fill('postmaster@notifadm.test');
    await page.getByTestId('mail-check-send').click();
    await page.getByTestId('mail-check-result').waitFor({ timeout: 15_000 });

    // Admin panel → notification settings: the client's defaults save.
    await page.getByTestId('tab-notifSettings').click();
    await page.getByTestId('notif-defaults').waitFor({ timeout: 20_000 });
    await page.getByTestId('notif-default-posts-email').uncheck();
    await page.getByTestId('notif-defaults-save').click();
    await page.getByTestId('notif-failing').waitFor();
    let saved = false;
    for (let i = 0; i < 50 && !saved; i++) {
      const d = await api<{ matrix: Record<string, Record<string, boolean>> }>('GET', `/api/user/notifications/client/${client._id}`, admin.token);
      saved = d.matrix.posts!.email === false;
      if (!saved) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(saved, 'the client default was saved');

    // Employee administration → notifications: an employee's switches.
    await page.goto('/employees/');
    await page.getByTestId('employees-page').waitFor();
    await page.getByTestId('tab-notifications').click();
    await page.getByTestId('notif-employee').waitFor({ timeout: 20_000 });
    await page.getByTestId('notif-employee-select').selectOption({ label: 'Bob Tester' });
    await page.getByTestId('notif-emp-events-email').waitFor();

    // /notifications → mailings: a new active digest mailing is listed as running.
    await page.goto('/notifications?tab=mailings');
    await page.getByTestId('notif-mailings').waitFor();
    // The admin tabs are worded, not raw keys (issue 29 §5: the tab read "tabs.mailings" in every language).
    assert.equal(await page.getByTestId('notifications-tab-mailings').textContent(), 'Mailings');
    assert.equal(await page.getByTestId('notifications-tab-templates').textContent(), 'Templates');
    await page.getByTestId('mailing-schedule').fill('0 9 * * 1');
    await page.getByTestId('mailing-save').click();
    await page
      .getByTestId(/^notif-mailing-/)
      .first()
      .waitFor({ timeout: 15_000 });
    const list = await api<{ action: string; running: boolean }[]>('GET', '/api/mailing', admin.token);
    assert.deepEqual(
      list.map((m) => [m.action, m.running]),
      [['digest', true]],
    );
  });
});
