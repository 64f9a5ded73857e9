// @slow 8s: two browser contexts, a mention, the bell and the notification centre.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, seriousViolations, signIn } from '@intranet/portal-testing/e2e';

jest.setTimeout(120_000);
/**
 * Issue 10 in the browser: A mentions B; B, on another page, sees the bell's count rise without a reload, finds the
 * notification on /notifications and opens the post from it; the page then reads it (the bell goes back to none).
 */
describe('notifications in the browser: the bell rises live and the notification opens the post', () => {
  const spec = browserSpec(['shell/index.html', 'notifications/mf-manifest.json', 'wall/mf-manifest.json']);

  it('B is mentioned by A', async () => {
    const { api } = spec;
    // A Russian-speaking company (the default language): the texts below are asserted in Russian.
    const w = await spec.workspace('notifco', 'Notif Co', { lang: 'ru' });
    const ru = { lang: 'ru' };
    const anna = await w.addUser({ firstName: 'Anna', email: 'anna@notifco.test', extra: ru });
    const bob = await w.addUser({ firstName: 'Bob', email: 'bob@notifco.test', extra: ru });

    const { page } = await spec.newPage();
    await signIn(page, 'bob@notifco.test', 'employee1');
    await page.goto('/notifications');
    await page.getByTestId('notifications-empty').waitFor();
    await page.getByTestId('notif-bell').waitFor();
    assert.equal(await page.getByTestId('notif-bell-count').count(), 0);

    // A mentions B (through the API: the wall's editor is the wall spec's business).
    const post = await api<{ _id: string }>('POST', '/api/post', anna.token, { message: '<p>Thanks for the help, Bob</p>', mentions: [bob._id] });

    // Without a reload: the bell shows 1 and the list shows the notification.
    await page.getByTestId('notif-bell-count').filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
    const item = page.getByTestId(/^notification-link-/);
    await item.waitFor({ timeout: 15_000 });
    // Worded in the reader's language (ru, the default locale).
    assert.match((await item.textContent()) ?? '', /Anna Tester упомянул\(а\) вас в посте/);
    // A notification is a system item: it carries the vendor's system avatar (§1, the shell's --vendor-system-avatar).
    const avatar = page.getByTestId('notifications-list').getByTestId('system-avatar').first();
    assert.match(await avatar.evaluate((e) => getComputedStyle(e).backgroundImage), /^url\(/);
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
