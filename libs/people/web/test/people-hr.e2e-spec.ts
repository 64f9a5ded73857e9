import assert from 'node:assert/strict';
import { beforeAll, describe, it, jest } from '@jest/globals';
import { browserSpec, signIn } from '@intranet/portal-testing/e2e';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Issue 12 in the browser, part two. The "company data" tab's HR data panel (§2 employee administration, §3 User HR
 * data): an administrator picks an employee, edits an HR field, sees it saved (and it holds after a reload). The
 * projects of /structure_new's "project" kind (§7 Projects): create, add a participant, rename, delete after a
 * confirmation, as another employee with `structures` watches; the chart's zoom buttons. The integrations tab's HR
 * connection test against a local server that answers like 1C:ZUP's OData (and refuses a wrong password).
 */
jest.setTimeout(180_000);
describe('people pages: HR data panel, projects and the chart zoom', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);
  const { api } = spec;
  let admin = { token: '' };
  let erin = { _id: '' };
  let clientId = '';

  beforeAll(async () => {
    const w = await spec.workspace('hrweb', 'HR Web Ltd');
    clientId = w.client._id;
    admin = w.admin;
    erin = await w.addUser({ firstName: 'Erin', lastName: 'Employee', email: 'erin@hrweb.test', extra: { position: 'Clerk' } });
  });

  it('company data tab: pick an employee, edit an HR field, see it saved', async () => {
    const { page } = await spec.newPage();
    await signIn(page, 'admin@hrweb.test', 'adminpass1');
    await page.goto('/employees/');
    await page.getByTestId('employees-page').waitFor();
    await page.getByTestId('tab-company').click();
    await page.getByTestId('hr-data').waitFor();
    await page.getByTestId('hr-search').fill('erin');
    await page.locator(`[data-testid="hr-employee"] option[value="${erin._id}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('hr-employee').selectOption(erin._id);
    const position = page.getByTestId('hr-field-position');
    // The label comes from the one table the Excel export's headers use (@intranet/people-contract/hr).
    assert.equal((await position.locator('dt').innerText()).trim(), 'Position');
    assert.equal((await position.locator('dd').innerText()).trim(), 'Clerk');
    assert.equal((await page.getByTestId('hr-field-organisation').locator('dd').innerText()).trim(), '—');

    await page.getByTestId('hr-edit').click();
    await page.getByTestId('employee-modal').waitFor();
    await page.getByTestId('emp-position').fill('Senior clerk');
    await page.getByTestId('emp-organisation').fill('HR Web Holding');
    await page.getByTestId('employee-save').click();
    await page.getByTestId('employee-modal').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-testid="hr-field-position"] dd')?.textContent?.trim() === 'Senior clerk', undefined, {
      timeout: 10_000,
    });
    assert.equal((await page.getByTestId('hr-field-organisation').locator('dd').innerText()).trim(), 'HR Web Holding');

    // Saved on the server: the API says so, and the panel shows it again after a reload.
    const stored = await api<{ users: { _id: string; position: string; organisation: string }[] }>('POST', '/api/user/filter/hrweb', admin.token, {
      data: { search: 'erin' },
    });
    const row = stored.users.find((u) => u._id === erin._id)!;
    assert.deepEqual([row.position, row.organisation], ['Senior clerk', 'HR Web Holding']);
    await page.reload();
    await page.getByTestId('tab-company').click();
    await page.getByTestId('hr-search').fill('erin');
    await page.locator(`[data-testid="hr-employee"] option[value="${erin._id}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('hr-employee').selectOption(erin._id);
    assert.equal((await page.getByTestId('hr-field-position').locator('dd').innerText()).trim(), 'Senior clerk');
  });

  it('projects on /structure_new: create, add a participant, rename, delete after a confirmation; the chart zooms', async () => {
    await api('POST', '/api/structure', admin.token, { kind: 'project', name: 'Project office', client_id: clientId });
    const a = await spec.newPage();
    await signIn(a.page, 'admin@hrweb.test', 'adminpass1');
    await a.page.goto('/structure_new');
    await a.page.getByTestId('structure-page').waitFor();
    await a.page.getByTestId('tab-project').click();
    await a.page.getByTestId('projects-empty').waitFor();

    // Zoom: + scales the chart up, reset brings it back (the buttons work from the keyboard as any button).
    const content = a.page.locator('.org-zoom__content');
    await a.page.getByTestId('structure-zoom-in').click();
    await a.page.waitForFunction(() => /scale\(1\.25\)/.test((document.querySelector('.org-zoom__content') as HTMLElement).style.transform));
    await a.page.getByTestId('structure-zoom-reset').focus();
    await a.page.keyboard.press('Enter');
    await a.page.waitForFunction(() => /scale\(1\)/.test((document.querySelector('.org-zoom__content') as HTMLElement).style.transform));
    assert.ok(await content.isVisible());

    // An empty name is refused in place (§5 'Field is required'); a named one is created with its department.
    await a.page.getByTestId('project-new').click();
    await a.page.getByTestId('project-form').waitFor();
    await a.page.getByTestId('project-save').click();
    assert.equal((await a.page.getByTestId('project-name-error').innerText()).trim(), 'Field is required');
    await a.page.getByTestId('project-name').fill('Intranet launch');
    await a.page.getByTestId('project-description').fill('Roll the portal out');
    await a.page.getByTestId('project-dept').selectOption({ label: 'Project office' });
    await a.page.getByTestId('project-save').click();
    await a.page.getByTestId('project-form').waitFor({ state: 'detached' });
    const list = await api<{ _id: string; name: string; dept_id: string | null; participants: string[] }[]>('GET', '/api/project/', admin.token);
    assert.equal(list.length, 1);
    const p = list[0];
    assert.equal(p.name, 'Intranet launch');
    assert.ok(p.dept_id);
    const card = a.page.getByTestId(`project-${p._id}`);
    await card.waitFor();
    assert.match(await card.innerText(), /Department: Project office/);

    // A participant is found by name in the searchable picker and added (POST api/projectParticipant/).
    await a.page.getByTestId(`project-add-user-${p._id}-search`).fill('Erin');
    await a.page.getByTestId(`project-add-user-${p._id}-option-${erin._id}`).click();
    await a.page.getByTestId(`project-add-user-submit-${p._id}`).click();
    await a.page.waitForFunction((id) => /1 participant/.test(document.querySelector(`[data-testid="project-${id}"]`)?.textContent ?? ''), p._id);
    assert.match(await card.innerText(), /Erin Employee|Employee Erin/);
    assert.deepEqual((await api<{ participants: string[] }>('GET', `/api/project/${p._id}`, admin.token)).participants, [erin._id]);

    // Renamed (PUT api/project/{id}).
    await a.page.getByTestId(`project-edit-${p._id}`).click();
    await a.page.getByTestId('project-name').fill('Intranet launch 2');
    await a.page.getByTestId('project-save').click();
    await a.page.waitForFunction((id) => /Intranet launch 2/.test(document.querySelector(`[data-testid="project-${id}"]`)?.textContent ?? ''), p._id);

    // Deleting asks first; cancel keeps it, confirm deletes it.
    await a.page.getByTestId(`project-delete-${p._id}`).click();
    await a.page.getByTestId('project-delete-confirm').waitFor();
    await a.page.getByTestId('confirm-cancel').click();
    assert.ok(await card.isVisible());
    await a.page.getByTestId(`project-delete-${p._id}`).click();
    await a.page.getByTestId('confirm-ok').click();
    await a.page.getByTestId('projects-empty').waitFor();
    assert.deepEqual(await api('GET', '/api/project/', admin.token), []);
  });
  it('integrations tab: the HR connection test says how many departments the HR system has, or that it refused the password', async () => {
    const zup = createServer((req, res) => {
      if (req.headers.authorization !== `Basic ${Buffer.from('hr:secret').toString('base64')}`) return void res.writeHead(401).end();
      if (!decodeURIComponent(req.url ?? '').startsWith('/zup/odata/standard.odata/Catalog_ПодразделенияОрганизаций?')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      const dept = (n: number, name: string) => ({
        Ref_Key: `00000000-0000-0000-0000-00000000000${n}`,
        Description: name,
        Parent_Key: '00000000-0000-0000-0000-000000000000',
        DeletionMark: false,
      });
      res.end(JSON.stringify({ 'odata.metadata': 'x', value: [dept(1, 'Head office'), dept(2, 'Warehouse')] }));
    });
    await new Promise<void>((ok) => zup.listen(0, '127.0.0.1', ok));
    try {
      const su = await spec.su();
      const url = `http://127.0.0.1:${(zup.address() as AddressInfo).port}/zup`;
      await api('PUT', `/api/clients/${clientId}`, su.token, { taxNumber: '7701234567', hr: { url, login: 'hr', password: 'secret' } });
      const { page } = await spec.newPage();
      await signIn(page, 'admin@hrweb.test', 'adminpass1');
      await page.goto('/employees/');
      await page.getByTestId('employees-page').waitFor();
      await page.getByTestId('tab-integrations').click();
      await page.getByTestId('hr-check').click();
      const result = page.getByTestId('hr-check-result');
      await result.waitFor();
      assert.equal((await result.innerText()).trim(), 'Connected: the HR system has 2 departments');
      // A wrong password saved in the form: the test says so, nothing is loaded.
      await page.getByTestId('hr-password').fill('wrong-one');
      await page.getByTestId('hr-save').click();
      await page.getByTestId('toast').filter({ hasText: 'Saved' }).first().waitFor();
      await page.getByTestId('hr-check').click();
      await page.waitForFunction(() => /refused the login or password/.test(document.querySelector('[data-testid="hr-check-result"]')?.textContent ?? ''));
      const adm = await api<{ _id: string }[]>('GET', `/api/structure/byClient/${clientId}?kind=adm`, admin.token);
      assert.deepEqual(adm, []);
    } finally {
      zup.close();
    }
  });
});
