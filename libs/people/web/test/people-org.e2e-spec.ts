// @slow 25s: the address book and the structure.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec, signIn } from '@intranet/portal-testing/e2e';

/** YYYY-MM-DD `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 12 in the browser. /vacations (§5 Vacation, §8 vacation overlap): an employee asks for dates overlapping
 * their own vacation and reads the §8 text; a valid request takes its days from the balance and appears on a
 * colleague's team timeline. /structure_new: an administrator drags a department onto another, and a colleague whose
 * chart is open sees it move (evt.people.department.updated over the socket); a move into its own child is refused
 * with the §8 text.
 */
jest.setTimeout(120_000);

/** Waits until the bar of vacation `id` is shown approved (no longer planned). */
const expectApproved = (page: import('playwright-core').Page, id: string) =>
  page.waitForFunction((v) => {
    const bar = document.querySelector(`[data-testid="vac-bar-${v}"]`);
    return !!bar && !bar.classList.contains('vac-bar--planned');
  }, id);
describe('people pages: vacations and the company structure', () => {
  const spec = browserSpec(['shell/index.html', 'admin/mf-manifest.json']);
  const { api, login } = spec;
  let clientId = '';

  it('runs the vacation story', async () => {
    const w = await spec.workspace('vacweb', 'Vac Web Ltd');
    clientId = w.client._id;
    const ann = await w.addUser({ firstName: 'Ann', lastName: 'Archer', email: 'ann@vacweb.test' });
    await w.addUser({ firstName: 'Bob', lastName: 'Baker', email: 'bob@vacweb.test' });
    const annToken = ann.token;
    await api('POST', '/api/user/vacation', annToken, { start: inDays(10), end: inDays(14) });

    const a = await spec.newPage();
    await signIn(a.page, 'ann@vacweb.test', 'employee1');
    await a.page.goto('/vacations');
    await a.page.getByTestId(`vac-row-${ann._id}`).waitFor();
    assert.match(await a.page.getByTestId('vac-balance').innerText(), /23 vacation days left/);

    // Empty dates: "Field is required", not a date-format error (issue 29 §17).
    await a.page.getByTestId('vac-submit').click();
    assert.equal((await a.page.getByTestId('vac-start-error').innerText()).trim(), 'Field is required');
    assert.equal((await a.page.getByTestId('vac-end-error').innerText()).trim(), 'Field is required');

    // Overlapping her own vacation: the server's §5 rule, worded by the web (§8).
    await a.page.getByTestId('vac-start').fill(inDays(12));
    await a.page.getByTestId('vac-end').fill(inDays(16));
    await a.page.getByTestId('vac-submit').click();
    const err = a.page.getByTestId('vac-form-error');
    await err.waitFor();
    assert.equal((await err.innerText()).trim(), 'The vacation overlaps another vacation of this employee');
    assert.equal(await a.page.locator(`[data-testid="vac-row-${ann._id}"] .vac-bar`).count(), 1);

    // Bob opens the team timeline before Ann's next request.
    const b = await spec.newPage();
    await signIn(b.page, 'bob@vacweb.test', 'employee1');
    await b.page.goto('/vacations');
    await b.page.getByTestId(`vac-row-${ann._id}`).waitFor();

    // A valid request: accepted, the balance drops by its calendar days, the bar appears.
    await a.page.getByTestId('vac-start').fill(inDays(30));
    await a.page.getByTestId('vac-end').fill(inDays(33));
    await a.page.getByTestId('vac-submit').click();
    await a.page.waitForFunction(() => /19 vacation days left/.test(document.querySelector('[data-testid="vac-balance"]')?.textContent ?? ''));
    assert.equal(await a.page.getByTestId('vac-form-error').count(), 0);
    const mine = await api<{ users: { _id: string; vacations: { _id: string; start: string }[] }[] }>('GET', '/api/user/vacations', annToken);
    const fresh = mine.users.find((u) => u._id === ann._id)!.vacations.find((v) => v.start === inDays(30))!;
    assert.ok(fresh, 'stored');

    // Bob, whose timeline was open all along, sees it arrive (evt.people.vacation.added over the socket).
    await b.page.getByTestId(`vac-bar-${fresh._id}`).waitFor();
    await b.page.getByTestId('vac-search').fill('archer');
    await b.page.waitForFunction(() => document.querySelectorAll('[data-testid^="vac-row-"]').length === 1);
  });

  it('an administrator moves a department by dragging it onto another (a colleague sees it live); a move into its child is refused', async () => {
    const admin = await login('admin@vacweb.test', 'adminpass1');
    const mk = (name: string, parent?: string) => api<{ _id: string }>('POST', '/api/structure', admin.token, { kind: 'org', name, parent });
    const root = await mk('Vac Web');
    const sales = await mk('Sales', root._id);
    const itDept = await mk('IT', root._id);
    const east = await mk('East', sales._id);

    // Bob, an employee, has the chart open before the move.
    const b = await spec.newPage();
    await signIn(b.page, 'bob@vacweb.test', 'employee1');
    await b.page.goto('/structure_new');
    await b.page.getByTestId(`dept-${sales._id}`).waitFor();
    assert.equal(await b.page.getByTestId(`dept-toggle-${itDept._id}`).count(), 0);

    const a = await spec.newPage();
    await signIn(a.page, 'admin@vacweb.test', 'adminpass1');
    await a.page.goto('/structure_new');
    await a.page.getByTestId(`dept-${sales._id}`).waitFor();
    await a.page.getByTestId('structure-edit').check();
    await a.page.locator(`[data-testid="dept-${sales._id}"] > .org-card`).dragTo(a.page.locator(`[data-testid="dept-${itDept._id}"] > .org-card`));
    await a.page.waitForFunction((id) => !!document.querySelector(`[data-testid="dept-${id}"] [data-testid="dept-toggle-${id}"]`), itDept._id);
    const after = await api<{ _id: string; parent: string | null }[]>('GET', `/api/structure/byClient/${clientId}?kind=org`, admin.token);
    assert.equal(after.find((d) => d._id === sales._id)!.parent, itDept._id);
    // Bob's chart, not reloaded by him, now shows Sales under IT (collapsed there: IT has a toggle, Sales is no longer on top).
    await b.page.getByTestId(`dept-toggle-${itDept._id}`).waitFor();
    await b.page.getByTestId(`dept-${sales._id}`).waitFor({ state: 'detached' });

    // IT (now holding Sales) dragged into East, its own descendant: the §8 text, nothing moves.
    await a.page.getByTestId(`dept-toggle-${itDept._id}`).click();
    await a.page.getByTestId(`dept-toggle-${sales._id}`).click();
    await a.page.getByTestId(`dept-${east._id}`).waitFor();
    await a.page.locator(`[data-testid="dept-${itDept._id}"] > .org-card`).dragTo(a.page.locator(`[data-testid="dept-${east._id}"] > .org-card`));
    await a.page.getByText('A department cannot be moved into itself or its child').first().waitFor();
    const still = await api<{ _id: string; parent: string | null }[]>('GET', `/api/structure/byClient/${clientId}?kind=org`, admin.token);
    assert.equal(still.find((d) => d._id === itDept._id)!.parent, root._id);
  });

  it('Approve and Delete show only where the server allows them: a colleague sees none, the direct chief approves (issue 29 §1)', async () => {
    const admin = await login('admin@vacweb.test', 'adminpass1');
    const reg = (firstName: string, lastName: string, email: string) =>
      api<{ _id: string }>('POST', '/api/register', admin.token, { firstName, lastName, email, password: 'employee1', confirmPassword: 'employee1' });
    const cleo = await reg('Cleo', 'Chief', 'cleo@vacweb.test');
    const dan = await reg('Dan', 'Report', 'dan@vacweb.test');
    // Cleo heads "Support" of the organisational structure (the tab /structure_new opens on), with Dan in it.
    const org = await api<{ _id: string; parent: string | null }[]>('GET', `/api/structure/byClient/${clientId}?kind=org`, admin.token);
    const root = org.find((x) => x.parent === null) ?? (await api<{ _id: string }>('POST', '/api/structure', admin.token, { kind: 'org', name: 'Vac Web' }));
    const support = await api<{ _id: string }>('POST', '/api/structure', admin.token, { kind: 'org', name: 'Support', parent: root._id });
    await api('POST', `/api/dept_users/${clientId}/${support._id}`, admin.token, { users: [cleo._id, dan._id] });
    await api('PUT', '/api/dept_users', admin.token, { dept_id: support._id, headUser: cleo._id });
    const danToken = (await login('dan@vacweb.test', 'employee1')).token;
    const v = await api<{ _id: string }>('POST', '/api/user/vacation', danToken, { start: inDays(60), end: inDays(61) });

    // Bob, a colleague without vacations_edit, sees Dan's bar but no Approve or Delete for it.
    const b = await spec.newPage();
    await signIn(b.page, 'bob@vacweb.test', 'employee1');
    await b.page.goto('/vacations');
    await b.page.getByTestId(`vac-bar-${v._id}`).waitFor();
    assert.equal(await b.page.getByTestId('vac-planned').count(), 0);
    assert.equal(await b.page.getByTestId(`vac-approve-${v._id}`).count(), 0);
    assert.equal(await b.page.getByTestId(`vac-delete-${v._id}`).count(), 0);

    // Dan sees his own request with Delete but never Approve.
    const d = await spec.newPage();
    await signIn(d.page, 'dan@vacweb.test', 'employee1');
    await d.page.goto('/vacations');
    await d.page.getByTestId(`vac-delete-${v._id}`).waitFor();
    assert.equal(await d.page.getByTestId(`vac-approve-${v._id}`).count(), 0);

    // Cleo, his direct chief, approves it; the bar turns approved.
    const c = await spec.newPage();
    await signIn(c.page, 'cleo@vacweb.test', 'employee1');
    await c.page.goto('/vacations');
    await c.page.getByTestId(`vac-approve-${v._id}`).click();
    await c.page.getByTestId(`vac-approve-${v._id}`).waitFor({ state: 'detached' });
    await expectApproved(c.page, v._id);
    // Three people sign in one after another: more than the file's default under a loaded machine.
  }, 300_000);
});
