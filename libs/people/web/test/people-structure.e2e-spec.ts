import assert from 'node:assert/strict';
import { beforeAll, describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, signIn } from '@intranet/portal-testing/e2e';

/**
 * Issue 29 §22 and §26 in the browser. /structure_new: the edit panel follows the chosen department (its name), people
 * are chosen in the searchable picker (Add employee, Set head, Add participant), an employee opens a department to see
 * its members, the project tab has its own empty state, and a note says which structure decides the direct chief.
 * /employees in ru: every tab label is whole at 1440 and 390 px (the bar wraps instead of hiding tabs).
 */
jest.setTimeout(180_000);
describe('structure and employees pages (issue 29 §22, §26)', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);
  const { api } = spec;
  let clientId = '';
  let adminToken = '';

  beforeAll(async () => {
    const w = await spec.workspace('structweb', 'Struct Web');
    clientId = w.client._id;
    adminToken = w.admin.token;
  });

  type Dept = { _id: string; name: string; manager: string | null; employees: string[] };
  const depts = () => api<Dept[]>('GET', `/api/structure/byClient/${clientId}?kind=org`, adminToken);
  /** Chooses `name`'s suggestion in the people picker `testId` (types part of the name, clicks the option). */
  const pick = async (page: Page, testId: string, text: string, id: string) => {
    await page.getByTestId(`${testId}-search`).fill(text);
    await page.getByTestId(`${testId}-option-${id}`).click();
  };

  it('the panel follows the chosen department; people are picked by search; an employee views a department; own project empty state', async () => {
    const reg = (firstName: string, lastName: string, email: string) =>
      api<{ _id: string }>('POST', '/api/register', adminToken, { firstName, lastName, email, password: 'employee1', confirmPassword: 'employee1' });
    const zoe = await reg('Zoe', 'Zimmer', 'zoe@structweb.test');
    const yan = await reg('Yan', 'Young', 'yan@structweb.test');
    const mk = (name: string, parent?: string) => api<{ _id: string }>('POST', '/api/structure', adminToken, { kind: 'org', name, parent });
    const root = await mk('Struct Web');
    const sales = await mk('Sales', root._id);
    const it = await mk('IT', root._id);

    const { page: a } = await spec.newPage();
    await signIn(a, 'admin@structweb.test', 'adminpass1');
    await a.goto('/structure_new');
    await a.getByTestId(`dept-${sales._id}`).waitFor();
    // The organisational tab says which structure decides the direct chief.
    assert.match(await a.getByTestId('structure-chief-note').innerText(), /Administrative structure/);
    await a.getByTestId('structure-edit').check();
    await a.getByTestId(`dept-select-${sales._id}`).click();
    assert.equal(await a.getByTestId('dept-name').inputValue(), 'Sales');
    await a.getByTestId(`dept-select-${it._id}`).click();
    await a.waitForFunction(() => (document.querySelector('[data-testid="dept-name"]') as HTMLInputElement | null)?.value === 'IT');

    // Add employee and Set head: searchable pickers, not drop-downs of every name.
    assert.equal(await a.locator('[data-testid="dept-panel"] select').count(), 1, 'only "Move under" stays a drop-down');
    await pick(a, 'dept-add-user', 'Zim', zoe._id);
    await pick(a, 'dept-add-user', 'You', yan._id);
    await a.getByTestId('dept-add-user-submit').click();
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="dept-panel"] .org-people li').length === 2);
    assert.deepEqual((await depts()).find((d) => d._id === it._id)!.employees.sort(), [zoe._id, yan._id].sort());
    await pick(a, 'dept-head', 'Yan', yan._id);
    await a.getByTestId(`dept-head-chip-${yan._id}`).waitFor();
    assert.equal((await depts()).find((d) => d._id === it._id)!.manager, yan._id);

    // The project tab: its own empty state, not the departments' one.
    await a.getByTestId('tab-project').click();
    assert.match(await a.getByTestId('structure-empty').innerText(), /No project departments yet/);

    // Zoe, an employee, opens IT (read-only) and sees its head and members.
    const { page: z } = await spec.newPage();
    await signIn(z, 'zoe@structweb.test', 'employee1');
    await z.goto('/structure_new');
    await z.getByTestId(`dept-select-${it._id}`).click();
    const view = z.getByTestId('dept-view');
    await view.waitFor();
    const text = await view.innerText();
    assert.match(text, /Head: Yan Young/);
    assert.match(text, /Zoe Zimmer/);
    assert.equal(await z.getByTestId('dept-panel').count(), 0);
  });

  it('ru: every Employees tab label is whole at 1440 and 390 px', async () => {
    // An administrator whose profile language is ru.
    await api('POST', '/api/register', adminToken, {
      firstName: 'Ирина',
      lastName: 'Админова',
      email: 'ru-admin@structweb.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
      lang: 'ru',
    });
    for (const width of [1440, 390]) {
      const { page, ctx } = await spec.newPage();
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, 'ru-admin@structweb.test', 'adminpass1');
      await page.goto('/employees/');
      await page.getByTestId('employees-page').waitFor();
      await page.getByText('Интеграции', { exact: true }).waitFor();
      const clipped = await page.evaluate(() => {
        const list = document.querySelector('[data-testid="employees-page"] [role="tablist"]') as HTMLElement;
        const out: string[] = [];
        if (list.scrollWidth > list.clientWidth + 1) out.push(`tablist scrolls: ${list.scrollWidth} > ${list.clientWidth}`);
        const box = list.getBoundingClientRect();
        for (const tab of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
          const r = tab.getBoundingClientRect();
          if (r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth) out.push(`${tab.textContent} outside`);
          if (tab.scrollWidth > tab.clientWidth + 1) out.push(`${tab.textContent} cut`);
        }
        return out;
      });
      assert.deepEqual(clipped, [], `${width}px`);
      await ctx.close();
    }
  });
});
