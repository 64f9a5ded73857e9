import { clientRoutes } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { kbEvents, kbRoutes, type ArticleEvent } from '@intranet/kb-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { seedArticles } from '@intranet/kb-server';
import { sql } from '@intranet/platform-db';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { multipart, testPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe('knowledge base articles (§7 Articles, §5 Knowledge base, §8 file texts)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let emp: Emp;
  const inject = (o: any) => t.portal.app.getHttpAdapter().getInstance().inject(o);
  /** Uploads files as `token` (kind kb) and returns the upload results. */
  const upload = async (token: string, files: { name: string; data: Buffer }[], kind = 'kb') => {
    const m = multipart(files);
    const r = await inject({
      method: 'POST',
      url: `${fileRoutes.upload.path}?kind=${kind}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
    });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().results as { key: string; fileName: string; mimetype: string; size: number; thumbKey: string | null }[];
  };
  const ref = (f: { key: string; fileName: string; mimetype: string; size: number; thumbKey: string | null }) => ({
    key: f.key,
    fileName: f.fileName,
    mimetype: f.mimetype,
    size: f.size,
    thumbKey: f.thumbKey,
  });
  const used = async () => (await t.call(clientRoutes.get, { token: acme.adminToken, params: { id: acme.client._id } })).body.result.storage.used as number;
  const create = (token: string, body: Record<string, unknown>) => t.call(kbRoutes.articleCreate, { token, body });
  const folder = async (title: string, parent?: string, token = acme.adminToken) => {
    const r = await create(token, { type: 'folder', section: 'kb', title, parent });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const article = async (title: string, content: string, parent?: string, extra: Record<string, unknown> = {}, token = acme.adminToken) => {
    const r = await create(token, { section: 'kb', title, content, parent, ...extra });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const list = (token: string, user: string, query: Record<string, string> = {}, client = acme.client._id) =>
    t.call(kbRoutes.articleAccessFor, { token, params: { client, user }, query });

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('kbacme');
    other = await t.makeClient('kbother');
    emp = await t.makeEmployee(acme.adminToken, 'reader@kbacme.test', { department: 'Sales' });
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
    assert.equal(foreign.status, 403);
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
    try {
      const one = await t.call(kbRoutes.articleDelFile, { token: acme.adminToken, params: { id: a._id, file: f0._id } });
      assert.equal(one.status, 500);
      assert.equal(one.body.message, 'Error on deleting file');
      const all = await t.call(kbRoutes.articleDelFiles, { token: acme.adminToken, params: { id: a._id }, body: {} });
      assert.equal(all.status, 500);
      assert.equal(all.body.message, 'Error on deleting files from db');
    } finally {
      storage.delete = realDelete;
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

  it('searches titles, contents and file names in ru, uk and en with ranking and <mark> snippets', async () => {
    const s = await folder('Search');
    const ru = await article('Правила отпуска', '<p>Сотрудники получают ежегодные оплачиваемые отпуска по графику.</p>', s._id);
    const uk = await article('Відпустка', '<p>Працівники отримують щорічну відпустку за графіком.</p>', s._id);
    const en = await article('Travel policy', '<p>Employees travelling abroad must book flights early &lt;script&gt;.</p>', s._id);
    const [pdf] = await upload(acme.adminToken, [{ name: 'квартальный-отчёт.pdf', data: Buffer.alloc(10, 1) }]);
    const withFile = await article('Quarter', 'numbers', s._id, { files: [ref(pdf)] });
    const q = async (search: string) => (await list(emp.token, emp.user._id, { search })).body.result as any[];
    const r1 = await q('отпуск');
    assert.equal(r1[0]._id, ru._id, 'title hit ranks first');
    assert.match(r1[0].snippet, /<mark>/);
    assert.ok(
      (await q('отпусков')).some((x) => x._id === ru._id),
      'russian stemming',
    );
    assert.ok(
      (await q('відпустку')).some((x) => x._id === uk._id),
      'ukrainian exact form',
    );
    assert.ok(
      (await q('відпус')).some((x) => x._id === uk._id),
      'prefix as you type',
    );
    const e = await q('travel');
    assert.ok(
      e.some((x) => x._id === en._id),
      'english stemming: travel ~ travelling',
    );
    const enHit = e.find((x) => x._id === en._id);
    assert.ok(!enHit.snippet.includes('<script>'), 'snippets are HTML-safe');
    assert.ok(
      (await q('квартальный')).some((x) => x._id === withFile._id),
      'file names are searched',
    );
    assert.ok(await trigram(), 'pg_trgm is loaded in both modes');
    assert.ok(
      (await q('Travl')).some((x) => x._id === en._id),
      'typos in titles match',
    );
    const bodyTypo = await q('emplyees');
    assert.ok(
      bodyTypo.some((x) => x._id === en._id),
      'typos in contents match',
    );
    assert.match(bodyTypo.find((x) => x._id === en._id).snippet, /<mark>Employees<\/mark>/, 'the corrected word is highlighted');
    assert.ok(
      (await q('ежегодые')).some((x) => x._id === ru._id),
      'typos in russian contents match',
    );
    assert.ok(
      (await q('квартальнй')).some((x) => x._id === withFile._id),
      'typos in file names match',
    );
    assert.ok(!(await q('emplyees')).some((x) => x._id === uk._id), 'a corrected word still has to match');
    assert.deepEqual(await q('!!!'), []);
    // Pages of a ranked search: together they are the whole ranking, in order (the title-similarity cut-off uses
    // the page's last rank).
    for (const [i, title] of ['Wombat', 'Wombat care', 'Notes', 'Wombat wombat', 'Zoo'].entries()) {
      await article(title, i % 2 ? '<p>wombat wombat wombat facts</p>' : '<p>a wombat</p>', s._id);
    }
    const all = (await q('wombat')).map((x) => x._id);
    assert.equal(all.length, 5);
    const paged: string[] = [];
    for (const offset of [0, 2, 4]) {
      paged.push(...((await list(emp.token, emp.user._id, { search: 'wombat', limit: '2', offset: String(offset) })).body.result as any[]).map((x) => x._id));
    }
    assert.deepEqual(paged, all);
    const elsewhere = await t.call(kbRoutes.articleAccessFor, {
      token: other.adminToken,
      params: { client: other.client._id, user: other.admin._id },
      query: { search: 'отпуск' },
    });
    assert.deepEqual(elsewhere.body.result, [], 'another client finds nothing');
    const typoElsewhere = await t.call(kbRoutes.articleAccessFor, {
      token: other.adminToken,
      params: { client: other.client._id, user: other.admin._id },
      query: { search: 'emplyees' },
    });
    assert.deepEqual(typoElsewhere.body.result, [], "another client's words correct nothing");
  });

  async function trigram() {
    return t.portal.platform.db.asSystem('test', async (tx) => {
      const r = (await tx.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)) as unknown as { rows: unknown[] };
      return r.rows.length > 0;
    });
  }

  it('isolates clients: another client gets 404 for every id-based route', async () => {
    const a = await article('Secret of acme', 'classified');
    const tok = other.adminToken;
    assert.equal((await t.call(kbRoutes.articleGet, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleBreadcrumbs, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleChild, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleFullTree, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleUpdate, { token: tok, params: { id: a._id }, body: { title: 'pwned' } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleRights, { token: tok, params: { id: a._id }, body: { grants: [] } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleDeepDelete, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleView, { token: tok, params: { id: a._id, user: other.admin._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleFavourite, { token: tok, params: { id: a._id }, body: {} })).status, 404);
    assert.equal(
      (
        await t.call(kbRoutes.articleAddFiles, {
          token: tok,
          params: { id: a._id },
          body: { files: [{ key: `${other.client._id}/kb/a/b.txt`, fileName: 'b.txt' }] },
        })
      ).status,
      404,
    );
    assert.equal((await list(tok, other.admin._id, {}, acme.client._id)).status, 404);
    assert.equal((await t.call(kbRoutes.articleEmptyAsArticles, { token: tok, params: { client: acme.client._id } })).status, 404);
    const mine = await list(tok, other.admin._id, {}, other.client._id);
    assert.equal(mine.status, 200);
    assert.ok(!JSON.stringify(mine.body).includes('Secret of acme'));
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: a._id } })).body.result.title, 'Secret of acme');
  });

  it('publishes id-only article events and refuses a non-admin asking for someone else', async () => {
    const seen: BusEvent<ArticleEvent>[] = [];
    const off = await on(t.portal.platform.bus, kbEvents.articleCreated, async (e) => {
      seen.push(e);
    });
    const a = await article('Evented', 'secret title text');
    const e = await eventually(() => seen.find((x) => x.data._id === a._id));
    assert.equal(e.clientId, acme.client._id);
    assert.ok(!JSON.stringify(e.data).includes('Evented'), 'no title in a workspace-wide event');
    await off();
    const r = await list(emp.token, acme.admin._id);
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'No access');
  });

  it('seedArticles bulk-inserts a consistent tree with restricted folders (benchmark data)', async () => {
    const bench = await t.makeClient('kbseed');
    const started = Date.now();
    const { folderIds, articleIds } = await seedArticles(t.portal.platform.db, bench.client._id, { folders: 300, articles: 3000, grantedShare: 1 / 3 });
    assert.equal(folderIds.length, 300);
    assert.equal(articleIds.length, 3000);
    assert.ok(Date.now() - started < 60_000);
    const sales = await t.makeEmployee(bench.adminToken, 'seed@kbseed.test', { department: 'Dept 1' });
    const adminTree = await t.call(kbRoutes.articleFullTree, { token: bench.adminToken, params: { id: bench.client._id } });
    const count = (nodes: any[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    assert.equal(count(adminTree.body.result), 3300);
    const empTree = await t.call(kbRoutes.articleFullTree, { token: sales.token, params: { id: bench.client._id }, query: { folders: '1' } });
    const seen = count(empTree.body.result);
    assert.ok(seen > 0 && seen < 300, `restricted folders are hidden (${seen})`);
    const hits = await t.call(kbRoutes.articleAccessFor, {
      token: sales.token,
      params: { client: bench.client._id, user: sales.user._id },
      query: { search: 'policy' },
    });
    assert.equal(hits.status, 200);
    assert.ok(hits.body.result.length > 0);
    // Every hit is readable by id: search never shows what the grants deny.
    for (const h of hits.body.result.slice(0, 10)) assert.equal((await t.call(kbRoutes.articleGet, { token: sales.token, params: { id: h._id } })).status, 200);
  });
});
