// @slow 12s: two browser pages, the analytics and admin remotes loaded, reports polled until the beacons land.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, signIn } from '@intranet/portal-testing/e2e';
import { eventually } from '@intranet/platform-testing';

jest.setTimeout(180_000);
const today = () => new Date().toISOString().slice(0, 10);

describe('analytics in the browser: the mood meter, module visits, mood statistics with small groups hidden', () => {
  const spec = browserSpec(['shell/index.html', 'analytics/mf-manifest.json', 'admin/mf-manifest.json', 'wall/mf-manifest.json']);

  it('an employee rates mood and moves through modules; the admin sees the visits and the mood once 5 rated', async () => {
    const { api } = spec;
    const w = await spec.workspace('moodweb', 'Mood Web');
    const others = [];
    for (const firstName of ['Ann', 'Bob', 'Cid', 'Dan'])
      others.push(await w.addUser({ firstName, email: `${firstName.toLowerCase()}@moodweb.test`, extra: { department: 'Sales' } }));
    const eve = await w.addUser({ firstName: 'Eve', email: 'eve@moodweb.test', extra: { department: 'Sales' } });
    for (const [i, p] of others.entries()) await api('POST', '/api/mood', p.token, { rating: 6 + i });

    // The admin's mood statistics: 4 ratings, below the minimum group, so nothing is shown.
    const { page: admin } = await spec.newPage();
    await signIn(admin, w.admin.email, w.admin.password);
    await admin.goto('/employees/');
    await admin.getByRole('tab', { name: 'Mood statistics' }).click();
    const total = admin.getByTestId('mood-total');
    await total.waitFor();
    assert.equal(await total.getAttribute('data-hidden'), 'true');

    // Eve: the meter asks her; rating closes it and the check no longer asks this period.
    const { page } = await spec.newPage();
    await signIn(page, eve.email, eve.password);
    await page.goto('/company');
    await page.getByTestId('mood-meter').waitFor();
    await page.getByTestId('mood-rate-9').click();
    await page.getByTestId('mood-meter').waitFor({ state: 'detached' });
    assert.deepEqual(await api('GET', `/api/mood/check/${eve._id}`, eve.token), { need: false });

    // Through three modules by the menu (client-side navigation).
    await page.getByTestId('nav-addressBook').click();
    await page.waitForURL(/\/addressBook/);
    await page.getByTestId('nav-polls').click();
    await page.waitForURL(/\/polls/);
    // Leaving polls for an untracked page (the profile) ends its visit; the tab then goes to the background, which
    // sends what is queued while the page is alive (the check below does not race a request in flight).
    await page.getByTestId('nav-profile').click();
    await page.waitForURL(/\/profile\//);
    const reported = page.waitForResponse((r) => r.url().includes('/api/analytics/modules') && r.request().method() === 'POST');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    assert.equal((await reported).status(), 200);
    // Closing the tab ends the session: sent with keep-alive as the page goes away.
    await page.close({ runBeforeUnload: true });

    const q = `?dateFrom=${today()}&dateTo=${today()}`;
    await eventually(async () => {
      const r = await api<{ modules: { moduleName: string; visits: number; visitorDays: number }[] }>(
        'GET',
        `/api/analytics/modules/${w.client._id}${q}`,
        w.admin.token,
      );
      const names = r.modules.map((m) => m.moduleName);
      return ['wall', 'addressBook', 'polls'].every((m) => names.includes(m)) ? r : undefined;
    }, 20_000);
    await eventually(async () => {
      const v = await api<{ sessions: number; activeUsers: number }>('GET', `/api/analytics/visitors/${w.client._id}${q}`, w.admin.token);
      return v.sessions >= 1 && v.activeUsers >= 1 ? v : undefined;
    }, 20_000);

    // The admin's analytics page shows the visits in the modules tab.
    await admin.goto('/analytics');
    await admin.getByTestId('analytics-tab-modules').click();
    await admin.getByTestId('analytics-table').getByText('addressBook').waitFor();
    // The adaptations tab: none in the period yet, an empty state rather than zeros.
    await admin.getByTestId('analytics-tab-adaptations').click();
    await admin.getByText('No adaptations yet').waitFor();
    // Eve starts an adaptation today (HR is the admin; Ann her mentor): the tab shows its four figures, labelled.
    const track = await api<{ _id: string }>('POST', '/api/track', w.admin.token, { name: 'Onboarding' });
    const staged = await api<{ stagesList: { _id: string }[] }>('POST', `/api/adaptation/track/${track._id}/stage`, w.admin.token, { name: 'Week one' });
    await api('POST', `/api/adaptation/track/${track._id}/step`, w.admin.token, {
      stage_id: staged.stagesList[0]!._id,
      type: 'task',
      name: 'Meet the team',
      days: 0,
    });
    await api('PUT', '/api/adaptation/active', w.admin.token, { track_id: track._id, active: true });
    await api('POST', '/api/adaptation/add_user', w.admin.token, { track_id: track._id, user_id: eve._id, mentor_id: others[0]!._id, start_date: today() });
    await eventually(async () => {
      const r = await api<{ started: number }>('GET', `/api/analytics/adaptations/${w.client._id}${q}`, w.admin.token);
      return r.started === 1 ? r : undefined;
    }, 20_000);
    await admin.getByTestId('analytics-tab-modules').click();
    await admin.reload();
    await admin.getByTestId('analytics-tab-adaptations').click();
    const table = admin.getByTestId('analytics-table');
    await table.waitFor();
    assert.deepEqual(await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))), [
      ['Started', '1'],
      ['Finished', '0'],
      ['Passed probation', '0'],
      ['In progress', '1'],
    ]);

    // Five ratings now: the total is shown, with its count.
    await admin.goto('/employees/');
    await admin.getByRole('tab', { name: 'Mood statistics' }).click();
    await admin.locator('[data-testid="mood-total"][data-hidden="false"]').waitFor();
    assert.match((await admin.getByTestId('mood-total').textContent()) ?? '', /7\.8.*5/);
  });
});
