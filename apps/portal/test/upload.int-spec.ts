import { clientRoutes } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import sharp from 'sharp';
import { multipart, testPortal, type TestPortal } from '@intranet/portal-testing';
import { FILE_URL_TTL } from '@intranet/platform-storage';
import { createHmac } from 'node:crypto';

describe('uploads (§7 Upload, §5/§9 limits, §8 texts) and signed downloads', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let other: Awaited<ReturnType<TestPortal['makeClient']>>;
  const inject = (o: any) => t.portal.app.getHttpAdapter().getInstance().inject(o);
  const upload = (token: string, files: { name: string; data: Buffer }[], kind = 'post') => {
    const m = multipart(files);
    return inject({
      method: 'POST',
      url: `${fileRoutes.fileUpload.path}?kind=${kind}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
    });
  };
  const used = async () => (await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } })).body.result.storage.used;
  const storedFiles = async (clientId = acme.client._id) => {
    const dir = join(t.dataDir, 'files', clientId);
    const walk = async (d: string): Promise<string[]> => {
      try {
        const entries = await readdir(d, { withFileTypes: true });
        return (await Promise.all(entries.map((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)])))).flat();
      } catch {
        return [];
      }
    };
    return walk(dir);
  };

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('acme');
    other = await t.makeClient('other');
  });
  afterAll(() => t.close());

  it('stores an image with a thumbnail, counts it against the quota and serves it by signed URL only', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const r = await upload(acme.adminToken, [{ name: 'Фото отпуска.png', data: png }]);
    assert.equal(r.statusCode, 200, r.body);
    const [f] = r.json().results;
    assert.ok(f.key.startsWith(`${acme.client._id}/post/`));
    assert.equal(f.fileName, 'Фото отпуска.png');
    assert.equal(f.mimetype, 'image/png');
    assert.equal(f.width, 1200);
    assert.ok(f.thumb);
    assert.ok((await used()) > 0);
    const get = await inject({ method: 'GET', url: f.url });
    assert.equal(get.statusCode, 200);
    assert.equal(get.headers['content-type'], 'image/png');
    assert.equal(get.rawPayload.length, png.length);
    const thumb = await inject({ method: 'GET', url: f.thumb });
    assert.equal(thumb.headers['content-type'], 'image/webp');
    assert.equal((await sharp(thumb.rawPayload).metadata()).width, 480);
    const forged = await inject({ method: 'GET', url: f.url.replace(/sig=.{4}/, 'sig=AAAA') });
    assert.equal(forged.statusCode, 403);
    const otherKey = await inject({ method: 'GET', url: f.url.replace(acme.client._id, '00000000-0000-0000-0000-000000000000') });
    assert.equal(otherKey.statusCode, 403);
  });

  it('file links expire within about an hour and then open only for a signed-in member of the client (issue 18 §4)', async () => {
    const r = await upload(acme.adminToken, [{ name: 'note.txt', data: Buffer.from('hello') }]);
    const [f] = r.json().results;
    const now = Date.now() / 1000;
    const exp = Number(new URL(f.url, 'http://x').searchParams.get('exp'));
    assert.ok(exp >= now + FILE_URL_TTL - 1 && exp <= now + FILE_URL_TTL + 300, `expires in about an hour (exp - now = ${exp - now} s)`);
    assert.equal((await inject({ method: 'GET', url: f.url })).statusCode, 200, 'a fresh link works without a session');
    // The same key signed as it would have been two hours ago (and in the old never-expiring form, exp=0).
    const signed = (e: number) =>
      `/api/files/${f.key}?exp=${e}&sig=${createHmac('sha256', t.config.JWT_SECRET!).update(`file:${f.key}:${e}`).digest('base64url')}`;
    for (const old of [signed(Math.floor(now) - 3600), signed(0)]) {
      assert.equal((await inject({ method: 'GET', url: old })).statusCode, 401, `${old}: no session, no file`);
      const viaHeader = await inject({ method: 'GET', url: old, headers: { authorization: `Bearer ${acme.adminToken}` } });
      assert.equal(viaHeader.statusCode, 200, 'renewed for a signed-in member (bearer token)');
      const cookie = (await inject({ method: 'PUT', url: fileRoutes.fileSession.path, headers: { authorization: `Bearer ${acme.adminToken}` } })).headers[
        'set-cookie'
      ];
      const viaCookie = await inject({ method: 'GET', url: old, headers: { cookie: String(cookie).split(';')[0] } });
      assert.equal(viaCookie.statusCode, 200, 'renewed for a signed-in member (download cookie, as <img> sends it)');
      assert.equal(viaCookie.body, 'hello');
      const stranger = await inject({ method: 'GET', url: old, headers: { authorization: `Bearer ${other.adminToken}` } });
      assert.equal(stranger.statusCode, 403, "another client's member gets no renewal");
    }
    // The sign-in page has no session: the public workspace answer signs the stored logo afresh.
    const set = await t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { logo: signed(0) } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const pub = await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'acme' } });
    assert.notEqual(pub.body.result.logo, signed(0));
    assert.equal((await inject({ method: 'GET', url: pub.body.result.logo })).statusCode, 200, 'the logo opens on the sign-in page');
  });

  it('refuses a 21 MB post file with the spec text and keeps nothing', async () => {
    const before = await used();
    const files = (await storedFiles()).length;
    const r = await upload(acme.adminToken, [{ name: 'big.bin', data: Buffer.alloc(21 * 1024 * 1024, 1) }]);
    assert.equal(r.statusCode, 413);
    assert.equal(r.json().message, 'Files above 20 MB cannot be attached');
    assert.equal(await used(), before);
    assert.equal((await storedFiles()).length, files);
    const asFile = await upload(acme.adminToken, [{ name: 'big.bin', data: Buffer.alloc(21 * 1024 * 1024, 1) }], 'file');
    assert.equal(asFile.statusCode, 200);
  });

  it('caps comment attachments (kind comment) at 20 MB like post files, keeping nothing', async () => {
    const before = await used();
    const files = (await storedFiles()).length;
    const r = await upload(acme.adminToken, [{ name: 'big.bin', data: Buffer.alloc(21 * 1024 * 1024, 1) }], 'comment');
    assert.equal(r.statusCode, 413);
    assert.equal(r.json().message, 'Files above 20 MB cannot be attached');
    assert.equal(await used(), before);
    assert.equal((await storedFiles()).length, files);
    const small = await upload(acme.adminToken, [{ name: 'notes.txt', data: Buffer.from('comment file') }], 'comment');
    assert.equal(small.statusCode, 200);
    assert.ok(small.json().results[0].key.startsWith(`${acme.client._id}/comment/`));
  });

  it('refuses past the storage quota with the spec text and stores nothing', async () => {
    const small = await t.makeClient('smallco');
    await t.call(clientRoutes.clientUpdate, { token: small.superToken, params: { id: small.client._id }, body: { storageTotalGb: 0.00002 } }); // ~21 KB
    const ok = await upload(small.adminToken, [{ name: 'a.txt', data: Buffer.alloc(8 * 1024, 97) }]);
    assert.equal(ok.statusCode, 200);
    const kept = await storedFiles(small.client._id);
    assert.equal(kept.length, 1);
    const r = await upload(small.adminToken, [{ name: 'b.txt', data: Buffer.alloc(16 * 1024, 98) }]);
    assert.equal(r.statusCode, 413);
    assert.match(r.json().message, /^Storage limit reached \(21\.\d KB\)! Available 1[23]\.\d KB$/);
    const c = await t.call(clientRoutes.clientGet, { token: small.adminToken, params: { id: small.client._id } });
    assert.equal(Math.round(c.body.result.storage.used * 1024 ** 3), 8 * 1024);
    // Nothing of the refused file is left in storage: the same single file as before.
    assert.deepEqual(await storedFiles(small.client._id), kept);
  });

  it('checks cover image size (§5: 3420 px wide, from 250 px high) and needs a token', async () => {
    const wrong = await sharp({ create: { width: 1000, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const r = await upload(acme.adminToken, [{ name: 'cover.jpg', data: wrong }], 'cover');
    assert.equal(r.statusCode, 400);
    assert.equal(r.json().message, 'Wrong image size');
    const right = await sharp({ create: { width: 3420, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    assert.equal((await upload(acme.adminToken, [{ name: 'cover.jpg', data: right }], 'cover')).statusCode, 200);
    const m = multipart([{ name: 'x.txt', data: Buffer.from('x') }]);
    const anon = await inject({ method: 'POST', url: fileRoutes.fileUpload.path, payload: m.payload, headers: m.headers });
    assert.equal(anon.statusCode, 401);
  });
});
