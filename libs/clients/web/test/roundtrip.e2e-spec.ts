// @slow 30s: export, full delete and import of a workspace.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it, jest } from '@jest/globals';
import { eventually } from '@intranet/platform-testing';
import { browserSpec, signIn, SUPERADMIN } from '@intranet/portal-testing/e2e';

/**
 * A workspace's round trip through a backup (issue 36 "Browser"): the superadmin exports a workspace on its
 * maintenance tab and downloads the archive, deletes the workspace after typing its code, uploads the archive on
 * another workspace's maintenance tab and imports it back under the same code; its employee signs in and finds the
 * wall as it was.
 */
jest.setTimeout(300_000);
describe('export → download → full delete → upload and import → the employee finds the wall', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json', 'wall/mf-manifest.json']);
  const { api } = spec;

  it('the superadmin round-trips a workspace through a downloaded archive; the employee signs in to the same wall', async () => {
    const w = await spec.workspace('roundweb', 'Round Web');
    const emma = await w.addUser({ firstName: 'Emma', email: 'emma@roundweb.test' });
    await api('POST', '/api/post', emma.token, { message: 'Our wall before the backup' });
    const host = await spec.workspace('roundhost', 'Round Host');

    const { page } = await spec.newPage();
    await signIn(page, SUPERADMIN.login, SUPERADMIN.password);
    await page.goto(`/clients/?client=${w.client._id}`);
    await page.getByTestId('client-detail').waitFor();
    await page.getByTestId('tab-maintenance').click();
    await page.getByTestId('life-export-submit').click();
    await page.locator('[data-testid="life-job-export"][data-status="done"]').waitFor({ timeout: 120_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('job-download').click()]);
    const archive = await download.path();
    assert.ok(archive);
    // A gzip file (the archive itself, not an error page).
    assert.deepEqual([...readFileSync(archive).subarray(0, 2)], [0x1f, 0x8b], readFileSync(archive).subarray(0, 200).toString('utf8'));

    await page.getByTestId('full-delete-code').fill('roundweb');
    await page.getByTestId('full-delete-submit').click();
    await page.locator('[data-testid="life-job-fullDelete"][data-status="done"]').waitFor({ timeout: 120_000 });
    const gone = await fetch(`${spec.portal.url}/api/clients/by_ws/roundweb`);
    assert.equal(gone.status, 404);

    // The archive file from disk, on another workspace's maintenance tab: uploaded, moved to the archives, imported.
    await page.goto(`/clients/?client=${host.client._id}`);
    await page.getByTestId('client-detail').waitFor();
    await page.getByTestId('tab-maintenance').click();
    await page.getByTestId('import-workspace').fill('roundweb');
    await page.getByTestId('import-key').fill('');
    await page.getByTestId('import-file').setInputFiles(archive);
    await page.waitForFunction(() => (document.querySelector('[data-testid="import-key"]') as HTMLInputElement | null)?.value.includes('/exports/'));
    await page.getByTestId('import-submit').click();
    const back = await eventually(async () => {
      const r = await fetch(`${spec.portal.url}/api/clients/by_ws/roundweb`);
      return r.status === 200 ? ((await r.json()) as { result: { _id: string } }).result : undefined;
    }, 120_000);
    assert.notEqual(back._id, w.client._id);
    // The import job (its target is the new workspace) runs to done.
    const su = await spec.su();
    await eventually(async () => {
      const jobs = await api<{ kind: string; status: string }[]>('GET', `/api/clients/${back._id}/jobs`, su.token);
      return jobs.some((j) => j.kind === 'import' && j.status === 'done');
    }, 120_000);

    const { page: her } = await spec.newPage();
    await signIn(her, emma.email, emma.password);
    await her.goto('/company');
    await her.getByText('Our wall before the backup').waitFor();
  });
});
