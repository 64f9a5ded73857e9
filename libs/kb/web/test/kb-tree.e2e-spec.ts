import { fillPath, type RouteDef } from '@intranet/platform-contracts';
import { kbRoutes } from '@intranet/kb-contract';
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import { browserSpec } from '@intranet/portal-testing/e2e';

const ADMIN = { email: 'admin@kbtree.test', password: 'adminpass1' };

/** Knowledge-base tree (issue 4): opening a deep folder opens its ancestors in the tree and lists its siblings' articles. */
jest.setTimeout(180_000);
describe('knowledge base tree opens the path to the current folder', () => {
  const spec = browserSpec(['shell/index.html', 'kb/mf-manifest.json']);

  /** Calls a route over HTTP; returns the `result` (or the whole body) and throws on a non-2xx status. */
  async function api(route: RouteDef, o: { params?: Record<string, unknown>; body?: unknown; token?: string } = {}): Promise<any> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(spec.portal.url + fillPath(route.path, o.params ?? {}), {
      method: route.method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const json: any = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(json)}`);
    return json && typeof json === 'object' && 'result' in json && !('token' in json) ? json.result : json;
  }

  it('expands every ancestor of a folder four levels down, and only those', async () => {
    // The workspace's admin is admin@kbtree.test / adminpass1 (ADMIN).
    const login = (await spec.workspace('kbtree', 'KB Tree Ltd')).admin;
    const make = (title: string, parentId?: string, type = 'folder') =>
      api(kbRoutes.articleCreate, {
        token: login.token,
        body: { type, section: 'kb', title, parent: parentId, ...(type === 'article' ? { content: '<p>text</p>' } : {}) },
      });
    const a = await make('Level A');
    const b = await make('Level B', a._id);
    const c = await make('Level C', b._id);
    const d = await make('Level D', c._id);
    const aside = await make('Aside', a._id);
    await make('Aside child', aside._id);
    await make('Note in C', c._id, 'article');

    const { page } = await spec.newPage();
    await page.goto('/login/');
    await page.getByTestId('login-input').fill(ADMIN.email);
    await page.getByTestId('password-input').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`/articles/${d._id}`);
    const tree = page.getByTestId('kb-tree');
    await tree.getByTestId(`kb-tree-${d._id}`).waitFor();
    for (const id of [a._id, b._id, c._id]) assert.equal(await tree.getByTestId(`kb-tree-toggle-${id}`).getAttribute('aria-expanded'), 'true');
    assert.equal(await tree.getByTestId(`kb-tree-toggle-${aside._id}`).getAttribute('aria-expanded'), 'false', 'folders off the path stay closed');
    await tree.locator('[data-title="Note in C"]').waitFor();
    assert.match((await tree.getByTestId(`kb-tree-${d._id}`).locator('.kb-tree__item').getAttribute('class')) ?? '', /kb-tree__item--current/);
  });
});
