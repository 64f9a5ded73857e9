import { clientRoutes } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { hrFileRoutes as r } from '@intranet/people-contract/hr';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { multipart, sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe("employees' HR files (§3 User HR data and files, §7 DELETE api/user/{userId}/file/{fileId}, §6)", () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let ann: Emp;
  let bob: Emp;
  const inject = (o: object) =>
    t.portal.app
      .getHttpAdapter()
      .getInstance()
      .inject(o as never);
  const upload = async (token: string, name: string, kind = 'hr') => {
    const m = multipart([{ name, data: Buffer.from(`scan of ${name}`) }]);
    const res = await inject({
      method: 'POST',
      url: `${fileRoutes.fileUpload.path}?kind=${kind}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    const f = res.json().results[0];
    return { key: f.key as string, fileName: f.fileName as string, mimetype: f.mimetype as string, size: f.size as number };
  };
  const used = async () =>
    (await t.call(clientRoutes.clientGet, { token: acme.superToken, params: { id: acme.client._id } })).body.result.storage.used as number;
  const download = (url: string, token?: string) =>
    inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} }).then((x: any) => x.statusCode as number);

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('hrfiles');
    other = await t.makeClient('hrfilesother');
    ann = await t.makeEmployee(acme.adminToken, 'ann@hrfiles.test');
    bob = await t.makeEmployee(acme.adminToken, 'bob@hrfiles.test');
  });
  afterAll(() => t.close());

  it('an administrator attaches uploaded hr files; the employee lists and downloads their own, a colleague cannot', async () => {
    const doc = await upload(acme.adminToken, 'contract.pdf');
    assert.match(doc.key, new RegExp(`^${acme.client._id}/hr/`));
    const added = await t.call(r.userFilesAdd, { token: acme.adminToken, params: { userId: ann.user._id }, body: { files: [doc] } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual(
      added.body.result.map((f: any) => [f.filename, f.filetype, f.path, f.size, f.user_id]),
      [['contract.pdf', 'application/pdf', doc.key, doc.size, ann.user._id]],
    );
    const own = await t.call(r.userFiles, { token: ann.token, params: { userId: ann.user._id } });
    assert.equal(own.status, 200);
    assert.equal(own.body.result.length, 1);
    assert.equal(await download(own.body.result[0].url, ann.token), 200);
    assert.equal(await download(own.body.result[0].url, acme.adminToken), 200);
    // A colleague: no list, no download even with the URL; no token: refused.
    assert.equal((await t.call(r.userFiles, { token: bob.token, params: { userId: ann.user._id } })).status, 403);
    assert.equal(await download(own.body.result[0].url, bob.token), 403);
    assert.notEqual(await download(own.body.result[0].url), 200);
    // The same key cannot be attached twice.
    const again = await t.call(r.userFilesAdd, { token: acme.adminToken, params: { userId: bob.user._id }, body: { files: [doc] } });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, 'This file is already attached');
  });

  it('only administrators attach; only hr uploads of the own client; a missing object is refused', async () => {
    const mine = await upload(ann.token, 'selfie.pdf');
    assert.equal((await t.call(r.userFilesAdd, { token: ann.token, params: { userId: ann.user._id }, body: { files: [mine] } })).status, 403);
    const post = await upload(acme.adminToken, 'open.pdf', 'file');
    const wrongKind = await t.call(r.userFilesAdd, { token: acme.adminToken, params: { userId: ann.user._id }, body: { files: [post] } });
    assert.equal(wrongKind.status, 403);
    const foreign = await upload(other.adminToken, 'foreign.pdf');
    // Another client's upload names nothing of this client (issue 38 §6): the field's 'file not found'.
    const foreignAdd = await t.call(r.userFilesAdd, { token: acme.adminToken, params: { userId: ann.user._id }, body: { files: [foreign] } });
    assert.equal(foreignAdd.status, 400);
    assert.deepEqual(
      foreignAdd.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['files', 'fileNotFound']],
    );
    const ghost = { key: `${acme.client._id}/hr/00000000-0000-7000-8000-000000000000/ghost.pdf`, fileName: 'ghost.pdf', mimetype: 'application/pdf' };
    const missing = await t.call(r.userFilesAdd, { token: acme.adminToken, params: { userId: ann.user._id }, body: { files: [ghost] } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].message, 'The file was not found or was deleted');
    // Another client's administrator sees no such employee.
    assert.equal((await t.call(r.userFiles, { token: other.adminToken, params: { userId: ann.user._id } })).status, 404);
  });

  it('DELETE api/user/{userId}/file/{fileId}: administrators only; removes the object and gives the storage back', async () => {
    const list = (await t.call(r.userFiles, { token: acme.adminToken, params: { userId: ann.user._id } })).body.result;
    const f = list[0];
    const params = { userId: ann.user._id, fileId: f._id };
    assert.equal((await t.call(r.userFileDelete, { token: ann.token, params })).status, 403);
    assert.equal((await t.call(r.userFileDelete, { token: other.adminToken, params })).status, 404);
    assert.equal((await t.call(r.userFileDelete, { token: acme.adminToken, params: { userId: bob.user._id, fileId: f._id } })).status, 404);
    const before = await used();
    const del = await t.call(r.userFileDelete, { token: acme.adminToken, params });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    assert.deepEqual(del.body.result, { _id: f._id });
    // storage.used is in GB.
    assert.equal(Math.round((before - (await used())) * 1024 ** 3), f.size);
    assert.equal(await download(f.url, acme.adminToken), 404);
    assert.deepEqual((await t.call(r.userFiles, { token: ann.token, params: { userId: ann.user._id } })).body.result, []);
    assert.equal((await t.call(r.userFileDelete, { token: acme.adminToken, params })).status, 404);
  });
});
