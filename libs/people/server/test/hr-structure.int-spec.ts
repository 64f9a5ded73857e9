import { clientRoutes } from '@intranet/clients-contract';
import { structureRoutes as r } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;
type ZupDept = { Ref_Key: string; Description: string; Parent_Key: string; DeletionMark: boolean };

const EMPTY = '00000000-0000-0000-0000-000000000000';
const ref = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

/**
 * A local HTTP server that plays 1C:ZUP's standard OData interface (Catalog_ПодразделенияОрганизаций in the
 * recorded shape: { "odata.metadata", value: [{ Ref_Key, Description, Parent_Key, DeletionMark }] }), with Basic auth.
 */
function fakeZup(depts: () => ZupDept[]) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(decodeURIComponent(req.url ?? ''));
    if (req.headers.authorization !== `Basic ${Buffer.from('hr:secret').toString('base64')}`) return void res.writeHead(401).end();
    if (!decodeURIComponent(req.url ?? '').startsWith('/zup/odata/standard.odata/Catalog_ПодразделенияОрганизаций?')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ 'odata.metadata': 'http://x/zup/odata/standard.odata/$metadata#Catalog_ПодразделенияОрганизаций', value: depts() }));
  });
  return { server, seen };
}

describe('HR integration: the structure from 1C:ZUP (POST api/structure/load_struct; §5 HR integration, §8)', () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let zup: ReturnType<typeof fakeZup>;
  let base = '';
  let data: ZupDept[] = [
    { Ref_Key: ref(1), Description: 'Head office', Parent_Key: EMPTY, DeletionMark: false },
    { Ref_Key: ref(2), Description: 'Accounting', Parent_Key: ref(1), DeletionMark: false },
    { Ref_Key: ref(3), Description: 'Warehouse', Parent_Key: EMPTY, DeletionMark: false },
    { Ref_Key: ref(4), Description: 'Old branch', Parent_Key: EMPTY, DeletionMark: true },
  ];

  const tree = async () =>
    (await t.call(r.structureByClient, { token: acme.adminToken, params: { client: acme.client._id }, query: { kind: 'adm' } })).body.result as {
      name: string;
      depth: number;
    }[];
  const load = () => t.call(r.structureLoad, { token: acme.adminToken, body: { client_id: acme.client._id } });

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('hrco');
    other = await t.makeClient('hrother');
    zup = fakeZup(() => data);
    await new Promise<void>((ok) => zup.server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(zup.server.address() as AddressInfo).port}/zup`;
  });
  afterAll(async () => {
    zup.server.close();
    await t.close();
  });

  it('needs the tax id and a connection (§5 "HR integration needs tax id")', async () => {
    const noTax = await load();
    assert.equal(noTax.status, 400);
    assert.equal(noTax.body.code, 'hrNeedsTaxId');
    assert.equal(noTax.body.message, 'HR integration needs tax id');
    assert.equal(
      (await t.call(clientRoutes.update, { token: acme.superToken, params: { id: acme.client._id }, body: { taxNumber: '7701234567' } })).status,
      200,
    );
    const noUrl = await load();
    assert.equal(noUrl.body.code, 'hrNotConnected');
    const set = await t.call(clientRoutes.update, {
      token: acme.superToken,
      params: { id: acme.client._id },
      body: { hr: { url: base, login: 'hr', password: 'secret' } },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  });

  it('first load creates the tree under the root; a second load changes nothing; one marked deleted is not created', async () => {
    const first = await load();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.result, { created: 3, updated: 0, unchanged: 0, failed: [] });
    assert.ok(zup.seen.some((u) => u.includes('$format=json')));
    assert.deepEqual(
      (await tree()).map((d) => [d.name, d.depth]),
      [
        ['Company hrco', 0],
        ['Head office', 1],
        ['Accounting', 2],
        ['Warehouse', 1],
      ],
    );
    const again = await load();
    assert.deepEqual(again.body.result, { created: 0, updated: 0, unchanged: 3, failed: [] });
  });

  it('a renamed and moved department is updated with its subtree; nothing is deleted', async () => {
    data = [
      { Ref_Key: ref(1), Description: 'Head office', Parent_Key: ref(3), DeletionMark: false },
      { Ref_Key: ref(2), Description: 'Finance', Parent_Key: ref(1), DeletionMark: false },
      { Ref_Key: ref(3), Description: 'Warehouse', Parent_Key: EMPTY, DeletionMark: false },
    ];
    const res = await load();
    assert.deepEqual(res.body.result, { created: 0, updated: 2, unchanged: 1, failed: [] });
    assert.deepEqual(
      (await tree()).map((d) => [d.name, d.depth]),
      [
        ['Company hrco', 0],
        ['Warehouse', 1],
        ['Head office', 2],
        ['Finance', 3],
      ],
    );
  });

  it('the HR server down: loading_struct_hrm_error and nothing changes', async () => {
    const before = await tree();
    await new Promise<void>((ok) => zup.server.close(() => ok()));
    const down = await load();
    assert.equal(down.status, 503);
    assert.equal(down.body.code, 'loading_struct_hrm_error');
    assert.equal(down.body.message, 'Loading the structure from the HR system failed');
    assert.deepEqual(await tree(), before);
  });

  it('isolation and rights: another client (404), an employee (403)', async () => {
    assert.equal((await t.call(r.structureLoad, { token: other.adminToken, body: { client_id: acme.client._id } })).status, 404);
    const emp = await t.makeEmployee(acme.adminToken, 'e@hrco.test');
    assert.equal((await t.call(r.structureLoad, { token: emp.token, body: { client_id: acme.client._id } })).status, 403);
  });
});
