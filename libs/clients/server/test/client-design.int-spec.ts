import { clientRoutes, COLOUR_TEXT } from '@intranet/clients-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import sharp from 'sharp';

/** Uploads a PNG of `width`x`height` as `token` (POST api/upload?kind=file, multipart). Output: its URL as the upload answers it. */
async function uploadPng(t: TestPortal, token: string, width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const boundary = `----design${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="head.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.portal.app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method: 'POST',
      url: '/api/upload?kind=file',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().results[0].url;
}

/** The storage key inside one of the portal's file URLs. */
const keyOf = (url: string) => decodeURIComponent(/^\/api\/files\/([^?]+)/.exec(url)![1]!);

/** §2 admin panel, client screen tab "design" (§3 Client: logo, head image, colours, font) via PUT api/clients/{id}. */
describe('client design settings (§2 design tab, §3 Client, §5 validation)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let other: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('designco');
    other = await t.makeClient('otherdesign');
  });
  afterAll(() => t.close());

  const put = (token: string, id: string, body: Record<string, unknown>) => t.call(clientRoutes.clientUpdate, { token, params: { id }, body });

  it('an admin sets logo and colours; everyone in the workspace reads them; unsent design fields stay', async () => {
    const head = await uploadPng(t, acme.adminToken, 1200, 160);
    const r = await put(acme.adminToken, acme.client._id, {
      logo: '/files/designco/logo.png',
      design: { sidePanel: '#123456', background: '#fff', text: '#222222', font: 'Inter', headImage: head },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(keyOf(r.body.result.design.headImage), keyOf(head));
    assert.equal(r.body.result.logo, '/files/designco/logo.png');
    assert.equal(r.body.result.design.sidePanel, '#123456');
    const emp = await t.makeEmployee(acme.adminToken, 'reader@designco.test');
    const seen = await t.call(clientRoutes.clientGet, { token: emp.token, params: { id: acme.client._id } });
    assert.equal(seen.body.result.design.background, '#fff');
    assert.equal(seen.body.result.design.font, 'Inter');
    // A partial design update merges; null clears one field.
    const merged = await put(acme.adminToken, acme.client._id, { design: { text: null, accent: '#ff0000' } });
    assert.equal(merged.body.result.design.sidePanel, '#123456');
    assert.equal(merged.body.result.design.text, null);
    assert.equal(merged.body.result.design.accent, '#ff0000');
    // The public sign-in branding carries them too.
    const pub = await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'designco' } });
    assert.equal(pub.body.result.design.sidePanel, '#123456');
  });

  it('validates: colours are hex, fonts from the list, images are URLs, unknown design keys refused; nothing changes', async () => {
    const bad = await put(acme.adminToken, acme.client._id, { design: { background: 'red' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].field, 'design.background');
    assert.equal(bad.body.errors[0].message, COLOUR_TEXT);
    assert.equal((await put(acme.adminToken, acme.client._id, { design: { text: '#12345' } })).status, 400);
    assert.equal((await put(acme.adminToken, acme.client._id, { design: { font: 'Comic Sans' } })).status, 400);
    assert.equal((await put(acme.adminToken, acme.client._id, { design: { script: 'x' } })).status, 400);
    const badLogo = await put(acme.adminToken, acme.client._id, { logo: 'javascript:alert(1)' });
    assert.equal(badLogo.status, 400);
    assert.equal(badLogo.body.errors[0].message, 'Invalid URL');
    const now = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(now.body.result.design.sidePanel, '#123456');
    assert.equal(now.body.result.logo, '/files/designco/logo.png');
  });

  it('§5 head image: an upload of the workspace 160 px high and from 1000 px wide; else "Wrong image size", nothing changes', async () => {
    const before = (await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } })).body.result.design.headImage;
    for (const [w, h] of [
      [999, 160],
      [1200, 161],
      [1200, 159],
    ]) {
      const bad = await put(acme.adminToken, acme.client._id, { design: { headImage: await uploadPng(t, acme.adminToken, w!, h!) } });
      assert.equal(bad.status, 400, `${w}x${h}`);
      assert.deepEqual(
        [bad.body.errors[0].field, bad.body.errors[0].code, bad.body.errors[0].message],
        ['design.headImage', 'wrongImageSize', 'Wrong image size'],
      );
    }
    // An image the portal does not store cannot be measured; another workspace's upload is not this one's.
    const external = await put(acme.adminToken, acme.client._id, { design: { headImage: 'https://cdn.example.com/head.jpg' } });
    assert.equal(external.status, 400);
    assert.equal(external.body.errors[0].field, 'design.headImage');
    assert.equal(external.body.errors[0].message, 'The file was not found or was deleted');
    const foreign = await put(acme.adminToken, acme.client._id, { design: { headImage: await uploadPng(t, other.adminToken, 1000, 160) } });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].field, 'design.headImage');
    const now = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(keyOf(now.body.result.design.headImage), keyOf(before));
    // Exactly 1000 x 160 is right; the stored image sent back (signed afresh) is not measured again.
    const ok = await put(acme.adminToken, acme.client._id, { design: { headImage: await uploadPng(t, acme.adminToken, 1000, 160) } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const again = await put(acme.adminToken, acme.client._id, { design: { headImage: ok.body.result.design.headImage, accent: '#00ff00' } });
    assert.equal(again.status, 200, JSON.stringify(again.body));
  });

  it("an employee may not change the design; another client's admin may not either", async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'emp@designco.test');
    const byEmp = await put(emp.token, acme.client._id, { design: { sidePanel: '#000000' } });
    assert.equal(byEmp.status, 403);
    const byOther = await put(other.adminToken, acme.client._id, { design: { sidePanel: '#000000' } });
    assert.equal(byOther.status, 404);
    const now = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(now.body.result.design.sidePanel, '#123456');
  });
});
