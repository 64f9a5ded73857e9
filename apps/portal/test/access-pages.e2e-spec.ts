// @slow 35s: every page per role.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { apiCaller, startBrowserPortal, type BrowserPortal, signIn as signInAs, SUPERADMIN as SU, loginCaller } from '@intranet/portal-testing/e2e';
import type { Portal } from '@intranet/portal-server';

const NOT_FOUND = { en: 'The requested resource was not found', ru: 'Запрашиваемый ресурс не найден' };

/**
 * What the web shows when a call cannot be served (issue 8): a route the server does not have → the §8 'API not
 * found' dialog in the user's language; a missing right → a clear 'no access' page (no Retry); a malformed or
 * unknown id in the URL → the §8 not-found text; a client feature switched off (§6) → no menu item and a clear page
 * when its URL is opened directly.
 */
jest.setTimeout(300_000);
describe('API not found, no access, not found and switched-off pages in the browser (§6, §8)', () => {
  let portal: Portal;
  let e: BrowserPortal;
  let su: { token: string };
  let clientId: string;
  let admin: { token: string; result: { _id: string } };
  const ids: Record<string, string> = {};

  const api = apiCaller(() => portal.url);

  const login = loginCaller(api);

  const signIn = (page: Page, l: string, password: string) => signInAs(page, l, password, { landing: /\/company\/?$/, ready: 'company-page' });
  const page = async (l: string, p: string) => {
    const x = await e.newPage();
    await signIn(x.page, l, p);
    return x;
  };

  beforeAll(async () => {
    e = await startBrowserPortal(['shell/index.html', 'wall/mf-manifest.json', 'kb/mf-manifest.json', 'admin/mf-manifest.json']);
    portal = e.portal;
    su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'accessweb', name: 'Access Web', lang: 'en' });
    clientId = client._id;
    await api('POST', '/api/register', su.token, {
      client_id: clientId,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@accessweb.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
    });
    admin = await login('admin@accessweb.test', 'adminpass1');
    const reg = (firstName: string, email: string, extra: Record<string, unknown> = {}) =>
      api<{ _id: string }>('POST', '/api/register', admin.token, {
        firstName,
        lastName: 'Tester',
        email,
        password: 'employee1',
        confirmPassword: 'employee1',
        ...extra,
      });
    ids.eve = (await reg('Eve', 'eve@accessweb.test', { lang: 'ru' }))._id;
    ids.nora = (await reg('Nora', 'nora@accessweb.test'))._id;
    for (const right of ['address', 'knowledge_base']) await api('DELETE', `/api/user/${ids.nora}/role/${right}`, admin.token);
    ids.boss = (await reg('Boss', 'boss@accessweb.test', { roles: ['admin'] }))._id;
    ids.article = (await api<{ _id: string }>('POST', '/api/article', admin.token, { section: 'kb', title: 'Handbook', content: 'Read me' }))._id;
  });
  afterAll(() => e?.close());

  it("a route the server does not have: the gateway answers 404 apiNotFound and the web shows the §8 dialog in the user's language", async () => {
    const res = await fetch(`${portal.url}/api/user/no_such_route/${ids.eve}`, { headers: { authorization: `Bearer ${admin.token}` } });
    assert.equal(res.status, 404);
    const body = (await res.json()) as { code: string; message: string };
    assert.deepEqual([body.code, body.message], ['apiNotFound', NOT_FOUND.en]);

    // Eve reads Russian. Her wall's call for the pinned employees goes to a route this server lacks (as when the
    // web is newer than its server): the dialog says so in Russian although the call itself was a silent one.
    const eve = await e.newPage();
    await eve.page.route('**/api/user/pinned/**', (r) => r.continue({ url: `${portal.url}/api/user/pinned_v2/${clientId}` }));
    await signIn(eve.page, 'eve@accessweb.test', 'employee1');
    await eve.page.getByTestId('error-dialog').waitFor();
    assert.equal(await eve.page.getByTestId('error-dialog-message').innerText(), NOT_FOUND.ru);
    await eve.page.getByTestId('error-dialog-ok').click();
    await eve.page.getByTestId('error-dialog').waitFor({ state: 'detached' });

    // The same wall on a server that has the route: no dialog. With someone pinned, Eve sees the pinned block
    // once that call's answer is handled (an employee sees no block for an empty list), so it has had its chance.
    await api('PUT', `/api/user/pin/${ids.boss}`, admin.token, { pinned_num: 1 });
    try {
      await eve.page.unroute('**/api/user/pinned/**');
      await eve.page.reload();
      await eve.page.getByTestId('company-page').waitFor();
      await eve.page.getByTestId(`pinned-${ids.boss}`).waitFor();
      assert.equal(await eve.page.getByTestId('error-dialog').count(), 0);
    } finally {
      await api('PUT', `/api/user/pin/${ids.boss}`, admin.token, { pinned_num: null });
    }
    await eve.ctx.close();
  });

  it('a missing right shows a clear no-access page (no Retry); a malformed or unknown id the §8 not-found text', async () => {
    const nora = await page('nora@accessweb.test', 'employee1');
    // The address book without the address right: the API answers 403.
    await nora.page.goto('/addressBook/');
    await nora.page.getByTestId('page-no-access').waitFor();
    assert.match(await nora.page.getByTestId('page-no-access').innerText(), /You have no access to this page/);
    assert.equal(await nora.page.getByRole('button', { name: 'Retry' }).count(), 0);
    // The knowledge base without its right.
    await nora.page.goto(`/article/${ids.article}`);
    await nora.page.getByTestId('kb-no-access').waitFor();
    assert.equal(await nora.page.getByRole('button', { name: 'Retry' }).count(), 0);
    await nora.ctx.close();

    const a = await page('admin@accessweb.test', 'adminpass1');
    for (const path of ['/profile/not-an-id', '/profile/00000000-0000-4000-8000-000000000000', '/post/garbage']) {
      await a.page.goto(path);
      await a.page.getByTestId('page-not-found').waitFor();
      assert.match(await a.page.getByTestId('page-not-found').innerText(), /The page is no longer relevant/, path);
    }
    for (const path of ['/article/not-an-id', '/vacancy/00000000-0000-4000-8000-000000000000']) {
      await a.page.goto(path);
      await a.page.getByTestId('kb-not-found').waitFor();
      assert.match(await a.page.getByTestId('kb-not-found').innerText(), /The page is no longer relevant/, path);
      // The way back leads to the page's own list.
      const back = path.startsWith('/vacancy/') ? '/vacancies/' : '/articles/';
      assert.equal(await a.page.getByTestId('kb-not-found').locator(`a[href="${back}"]`).count(), 1, path);
    }
    await a.ctx.close();

    // An administrator demoted while on the employees page: the next call answers 403, and the page says so.
    const boss = await page('boss@accessweb.test', 'employee1');
    await boss.page.goto('/employees/');
    await boss.page.getByTestId('employees-page').waitFor();
    await boss.page.getByTestId(`employee-edit-${ids.nora}`).waitFor();
    await api('DELETE', `/api/user/${ids.boss}/role/admin`, admin.token);
    await boss.page.getByTestId('employees-show-deleted').check();
    await boss.page.getByTestId('page-no-access').waitFor();
    assert.equal(await boss.page.getByTestId('employees-error').count(), 0);
    assert.equal(await boss.page.getByRole('button', { name: 'Retry' }).count(), 0);
    await boss.ctx.close();
  });

  it('a client feature switched off: no menu item, and its pages opened by URL say the section is switched off', async () => {
    await api('PUT', `/api/clients/features/switch/${clientId}/knowledge_base`, su.token);
    try {
      const a = await page('admin@accessweb.test', 'adminpass1');
      await a.page.getByTestId('nav-vacancies').waitFor();
      assert.equal(await a.page.getByTestId('nav-knowledgeBase').count(), 0);
      for (const path of ['/articles/', `/articles/${ids.article}`, `/article/${ids.article}`]) {
        await a.page.goto(path);
        await a.page.getByTestId('feature-off').waitFor();
        assert.match(await a.page.getByTestId('feature-off').innerText(), /This section is switched off for your company/, path);
      }
      // Vacancies, another feature, still open.
      await a.page.goto('/vacancies/');
      await a.page.getByTestId('vacancies-page').waitFor();
      assert.equal(await a.page.getByTestId('feature-off').count(), 0);
      await a.ctx.close();
    } finally {
      await api('PUT', `/api/clients/features/switch/${clientId}/knowledge_base`, su.token);
    }
    // Switched on again, the menu item and the page are back.
    const a = await page('admin@accessweb.test', 'adminpass1');
    await a.page.getByTestId('nav-knowledgeBase').waitFor();
    await a.page.goto(`/article/${ids.article}`);
    await a.page.getByText('Read me').waitFor();
    await a.ctx.close();
  });
});
