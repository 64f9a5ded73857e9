// @slow 40s: two browser contexts, a mention, the bell and the notification centre.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { apiCaller, seriousViolations, signIn, startBrowserPortal, type BrowserPortal, SUPERADMIN as SU, loginCaller } from '@intranet/portal-testing/e2e';

jest.setTimeout(120_000);
/**
 * Issue 10 in the browser: A mentions B; B, on another page, sees the bell's count rise without a reload, finds the
 * notification on /notifications and opens the post from it; the page then reads it (the bell goes back to none).
 */
describe('notifications in the browser: the bell rises live and the notification opens the post', () => {
  let e: BrowserPortal;
  const api = apiCaller(() => e.portal.url);
  const login = loginCaller(api);

  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html', 'notifications/mf-manifest.json', 'wall/mf-manifest.json']);
  });
  afterAll(() => e?.close());

  it('B is mentioned by A', async () => {
    const su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'notifco', name: 'Notif Co' });
    await api('POST', '/api/register', su.token, {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@notifco.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
    });
    const admin = await login('admin@notifco.test', 'adminpass1');
    const reg = (firstName: string, email: string) =>
      api<{ _id: string }>('POST', '/api/register', admin.token, { firstName, lastName: 'Tester', email, password: 'employee1', confirmPassword: 'employee1' });
    await reg('Anna', 'anna@notifco.test');
    const bob = await reg('Bob', 'bob@notifco.test');

    const { page } = await e.newPage();
    await signIn(page, 'bob@notifco.test', 'employee1');
    await page.goto('/notifications');
    await page.getByTestId('notifications-empty').waitFor();
    await page.getByTestId('notif-bell').waitFor();
    assert.equal(await page.getByTestId('notif-bell-count').count(), 0);

    // A mentions B (through the API: the wall's editor is the wall spec's business).
    const anna = await login('anna@notifco.test', 'employee1');
    const post = await api<{ _id: string }>('POST', '/api/post', anna.token, { message: '<p>Thanks for the help, Bob</p>', mentions: [bob._id] });

    // Without a reload: the bell shows 1 and the list shows the notification.
    await page.getByTestId('notif-bell-count').filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
    const item = page.getByTestId(/^notification-link-/);
    await item.waitFor({ timeout: 15_000 });
    // Worded in the reader's language (ru, the default locale).
    assert.match((await item.textContent()) ?? '', /Anna Tester упомянул\(а\) вас в посте/);
    // The bell's toast (the one toast path for every notification) says the same, in the same language.
    await page
      .getByTestId('toast')
      .filter({ hasText: /Anna Tester упомянул\(а\) вас в посте/ })
      .waitFor({ timeout: 15_000 });
    assert.deepEqual(await seriousViolations(page), []);

    await item.click();
    await page.waitForURL(new RegExp(`/post/${post._id}$`));
    await page.getByTestId('post-page').waitFor();
    // Opening it marked it read: the bell has no count any more.
    await page.getByTestId('notif-bell-count').waitFor({ state: 'detached', timeout: 15_000 });
  });
});
