// @slow 30s: the superadmin's workspace lifecycle screens.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, seriousViolations, SUPERADMIN } from '@intranet/portal-testing/e2e';

/**
 * A workspace's whole life on the client screen's maintenance tab (§2, issue 36): the superadmin sees the
 * statistics, clones the workspace and watches the job's progress bar reach done, then deletes the copy after typing
 * its code (the button stays disabled until the code is typed exactly). The rebuild tasks show their figures.
 */
jest.setTimeout(240_000);
describe('maintenance tab: statistics, clone with progress, full delete with a typed confirmation', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);
  const { api } = spec;

  it('the superadmin clones a workspace, sees the progress to done, and deletes the copy after typing its code', async () => {
    const su = await spec.su();
    const w = await spec.workspace('lifeweb', 'Life Web');
    await w.addUser({ firstName: 'Emma', email: 'emma@lifeweb.test' });
    const { page } = await spec.newPage();
    await page.goto('/login/');
    await page.getByTestId('login-input').fill(SUPERADMIN.login);
    await page.getByTestId('password-input').fill(SUPERADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`/clients/?client=${w.client._id}`);
    await page.getByTestId('client-detail').waitFor();
    await page.getByTestId('tab-maintenance').click();
    await page.getByTestId('client-stat').waitFor();
    assert.equal(await page.getByTestId('stat-employees').innerText(), '2');

    // The rebuild tasks answer their figures on the tab: the search index (kb) and the read models (social's wall).
    for (const task of ['rebuildSearchIndex', 'rebuildReadModels']) {
      const label = await page.getByTestId(`task-${task}`).innerText();
      await page.getByTestId(`task-${task}`).click();
      await page.locator('[data-testid="task-result"]', { hasText: `${label.trim()}: ` }).waitFor();
      assert.match(await page.getByTestId('task-result').innerText(), /\d/);
    }

    await page.getByTestId('clone-workspace').fill('lifewebcopy');
    await page.getByTestId('clone-name').fill('Life Web copy');
    await page.getByTestId('clone-submit').click();
    const job = page.getByTestId('life-job-clone');
    await job.waitFor();
    await page.locator('[data-testid="life-job-clone"][data-status="done"]').waitFor({ timeout: 120_000 });
    assert.equal(await job.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
    assert.equal(await job.getByTestId('job-workspace').innerText(), 'Workspace lifewebcopy');
    assert.deepEqual(await seriousViolations(page), []);

    const copy = await api<{ _id: string }>('GET', '/api/clients/by_ws/lifewebcopy', null);
    await page.goto(`/clients/?client=${copy._id}`);
    await page.getByTestId('client-detail').waitFor();
    await page.getByTestId('tab-maintenance').click();
    assert.equal(await page.getByTestId('stat-employees').innerText(), '2');
    await page.getByTestId('full-delete-code').fill('lifeweb');
    assert.equal(await page.getByTestId('full-delete-submit').isDisabled(), true);
    await page.getByTestId('full-delete-code').fill('lifewebcopy');
    await page.getByTestId('full-delete-submit').click();
    await page.locator('[data-testid="life-job-fullDelete"][data-status="done"]').waitFor({ timeout: 120_000 });
    const gone = await fetch(`${spec.portal.url}/api/clients/${copy._id}`, { headers: { authorization: `Bearer ${su.token}` } });
    assert.equal(gone.status, 404);
  });
});
