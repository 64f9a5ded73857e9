import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec } from '@intranet/portal-testing/e2e';

/**
 * §2 employee administration tabs backed by the client's data (§3 Client): company data, other settings and
 * integrations (HR system), saved with PUT api/clients/{id}; the tabs whose data no service holds stay disabled.
 */
jest.setTimeout(240_000);
describe('employee administration: company data, other settings and integrations tabs', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);
  const { api } = spec;

  const openTab = async (page: Page, id: string) => {
    await page.getByTestId(`tab-${id}`).click();
    await page.getByTestId(`${id === 'company' ? 'company' : id}-tab`).waitFor();
  };

  it('an admin edits the company data, other settings and the HR integration; the changes hold after a reload', async () => {
    const su = await spec.su();
    const { client } = await spec.workspace('tabsco', 'Tabs Co');
    const { page, ctx } = await spec.newPage();
    await page.goto('/login/');
    await page.getByTestId('login-input').fill('admin@tabsco.test');
    await page.getByTestId('password-input').fill('adminpass1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/company\/?$/);
    await page.goto('/employees/');
    await page.getByTestId('employees-page').waitFor();
    // Mood statistics (analytics) and AI settings (kb) are built; the interface tab is not yet.
    assert.equal(await page.getByTestId('tab-interface').isDisabled(), true, 'interface is not built yet');
    for (const id of ['mood', 'ai']) assert.equal(await page.getByTestId(`tab-${id}`).isDisabled(), false, `${id} is built`);

    // Company data: an emptied required name is refused in place; a valid form saves.
    await openTab(page, 'company');
    assert.equal(await page.getByTestId('company-name').inputValue(), 'Tabs Co');
    await page.getByTestId('company-name').fill('');
    await page.getByTestId('company-save').click();
    assert.equal(await page.getByTestId('company-name-error').innerText(), 'Field is required');
    await page.getByTestId('company-name').fill('Tabs Company');
    await page.getByTestId('company-city').fill('Lviv');
    await page.getByTestId('company-city').fill('x'.repeat(101));
    await page.getByTestId('company-save').click();
    assert.equal(await page.getByTestId('company-city-error').innerText(), 'Max 100 symbols');
    await page.getByTestId('company-city').fill('Lviv');
    await page.getByTestId('company-director').fill('Dana Director');
    await page.getByTestId('company-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Saved' }).first().waitFor();

    // Integrations: the tax id notice shows until the company data has one; the password is never shown back.
    await openTab(page, 'integrations');
    await page.getByTestId('hr-no-tax').waitFor();
    await page.getByTestId('hr-url').fill('not a url');
    await page.getByTestId('hr-save').click();
    assert.equal(await page.getByTestId('hr-url-error').innerText(), 'Invalid URL');
    await page.getByTestId('hr-url').fill('https://hr.example.com/api');
    await page.getByTestId('hr-login').fill('sync');
    await page.getByTestId('hr-password').fill('hr-secret-1');
    await page.getByTestId('hr-save').click();
    await page.getByTestId('hr-disconnect').waitFor();
    assert.equal(await page.getByTestId('hr-password').inputValue(), '');

    // Other settings.
    await openTab(page, 'other');
    await page.getByTestId('other-start').selectOption('articles');
    await page.getByTestId('other-mood').check();
    await page.getByTestId('other-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Saved' }).first().waitFor();

    await page.reload();
    await page.getByTestId('employees-page').waitFor();
    await openTab(page, 'company');
    assert.equal(await page.getByTestId('company-name').inputValue(), 'Tabs Company');
    assert.equal(await page.getByTestId('company-city').inputValue(), 'Lviv');
    await openTab(page, 'other');
    assert.equal(await page.getByTestId('other-start').inputValue(), 'articles');
    assert.equal(await page.getByTestId('other-mood').isChecked(), true);
    await openTab(page, 'integrations');
    assert.equal(await page.getByTestId('hr-url').inputValue(), 'https://hr.example.com/api');

    // Disconnecting asks first; confirmed, the address and login are gone.
    await page.getByTestId('hr-disconnect').click();
    await page.getByTestId('hr-disconnect-confirm').getByTestId('confirm-cancel').click();
    assert.equal(await page.getByTestId('hr-url').inputValue(), 'https://hr.example.com/api');
    await page.getByTestId('hr-disconnect').click();
    await page.getByTestId('hr-disconnect-confirm').getByTestId('confirm-ok').click();
    await page.getByTestId('hr-disconnect').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('hr-url').inputValue(), '');
    const saved = await api<{ hr: unknown; city: string; start_page: string }>('GET', `/api/clients/${client._id}`, su.token);
    assert.deepEqual([saved.hr, saved.city, saved.start_page], [{ url: null, login: null, hasPassword: false }, 'Lviv', 'articles']);
    await ctx.close();
  });
});
