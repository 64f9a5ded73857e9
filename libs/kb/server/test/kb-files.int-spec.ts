import { FILE_SESSION_COOKIE, fileRoutes } from '@intranet/files-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { seedArticles } from '@intranet/kb-server';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { multipart, sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;
type Uploaded = { key: string; url: string; thumb: string | null; fileName: string; mimetype: string; thumbKey: string | null };

/**
 * Guarded kb downloads (§6 grants at download time), the author no longer bypassing grants, vacancy responses for
 * receivers, sibling-only reordering, breadcrumbs that leak nothing and the slim full tree.
 */
describe('knowledge base files and access (issue 4 review)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let sales: Emp;
  let it_: Emp;
  let hr: Emp;
  const inject = (o: any) => t.portal.app.getHttpAdapter().getInstance().inject(o);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, headers: Record<string, string> = {}) => inject({ method: 'GET', url, headers }).then((r: any) => r.statusCode as number);
  const upload = async (token: string, name: string, data: Buffer, kind = 'kb'): Promise<Uploaded> => {
    const m = multipart([{ name, data }]);
    const r = await inject({
      method: 'POST',
      url: `${fileRoutes.fileUpload.path}?kind=${kind}`,
      payload: m.payload,
      headers: { ...m.headers, ...bearer(token) },
    });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().results[0];
  };
  const ref = (f: Uploaded) => ({ key: f.key, fileName: f.fileName, mimetype: f.mimetype, thumbKey: f.thumbKey });
  /** The download cookie the browser gets from PUT /api/files/session. */
  const fileCookie = async (token: string) => {
    const r = await inject({ method: 'PUT', url: fileRoutes.fileSession.path, headers: bearer(token) });
    assert.equal(r.statusCode, 200, r.body);
    const set = String(r.headers['set-cookie']);
    assert.match(set, new RegExp(`^${FILE_SESSION_COOKIE}=[^;]+; Path=/api/files; HttpOnly; SameSite=Lax; Max-Age=\\d+`));
    return { cookie: set.split(';')[0] };
  };

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('kbfiles');
    other = await t.makeClient('kbfilesother');
    sales = await t.makeEmployee(acme.adminToken, 'sales@kbfiles.test', { department: 'Sales', firstName: 'Sally', lastName: 'Seller' });
    it_ = await t.makeEmployee(acme.adminToken, 'it@kbfiles.test', { department: 'IT' });
    hr = await t.makeEmployee(acme.adminToken, 'hr@kbfiles.test', { department: 'HR' });
  });
  afterAll(() => t.close());

  it('serves kb files only to readers the grants allow at download time (replay and revoke refused)', async () => {
    const folder = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { type: 'folder', section: 'kb', title: 'Sales only', grants: [{ target: 'department', value: 'Sales', level: 'read' }] },
    });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const doc = await upload(acme.adminToken, 'pricing.txt', Buffer.from('secret prices'));
    const img = await upload(acme.adminToken, 'chart.png', png);
    const a = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: {
        section: 'kb',
        title: 'Prices',
        content: `<p>see</p><img data-key="${img.key}" src="x">`,
        parent: folder.body.result._id,
        files: [ref(doc)],
        attachments: [ref(img)],
      },
    });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const got = await t.call(kbRoutes.articleGet, { token: sales.token, params: { id: a.body.result._id } });
    assert.equal(got.status, 200);
    const url = got.body.result.files[0].url as string;
    const mediaUrl = /src="([^"]+)"/.exec(got.body.result.content)![1].replace(/&amp;/g, '&');
    const thumb = got.body.result.attachments[0].thumb as string;
    assert.ok(thumb, 'the image has a thumbnail');

    // The reader downloads with the bearer token or with the download cookie (what <img>/<a> send).
    assert.equal(await get(url, bearer(sales.token)), 200);
    const salesCookie = await fileCookie(sales.token);
    assert.equal(await get(url, salesCookie), 200);
    assert.equal(await get(mediaUrl, salesCookie), 200);
    assert.equal(await get(thumb, salesCookie), 200);

    // Anyone else holding the same real URL: refused (no one signed in, a denied employee, another client's admin).
    assert.equal(await get(url), 401);
    const itCookie = await fileCookie(it_.token);
    for (const u of [url, mediaUrl, thumb]) {
      assert.equal(await get(u, bearer(it_.token)), 403, `denied user replaying ${u}`);
      assert.equal(await get(u, itCookie), 403);
      assert.equal(await get(u, bearer(other.adminToken)), 403);
    }
    // A bad cookie is no identity.
    assert.equal(await get(url, { cookie: `${FILE_SESSION_COOKIE}=not-a-token` }), 401);

    // Revoking the grant stops the URL the reader already holds, long before it expires.
    const revoke = await t.call(kbRoutes.articleRights, {
      token: acme.adminToken,
      params: { id: folder.body.result._id },
      body: { grants: [{ target: 'department', value: 'HR', level: 'read' }] },
    });
    assert.equal(revoke.status, 200);
    assert.equal(await get(url, bearer(sales.token)), 403, 'revoked: the old URL no longer downloads');
    assert.equal(await get(mediaUrl, salesCookie), 403);
    assert.equal(await get(url, bearer(hr.token)), 200, 'the new reader may');
    assert.equal(await get(url, bearer(acme.adminToken)), 200, 'administrators always');
  });

  it('the download cookie holds a token of its own: file reads only, 30 minutes at most, never the login token (issue 38 §5)', async () => {
    const doc = await upload(acme.adminToken, 'plan.txt', Buffer.from('plan'));
    const a = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'kb', title: 'Plan', content: '<p>plan</p>', files: [ref(doc)] },
    });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const url = (await t.call(kbRoutes.articleGet, { token: sales.token, params: { id: a.body.result._id } })).body.result.files[0].url as string;
    const r = await inject({ method: 'PUT', url: fileRoutes.fileSession.path, headers: bearer(sales.token) });
    assert.equal(r.statusCode, 200);
    const cookie = String(r.headers['set-cookie']).split(';')[0]!;
    const token = decodeURIComponent(cookie.slice(FILE_SESSION_COOKIE.length + 1));
    assert.notEqual(token, sales.token);
    assert.ok(Number(/Max-Age=(\d+)/.exec(String(r.headers['set-cookie']))![1]) <= 1800, 'lives 30 minutes at most');
    assert.ok(r.json().result.expires <= Date.now() / 1000 + 1800);
    // It reads files...
    assert.equal(await get(url, { cookie }), 200);
    // ...and nothing else: as a Bearer on an API route, on an upload or on a download it is refused.
    assert.equal(await get(`/api/user/${sales.user._id}`, bearer(token)), 401);
    assert.equal(await get(url, bearer(token)), 401);
    assert.equal((await inject({ method: 'PUT', url: fileRoutes.fileSession.path, headers: bearer(token) })).statusCode, 401);
    // The cookie carries only download tokens: the login token put there is refused.
    assert.equal(await get(url, { cookie: `${FILE_SESSION_COOKIE}=${encodeURIComponent(sales.token)}` }), 401);
  });

  it('upload answers of kind kb/cv are short-lived and usable by the uploader only until attached', async () => {
    for (const kind of ['kb', 'cv']) {
      const f = await upload(sales.token, 'draft.pdf', Buffer.from('%PDF draft'), kind);
      const exp = Number(new URL(f.url, 'http://x').searchParams.get('exp'));
      assert.ok(exp > Date.now() / 1000 && exp <= Date.now() / 1000 + 601, `${kind}: short expiry (was ${exp})`);
      assert.equal(new URL(f.url, 'http://x').searchParams.get('u'), sales.user._id, `${kind}: bound to the uploader`);
      assert.equal(await get(f.url, bearer(sales.token)), 200, `${kind}: the uploader previews it`);
      assert.equal(await get(f.url, bearer(it_.token)), 403, `${kind}: someone else is refused`);
      assert.equal(await get(f.url), 401);
      const unbound = f.url.replace(/&u=[^&]+&ub=[^&]+/, '');
      assert.equal(await get(unbound, bearer(it_.token)), 403, `${kind}: dropping the binding does not help`);
      assert.equal(await get(unbound, bearer(sales.token)), 403, `${kind}: an unattached file needs the binding`);
      const rebound = f.url.replace(/u=[^&]+/, `u=${it_.user._id}`);
      assert.equal(await get(rebound, bearer(it_.token)), 403, `${kind}: the binding is signed`);
    }
    // Wall uploads get the hour-long URLs and cannot be attached to kb (they would bypass the grants).
    const post = await upload(acme.adminToken, 'wall.txt', Buffer.from('wall'), 'post');
    assert.ok(Number(new URL(post.url, 'http://x').searchParams.get('exp')) > Date.now() / 1000 + 3000, 'wall uploads: the hour-long expiry');
    const r = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Sneaky', content: 'x', files: [ref(post)] } });
    assert.equal(r.status, 403);
  });

  it('an author whom the grants leave out no longer sees or edits their article (admins still do)', async () => {
    const folder = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { type: 'folder', section: 'kb', title: 'IT writes', grants: [{ target: 'department', value: 'IT', level: 'write' }] },
    });
    const fid = folder.body.result._id;
    const mine = await t.call(kbRoutes.articleCreate, { token: it_.token, body: { section: 'kb', title: 'By IT', content: 'authored', parent: fid } });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const id = mine.body.result._id;
    assert.equal(mine.body.result.author, it_.user._id);
    assert.equal((await t.call(kbRoutes.articleUpdate, { token: it_.token, params: { id }, body: { title: 'By IT (2)' } })).status, 200);

    await t.call(kbRoutes.articleRights, {
      token: acme.adminToken,
      params: { id: fid },
      body: { grants: [{ target: 'department', value: 'Sales', level: 'read' }] },
    });
    assert.equal((await t.call(kbRoutes.articleGet, { token: it_.token, params: { id } })).status, 403);
    assert.equal((await t.call(kbRoutes.articleUpdate, { token: it_.token, params: { id }, body: { title: 'x' } })).status, 403);
    assert.equal((await t.call(kbRoutes.articleDeepDelete, { token: it_.token, params: { id } })).status, 403);
    const found = await t.call(kbRoutes.articleAccessFor, {
      token: it_.token,
      params: { client: acme.client._id, user: it_.user._id },
      query: { search: 'authored' },
    });
    assert.ok(!found.body.result.some((x: any) => x._id === id), 'not found by search');
    const tree = await t.call(kbRoutes.articleFullTree, { token: it_.token, params: { id: acme.client._id } });
    assert.ok(!JSON.stringify(tree.body.result).includes(id), 'not in the tree');
    // Read grants give read, not write, even to the author.
    await t.call(kbRoutes.articleRights, {
      token: acme.adminToken,
      params: { id: fid },
      body: { grants: [{ target: 'department', value: 'IT', level: 'read' }] },
    });
    const read = await t.call(kbRoutes.articleGet, { token: it_.token, params: { id } });
    assert.equal(read.body.result.access, 'read');
    assert.equal((await t.call(kbRoutes.articleUpdate, { token: it_.token, params: { id }, body: { title: 'x' } })).status, 403);
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id } })).body.result.access, 'write');
  });

  it('vacancy responses: listed with CV links for administrators and receivers only', async () => {
    const v = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'vacancy', title: 'Analyst', content: '<p>Numbers</p>', salaryFrom: 1, salaryTo: 2, receivers: [hr.user._id] },
    });
    const vid = v.body.result._id;
    const cv = await upload(sales.token, 'cv.pdf', Buffer.from('%PDF cv'), 'cv');
    const resp = await t.call(kbRoutes.vacancyRespond, { token: sales.token, body: { article: vid, message: 'Hire me', contacts: 'sally@x', cv: ref(cv) } });
    assert.equal(resp.status, 200, JSON.stringify(resp.body));
    await t.call(kbRoutes.vacancyRespond, { token: it_.token, body: { article: vid, message: 'Me too' } });

    for (const token of [hr.token, acme.adminToken]) {
      const list = await t.call(kbRoutes.vacancyResponses, { token, params: { id: vid } });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.deepEqual(
        list.body.result.map((x: any) => x.message),
        ['Me too', 'Hire me'],
        'newest first',
      );
      const sally = list.body.result[1];
      assert.equal(sally.user, sales.user._id);
      assert.equal(sally.userName, 'Sally Seller');
      assert.equal(sally.contacts, 'sally@x');
      assert.equal(sally.cv.fileName, 'cv.pdf');
      assert.equal(await get(sally.cv.url, bearer(token)), 200, 'the receiver downloads the CV');
      assert.equal(list.body.result[0].cv, null);
    }
    const cvUrl = (await t.call(kbRoutes.vacancyResponses, { token: hr.token, params: { id: vid } })).body.result[1].cv.url;
    assert.equal(await get(cvUrl, bearer(it_.token)), 403, 'another employee may not download the CV');
    assert.equal(await get(cvUrl, bearer(sales.token)), 200, 'the responder may download their own CV');
    assert.equal(await get(cv.url, bearer(it_.token)), 403);

    const denied = await t.call(kbRoutes.vacancyResponses, { token: sales.token, params: { id: vid } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, 'No access');
    assert.equal((await t.call(kbRoutes.vacancyResponses, { token: other.adminToken, params: { id: vid } })).status, 404);
    const plain = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Plain', content: 'x' } });
    const notVac = await t.call(kbRoutes.vacancyResponses, { token: acme.adminToken, params: { id: plain.body.result._id } });
    assert.equal(notVac.status, 400);
    assert.equal(notVac.body.message, 'This is not a vacancy');
    // A receiver dropped from the vacancy loses the list.
    await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: vid }, body: { receivers: [acme.admin._id] } });
    assert.equal((await t.call(kbRoutes.vacancyResponses, { token: hr.token, params: { id: vid } })).status, 403);
    assert.equal(await get(cvUrl, bearer(hr.token)), 403, 'nor the CV');
  });

  it('order swaps siblings only (§4): another folder or section is a validation error and changes nothing', async () => {
    const p1 = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { type: 'folder', section: 'kb', title: 'P1' } });
    const p2 = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { type: 'folder', section: 'kb', title: 'P2' } });
    const x = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'X', content: 'x', parent: p1.body.result._id } });
    const y = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Y', content: 'y', parent: p2.body.result._id } });
    const r = await t.call(kbRoutes.articleOrder, {
      token: acme.adminToken,
      params: { client: acme.client._id, from: x.body.result._id, to: y.body.result._id },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.errors, [{ field: 'to', code: 'notSiblings', message: 'Only items of the same folder can swap places' }]);
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: x.body.result._id } })).body.result.order, x.body.result.order);
    const vac = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'vacancy', title: 'V', content: 'v', salaryFrom: 1, salaryTo: 1, receivers: [hr.user._id] },
    });
    const cross = await t.call(kbRoutes.articleOrder, {
      token: acme.adminToken,
      params: { client: acme.client._id, from: p1.body.result._id, to: vac.body.result._id },
    });
    assert.equal(cross.status, 400, 'root items of another section are not siblings');
    const ok = await t.call(kbRoutes.articleOrder, {
      token: acme.adminToken,
      params: { client: acme.client._id, from: p1.body.result._id, to: p2.body.result._id },
    });
    assert.equal(ok.status, 200);
  });

  it('breadcrumbs give neither ids nor titles of ancestors the reader cannot see', async () => {
    const top = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { type: 'folder', section: 'kb', title: 'Top secret', grants: [{ target: 'department', value: 'HR', level: 'read' }] },
    });
    const mid = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { type: 'folder', section: 'kb', title: 'Mid secret', parent: top.body.result._id },
    });
    const open = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { type: 'folder', section: 'kb', title: 'Open room', parent: mid.body.result._id, grants: [{ target: 'all', level: 'read' }] },
    });
    const leaf = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'kb', title: 'Leaf', content: 'leaf', parent: open.body.result._id },
    });
    const crumbs = await t.call(kbRoutes.articleBreadcrumbs, { token: sales.token, params: { id: leaf.body.result._id } });
    assert.equal(crumbs.status, 200);
    assert.deepEqual(crumbs.body.result, [
      { _id: null, title: null, type: 'folder', access: false },
      { _id: open.body.result._id, title: 'Open room', type: 'folder', access: true },
      { _id: leaf.body.result._id, title: 'Leaf', type: 'article', access: true },
    ]);
    const text = JSON.stringify(crumbs.body);
    for (const hidden of [top.body.result._id, mid.body.result._id, 'Top secret', 'Mid secret']) assert.ok(!text.includes(hidden), hidden);
    const hrCrumbs = await t.call(kbRoutes.articleBreadcrumbs, { token: hr.token, params: { id: leaf.body.result._id } });
    assert.deepEqual(
      hrCrumbs.body.result.map((c: any) => c.title),
      ['Top secret', 'Mid secret', 'Open room', 'Leaf'],
    );
  });

  it('full_tree nodes are slim: no section, parent or order; flags only when true; no empty children', async () => {
    const c = await t.makeClient('kbtree');
    const a = await t.call(kbRoutes.articleCreate, {
      token: c.adminToken,
      body: { type: 'folder', section: 'kb', title: 'A', grants: [{ target: 'all', level: 'read' }] },
    });
    const b = await t.call(kbRoutes.articleCreate, { token: c.adminToken, body: { type: 'folder', section: 'kb', title: 'B' } });
    await t.call(kbRoutes.articleCreate, { token: c.adminToken, body: { section: 'kb', title: 'A1', content: 'x', parent: a.body.result._id } });
    await t.call(kbRoutes.articleFavourite, { token: c.adminToken, params: { id: b.body.result._id }, body: { favourite: true } });
    const whole = await t.call(kbRoutes.articleFullTree, { token: c.adminToken, params: { id: c.client._id } });
    assert.deepEqual(
      whole.body.result.map((n: any) => n._id),
      [a.body.result._id, b.body.result._id],
    );
    const [na, nb] = whole.body.result;
    assert.deepEqual(Object.keys(na).sort(), ['_id', 'children', 'restricted', 'title', 'type']);
    assert.equal(na.restricted, true);
    assert.equal(na.children[0].restricted, true, 'inherited restriction');
    assert.deepEqual(Object.keys(na.children[0]).sort(), ['_id', 'restricted', 'title', 'type']);
    assert.deepEqual(nb, { _id: b.body.result._id, title: 'B', type: 'folder', favourite: true });
    const folders = await t.call(kbRoutes.articleFullTree, { token: c.adminToken, params: { id: c.client._id }, query: { folders: '1' } });
    assert.equal(folders.body.result[0].children, undefined, 'folders=1 leaves articles out');
  });

  it('a 5,000-folder tree (half restricted) answers in one bus message (NATS max payload 1 MB)', async () => {
    const c = await t.makeClient('kbbigtree');
    await seedArticles(t.portal.platform.db, c.client._id, { folders: 5000, articles: 0, grantedShare: 0.5 });
    const r = await t.call(kbRoutes.articleFullTree, { token: c.adminToken, params: { id: c.client._id }, query: { folders: '1' } });
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 300));
    const count = (nodes: any[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    assert.equal(count(r.body.result), 5000);
    const bytes = Buffer.byteLength(JSON.stringify(r.body.result));
    assert.ok(bytes < 700_000, `tree answer is ${bytes} bytes`);
  });
});
