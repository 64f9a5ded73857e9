// @slow 25s: maintenance mode for a workspace and the installation.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, seriousViolations, signIn, SUPERADMIN } from '@intranet/portal-testing/e2e';

/**
 * Maintenance mode (issue 36) as people meet it: the superadmin switches a workspace into maintenance on its
 * maintenance tab; its employee who signs in sees the maintenance page, its administrator gets in; switched off,
 * the employee's "Try again" opens the portal.
 */
jest.setTimeout(240_000);
describe('maintenance mode: employees see the maintenance page, administrators get in', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);

  it('the superadmin switches it on and off; the employee sees the page meanwhile, the admin works', async () => {
    const w = await spec.workspace('mntweb', 'Maintenance Web');
    const emma = await w.addUser({ firstName: 'Emma', email: 'emma@mntweb.test' });

    const { page: su } = await spec.newPage();
    await signIn(su, SUPERADMIN.login, SUPERADMIN.password);
    await su.goto(`/clients/?client=${w.client._id}`);
    await su.getByTestId('client-detail').waitFor();
    await su.getByTestId('tab-maintenance').click();
    const modeSwitch = su.getByTestId('maintenance-mode-switch');
    await modeSwitch.waitFor();
    assert.equal(await modeSwitch.isChecked(), false);
    await modeSwitch.click();
    await su.waitForFunction(() => (document.querySelector('[data-testid="maintenance-mode-switch"]') as HTMLInputElement | null)?.checked === true);
    assert.deepEqual(await seriousViolations(su), []);

    const { page: emp } = await spec.newPage();
    await signIn(emp, emma.email, emma.password);
    await emp.getByTestId('maintenance').waitFor();
    assert.match(await emp.getByTestId('maintenance').innerText(), /under maintenance/);
    assert.equal(await emp.getByTestId('navbar').count(), 0);

    const { page: admin } = await spec.newPage();
    await signIn(admin, w.admin.email, w.admin.password);
    await admin.getByTestId('navbar').waitFor();
    assert.equal(await admin.getByTestId('maintenance').count(), 0);

    await modeSwitch.click();
    await su.waitForFunction(() => (document.querySelector('[data-testid="maintenance-mode-switch"]') as HTMLInputElement | null)?.checked === false);
    await emp.getByTestId('maintenance-retry').click();
    await emp.getByTestId('navbar').waitFor();
    assert.equal(await emp.getByTestId('maintenance').count(), 0);
  });
});
