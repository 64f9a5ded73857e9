import { kbRoutes } from '@intranet/kb-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { articleCalls, setUpArticlesWorld, type Client, type Emp } from './articles-world.ts';

/**
 * §7 Articles through the real gateway and bus: creating, §5 rules, moving, ordering, files and storage, views and
 * favourites, empty_as_articles. Search, isolation, events and the seed: kb-search.int-spec.ts.
 */
describe('knowledge base articles (§7 Articles, §5 Knowledge base, §8 file texts)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let emp: Emp;
  const { inject, upload, ref, used, create, folder, article, list } = articleCalls(() => ({ t, acme }));

  beforeAll(async () => {
    ({ t, acme, other, emp } = await setUpArticlesWorld(sharedPortal, 'a'));
  });
  afterAll(() => t.close());

  it('creates folders and articles, lists the root and a folder, opens one with sanitised content', async () => {
    const f = await folder('Handbook');
    assert.equal(f.type, 'folder');
    assert.equal(f.parent, null);
    assert.equal(f.access, 'write');
    const a = await article(
      'Welcome',
      '<p onclick="x()">Hello <b>team</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://e.x/i.png" onerror="x()"></p>',
      f._id,
    );
    assert.equal(a.parent, f._id);
    assert.equal(a.author, acme.admin._id);
    assert.ok(!/script|onclick|onerror|javascript:/i.test(a.content), a.content);
    assert.match(a.content, /<b>team<\/b>/);
    const root = await list(emp.token, emp.user._id);
    assert.equal(root.status, 200);
    assert.ok(root.body.result.some((x: any) => x._id === f._id && x.hasChildren === true && x.content === undefined));
    assert.ok(!root.body.result.some((x: any) => x._id === a._id), 'the root lists top-level nodes only');
    const inside = await list(emp.token, emp.user._id, { parent: f._id, full: '1' });
    assert.deepEqual(
      inside.body.result.map((x: any) => x._id),
      [a._id],
    );
    assert.match(inside.body.result[0].content, /Hello/);
    const fields = await list(emp.token, emp.user._id, { parent: f._id, fields: 'title,order' });
    assert.deepEqual(Object.keys(fields.body.result[0]).sort(), ['_id', 'order', 'title']);
    const one = await t.call(kbRoutes.articleGet, { token: emp.token, params: { id: a._id } });
    assert.equal(one.status, 200);
    assert.equal(one.body.result.title, 'Welcome');
    assert.equal(one.body.result.access, 'read');
    assert.deepEqual(one.body.result.grants, []);
    const child = await t.call(kbRoutes.articleChild, { token: emp.token, params: { id: f._id } });
    assert.deepEqual(
      child.body.result.map((x: any) => x._id),
      [a._id],
    );
  });

  it('§5: article needs title, content and section; a vacancy its fields; only admins create at the root', async () => {
    const r = await create(acme.adminToken, { title: '', content: '' });
    assert.equal(r.status, 400);
    const fields = Object.fromEntries(r.body.errors.map((e: any) => [e.field, e.message]));
    assert.equal(fields.section, 'Field is required');
    assert.equal(fields.title, 'Field is required');
    assert.equal(fields.content, 'Field is required');
    const empty = await create(acme.adminToken, { section: 'kb', title: 'x', content: '<p> </p>' });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.errors[0].field, 'content');
    assert.equal((await create(acme.adminToken, { section: 'kb', type: 'folder', title: 'No content ok' })).status, 200);
    const fileNode = await create(acme.adminToken, { section: 'kb', type: 'file', title: 'No file' });
    assert.equal(fileNode.status, 400);
    assert.equal(fileNode.body.errors[0].field, 'file');
    const byEmp = await create(emp.token, { section: 'kb', title: 'Mine', content: 'text' });
    assert.equal(byEmp.status, 403);
    assert.equal(byEmp.body.message, 'No access');
    const a = await article('Edit me', 'text');
    const upd = await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: a._id }, body: { content: '' } });
    assert.equal(upd.status, 400);
    assert.deepEqual(upd.body.errors, [{ field: 'content', code: 'required', message: 'Field is required' }]);
    const empUpd = await t.call(kbRoutes.articleUpdate, { token: emp.token, params: { id: a._id }, body: { title: 'x' } });
    assert.equal(empUpd.status, 403);
  });

  it('§5: a folder cannot move into itself or its descendants; moving elsewhere works', async () => {
    const a = await folder('A');
    const b = await folder('B', a._id);
    const c = await folder('C', b._id);
    for (const parent of [a._id, b._id, c._id]) {
      const r = await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: a._id }, body: { parent } });
      assert.equal(r.status, 400, parent);
      assert.equal(r.body.message, 'Folder cannot move into itself');
    }
    const art = await article('Leaf', 'leaf text', c._id);
    const intoArticle = await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: b._id }, body: { parent: art._id } });
    assert.equal(intoArticle.body.message, 'Parent must be a folder');
    const d = await folder('D');
    const moved = await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: b._id }, body: { parent: d._id } });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.result.parent, d._id);
    const crumbs = await t.call(kbRoutes.articleBreadcrumbs, { token: emp.token, params: { id: art._id } });
    assert.deepEqual(
      crumbs.body.result.map((x: any) => x.title),
      ['D', 'B', 'C', 'Leaf'],
    );
    const tree = await t.call(kbRoutes.articleFullTree, { token: emp.token, params: { id: d._id } });
    assert.equal(tree.body.result[0].title, 'B');
    assert.equal(tree.body.result[0].children[0].children[0].title, 'Leaf');
    const whole = await t.call(kbRoutes.articleFullTree, { token: emp.token, params: { id: acme.client._id }, query: { folders: '1' } });
    const dNode = whole.body.result.find((n: any) => n._id === d._id);
    assert.deepEqual(
      dNode.children[0].children.map((n: any) => n.title),
      ['C'],
    );
  });

  it('reorders by swapping order values (§4) and refuses another client', async () => {
    const p = await folder('Order');
    const x = await article('X', 'x', p._id);
    const y = await article('Y', 'y', p._id);
    const r = await t.call(kbRoutes.articleOrder, { token: acme.adminToken, params: { client: acme.client._id, from: x._id, to: y._id } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.result, [
      { _id: x._id, order: y.order },
      { _id: y._id, order: x.order },
    ]);
    const l = await list(emp.token, emp.user._id, { parent: p._id });
    assert.deepEqual(
      l.body.result.map((a: any) => a.title),
      ['Y', 'X'],
    );
    assert.equal((await t.call(kbRoutes.articleOrder, { token: emp.token, params: { client: acme.client._id, from: x._id, to: y._id } })).status, 403);
    assert.equal((await t.call(kbRoutes.articleOrder, { token: other.adminToken, params: { client: acme.client._id, from: x._id, to: y._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleOrder, { token: other.adminToken, params: { client: other.client._id, from: x._id, to: y._id } })).status, 404);
  });

  it('attaches files, signs short-lived URLs, deletes one or all and frees storage (§8 texts on failure)', async () => {
    const a = await article('Files', 'with files');
    const before0 = await used();
    const up = await upload(acme.adminToken, [
      { name: 'Отчёт квартальный.pdf', data: Buffer.alloc(4000, 1) },
      { name: 'notes.txt', data: Buffer.from('plain notes') },
    ]);
    assert.ok((await used()) > before0);
    const added = await t.call(kbRoutes.articleAddFiles, { token: acme.adminToken, params: { id: a._id }, body: { files: up.map(ref) } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.result.length, 2);
    const f0 = added.body.result[0];
    assert.match(f0.url, /^\/api\/files\/.+\?exp=\d+&sig=/);
    const exp = Number(new URL(f0.url, 'http://x').searchParams.get('exp'));
    assert.ok(exp > Date.now() / 1000 && exp <= Date.now() / 1000 + 601, 'short expiry');
    const asAdmin = { authorization: `Bearer ${acme.adminToken}` };
    assert.equal((await inject({ method: 'GET', url: f0.url, headers: asAdmin })).statusCode, 200);
    assert.equal((await inject({ method: 'GET', url: f0.url })).statusCode, 401, 'kb files need a signed-in requester');
    const again = await t.call(kbRoutes.articleAddFiles, { token: acme.adminToken, params: { id: a._id }, body: { files: [ref(up[0])] } });
    assert.equal(again.status, 409);
    const foreign = await t.call(kbRoutes.articleAddFiles, {
      token: acme.adminToken,
      params: { id: a._id },
      body: { files: [{ ...ref(up[0]), key: `${other.client._id}/kb/x/y.pdf` }] },
    });
    // Another client's key names nothing of this client (issue 38 §6): the field's 'file not found'.
    assert.equal(foreign.status, 400);
    assert.deepEqual(
      foreign.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['files', 'fileNotFound']],
    );
    const missing = await t.call(kbRoutes.articleAddFiles, {
      token: acme.adminToken,
      params: { id: a._id },
      body: { files: [{ ...ref(up[0]), key: `${acme.client._id}/kb/none/none.pdf` }] },
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'The file was not found or was deleted');
    assert.equal((await t.call(kbRoutes.articleAddFiles, { token: emp.token, params: { id: a._id }, body: { files: [ref(up[0])] } })).status, 403);

    // §8: a storage failure answers the spec texts with 500 and keeps the rows.
    const storage = t.portal.platform.storage;
    const realDelete = storage.delete.bind(storage);
    storage.delete = async () => {
      throw new Error('disk on fire');
    };
    // The failure is logged as an error: collected and asserted here, not printed into the run's output.
    const log = t.portal.platform.log;
    const realError = log.error;
    const logged: string[] = [];
    log.error = (msg: string) => void logged.push(msg);
    try {
      const one = await t.call(kbRoutes.articleDelFile, { token: acme.adminToken, params: { id: a._id, file: f0._id } });
      assert.equal(one.status, 500);
      assert.equal(one.body.message, 'Error on deleting file');
      const all = await t.call(kbRoutes.articleDelFiles, { token: acme.adminToken, params: { id: a._id }, body: {} });
      assert.equal(all.status, 500);
      assert.equal(all.body.message, 'Error on deleting files from db');
      assert.equal(logged.join('\n'), ['kb: deleting files failed: disk on fire', 'kb: deleting files failed: disk on fire'].join('\n'));
    } finally {
      storage.delete = realDelete;
      log.error = realError;
    }
    const still = await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: a._id } });
    assert.equal(still.body.result.files.length, 2);

    const usedWith = await used();
    const del = await t.call(kbRoutes.articleDelFile, { token: acme.adminToken, params: { id: a._id, file: f0._id } });
    assert.equal(del.status, 200);
    assert.equal(del.body.result.length, 1);
    assert.equal((await inject({ method: 'GET', url: f0.url, headers: asAdmin })).statusCode, 404, 'object gone');
    assert.ok((await used()) < usedWith, 'storage released');
    assert.equal((await t.call(kbRoutes.articleDelFile, { token: acme.adminToken, params: { id: a._id, file: f0._id } })).status, 404);
    const rest = await t.call(kbRoutes.articleDelFiles, { token: acme.adminToken, params: { id: a._id }, body: {} });
    assert.deepEqual(rest.body.result, []);
    assert.ok(Math.abs((await used()) - before0) < 1e-12, 'all bytes back');
  });

  it('cover must be an image and inline media must be media; media get signed src on read', async () => {
    const [pdf] = await upload(acme.adminToken, [{ name: 'doc.pdf', data: Buffer.alloc(100, 2) }]);
    const bad = await create(acme.adminToken, { section: 'kb', title: 'Cover', content: 'x', cover: ref(pdf) });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'File must be an image');
    const badMedia = await create(acme.adminToken, { section: 'kb', title: 'Media', content: 'x', attachments: [ref(pdf)] });
    assert.equal(badMedia.body.message, 'File must be media');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const [img] = await upload(acme.adminToken, [{ name: 'pic.png', data: png }]);
    const ok = await create(acme.adminToken, {
      section: 'kb',
      title: 'Media ok',
      content: `<p>see</p><img data-key="${img.key}" src="https://stale.example/x.png">`,
      attachments: [ref(img)],
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const got = await t.call(kbRoutes.articleGet, { token: emp.token, params: { id: ok.body.result._id } });
    const src = /src="([^"]+)"/.exec(got.body.result.content)![1].replace(/&amp;/g, '&');
    assert.match(src, /^\/api\/files\//);
    assert.equal((await inject({ method: 'GET', url: src, headers: { authorization: `Bearer ${emp.token}` } })).statusCode, 200);
  });

  it('file nodes carry url and thumb; deep delete removes the subtree and frees its files', async () => {
    const top = await folder('Deep');
    const sub = await folder('Sub', top._id);
    const [f] = await upload(acme.adminToken, [{ name: 'manual.pdf', data: Buffer.alloc(3000, 3) }]);
    const node = await create(acme.adminToken, { section: 'kb', type: 'file', title: 'Manual', parent: sub._id, file: ref(f) });
    assert.equal(node.status, 200, JSON.stringify(node.body));
    assert.match(node.body.result.url, /^\/api\/files\//);
    const [g] = await upload(acme.adminToken, [{ name: 'att.txt', data: Buffer.alloc(2000, 4) }]);
    const leaf = await article('Deep leaf', 'x', sub._id, { files: [ref(g)] });
    await t.call(kbRoutes.articleFavourite, { token: emp.token, params: { id: leaf._id }, body: {} });
    await t.call(kbRoutes.articleView, { token: emp.token, params: { id: leaf._id, user: emp.user._id } });
    const before0 = await used();
    assert.equal((await t.call(kbRoutes.articleDeepDelete, { token: emp.token, params: { id: top._id } })).status, 403);
    const r = await t.call(kbRoutes.articleDeepDelete, { token: acme.adminToken, params: { id: top._id } });
    assert.equal(r.status, 200);
    assert.deepEqual({ deleted: r.body.result.deleted, files: r.body.result.files }, { deleted: 4, files: 2 });
    assert.ok(r.body.result.bytes >= 5000);
    assert.ok((await used()) < before0);
    for (const id of [top._id, sub._id, node.body.result._id, leaf._id]) {
      assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id } })).status, 404);
    }
    assert.equal((await inject({ method: 'GET', url: node.body.result.url, headers: { authorization: `Bearer ${acme.adminToken}` } })).statusCode, 404);
  });

  it('counts a view once per user and keeps favourites per user on nodes and files', async () => {
    const [f] = await upload(acme.adminToken, [{ name: 'fav.txt', data: Buffer.from('fav') }]);
    const a = await article('Viewed', 'views text', undefined, { files: [ref(f)] });
    const v1 = await t.call(kbRoutes.articleView, { token: emp.token, params: { id: a._id, user: emp.user._id } });
    assert.deepEqual(v1.body.result, { views: 1, viewed: true });
    const v2 = await t.call(kbRoutes.articleView, { token: emp.token, params: { id: a._id, user: emp.user._id } });
    assert.equal(v2.body.result.views, 1);
    assert.equal((await t.call(kbRoutes.articleView, { token: emp.token, params: { id: a._id, user: acme.admin._id } })).status, 403);
    await t.call(kbRoutes.articleView, { token: acme.adminToken, params: { id: a._id, user: acme.admin._id } });
    const got = await t.call(kbRoutes.articleGet, { token: emp.token, params: { id: a._id } });
    assert.equal(got.body.result.views, 2);
    assert.equal(got.body.result.viewed, true);

    const fav = await t.call(kbRoutes.articleFavourite, { token: emp.token, params: { id: a._id }, body: {} });
    assert.deepEqual(fav.body.result, { favourite: true });
    const fileFav = await t.call(kbRoutes.articleFavourite, {
      token: emp.token,
      params: { id: a._id },
      body: { file: got.body.result.files[0]._id, favourite: true },
    });
    assert.equal(fileFav.body.result.favourite, true);
    const favs = await list(emp.token, emp.user._id, { favourites: '1' });
    assert.deepEqual(
      favs.body.result.map((x: any) => x._id),
      [a._id],
    );
    assert.equal(favs.body.result[0].favourite, true);
    assert.equal(favs.body.result[0].files[0].favourite, true);
    const adminView = await list(acme.adminToken, acme.admin._id, {});
    assert.equal(adminView.body.result.find((x: any) => x._id === a._id).favourite, false, 'favourites are per user');
    await t.call(kbRoutes.articleFavourite, { token: emp.token, params: { id: a._id }, body: {} });
    assert.deepEqual((await list(emp.token, emp.user._id, { favourites: '1' })).body.result, []);
  });

  it('empty_as_articles turns folders without children into articles when they have content (§5; admins only)', async () => {
    const full = await folder('Has child');
    await article('Kid', 'k', full._id);
    const withText = await create(acme.adminToken, { type: 'folder', section: 'kb', title: 'Empty with text', content: '<p>About us</p>' });
    assert.equal(withText.status, 200, JSON.stringify(withText.body));
    const bare = await folder('Empty bare');
    assert.equal((await t.call(kbRoutes.articleEmptyAsArticles, { token: emp.token, params: { client: acme.client._id } })).status, 403);
    const r = await t.call(kbRoutes.articleEmptyAsArticles, { token: acme.adminToken, params: { client: acme.client._id } });
    assert.equal(r.status, 200);
    assert.ok(r.body.result.updated >= 1);
    assert.ok(r.body.result.skipped >= 1, 'folders without content are not made into articles without content');
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: withText.body.result._id } })).body.result.type, 'article');
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: bare._id } })).body.result.type, 'folder');
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: full._id } })).body.result.type, 'folder');
    // Every article the call leaves behind passes §5: editing one without touching content is accepted.
    assert.equal(
      (await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: withText.body.result._id }, body: { title: 'Renamed' } })).status,
      200,
    );
  });
});
