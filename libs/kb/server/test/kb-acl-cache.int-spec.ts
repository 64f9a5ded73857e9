import { kbRoutes, type Grant } from '@intranet/kb-contract';
import { aclKey, createAclCache } from '@intranet/kb-server';
import { peopleRoutes } from '@intranet/people-contract';
import { sql } from '@intranet/platform-db';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
interface Person {
  id: string;
  token: string;
}

/**
 * §6 grants with the per-process acl cache (kb access.ts loadAcl, migration 0006): every change that can alter what
 * a viewer may read shows in the very next request, because the cache is keyed by the viewer's attributes and
 * checked against the client's acl version, which triggers bump in the changing transaction.
 */
describe('knowledge base acl cache never serves stale access (§6)', () => {
  let t: TestPortal;
  let acme: Client;
  let beta: Client;
  let emp: Person;
  let betaEmp: Person;
  const sales: Grant[] = [{ target: 'department', value: 'Sales', level: 'read' }];
  const it_: Grant[] = [{ target: 'department', value: 'IT', level: 'read' }];

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('kbacl');
    beta = await t.makeClient('kbacl2');
    const e = await t.makeEmployee(acme.adminToken, 'emp@kbacl.test', { department: 'Sales', roles: ['employee', 'knowledge_base'] });
    emp = { id: e.user._id, token: e.token };
    const b = await t.makeEmployee(beta.adminToken, 'emp@kbacl2.test', { department: 'Sales', roles: ['employee', 'knowledge_base'] });
    betaEmp = { id: b.user._id, token: b.token };
  });
  afterAll(() => t.close());

  const create = async (c: Client, body: Record<string, unknown>) => {
    const r = await t.call(kbRoutes.articleCreate, { token: c.adminToken, body: { section: 'kb', ...body } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result._id as string;
  };
  const get = async (p: Person, id: string) => (await t.call(kbRoutes.articleGet, { token: p.token, params: { id } })).status;
  const listed = async (p: Person, c: Client, id: string, query: Record<string, string> = {}) => {
    const r = await t.call(kbRoutes.articleAccessFor, { token: p.token, params: { client: c.client._id, user: p.id }, query });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return (r.body.result as { _id: string }[]).some((x) => x._id === id);
  };
  const inTree = async (p: Person, c: Client, id: string) =>
    JSON.stringify((await t.call(kbRoutes.articleFullTree, { token: p.token, params: { id: c.client._id } })).body.result).includes(id);
  const version = async (c: Client) =>
    t.portal.platform.db.asSystem('test: acl version', async (tx) => {
      const r = (await tx.execute(sql`SELECT version FROM kb.acl_versions WHERE client_id = ${c.client._id}`)) as unknown as { rows: { version: string }[] };
      return r.rows[0] ? Number(r.rows[0].version) : null;
    });
  const rights = async (id: string, grants: Grant[]) => {
    const r = await t.call(kbRoutes.articleRights, { token: acme.adminToken, params: { id }, body: { grants } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };

  it('a rights change (PUT api/article/{id}/rights) shows in the next request, both ways', async () => {
    const folder = await create(acme, { type: 'folder', title: 'Sales folder', grants: sales });
    const art = await create(acme, { title: 'Quarterly zanzibarite', content: 'x', parent: folder });
    // Warm the cache: same viewer, same version, several routes.
    assert.equal(await get(emp, art), 200);
    assert.equal(await listed(emp, acme, art, { parent: folder }), true);
    assert.equal(await listed(emp, acme, art, { search: 'zanzibarite' }), true);
    const v0 = await version(acme);
    assert.ok(v0 !== null, 'a client with a restricting node has a version');

    await rights(folder, it_);
    assert.ok((await version(acme))! > v0!, 'the rights change bumped the version');
    assert.equal(await get(emp, art), 403);
    assert.equal(await listed(emp, acme, art, { search: 'zanzibarite' }), false);
    assert.equal(await inTree(emp, acme, art), false);

    await rights(folder, sales);
    assert.equal(await get(emp, art), 200);
    assert.equal(await listed(emp, acme, art, { search: 'zanzibarite' }), true);
    assert.equal(await inTree(emp, acme, art), true);

    // Unrestricting (empty grants) opens it as well; restricting again closes it.
    await rights(folder, []);
    await rights(folder, it_);
    assert.equal(await get(emp, art), 403);
  });

  it('a new restricted folder that grants the viewer is readable at once', async () => {
    assert.equal(await listed(emp, acme, 'none'), false); // warms the cache at the current version
    const before = await version(acme);
    const folder = await create(acme, { type: 'folder', title: 'New for sales', grants: sales });
    const art = await create(acme, { title: 'Fresh', content: 'x', parent: folder });
    assert.ok((await version(acme))! > before!, 'creating a restricting node bumped the version');
    assert.equal(await listed(emp, acme, folder), true);
    assert.equal(await get(emp, art), 200);
    assert.equal(await inTree(emp, acme, art), true);
  });

  it('a deep delete of a restricted folder bumps the version and leaves nothing readable', async () => {
    const top = await create(acme, { type: 'folder', title: 'Doomed', grants: sales });
    const sub = await create(acme, { type: 'folder', title: 'Doomed inner', parent: top, grants: sales });
    const art = await create(acme, { title: 'Doomed article', content: 'x', parent: sub });
    assert.equal(await get(emp, art), 200);
    const before = await version(acme);
    const del = await t.call(kbRoutes.articleDeepDelete, { token: acme.adminToken, params: { id: top } });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    assert.ok((await version(acme))! > before!, 'deleting restricting nodes bumped the version');
    assert.equal(await get(emp, art), 404);
    assert.equal(await listed(emp, acme, top), false);
    assert.equal(await inTree(emp, acme, sub), false);
    // The cache refills at the new version and still serves the other folders.
    const still = await create(acme, { type: 'folder', title: 'Survivor', grants: sales });
    assert.equal(await listed(emp, acme, still), true);
  });

  it('moving an article between restricted folders moves its access at once (no bump needed)', async () => {
    const open = await create(acme, { type: 'folder', title: 'Open to sales', grants: sales });
    const closed = await create(acme, { type: 'folder', title: 'IT only', grants: it_ });
    const art = await create(acme, { title: 'Wanderer', content: 'x', parent: open });
    assert.equal(await get(emp, art), 200);
    const before = await version(acme);
    const move = async (parent: string) => {
      const r = await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: art }, body: { parent } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    };
    await move(closed);
    assert.equal(await get(emp, art), 403);
    assert.equal(await listed(emp, acme, art, { parent: open }), false);
    assert.equal(await inTree(emp, acme, art), false);
    await move(open);
    assert.equal(await get(emp, art), 200);
    assert.equal(await inTree(emp, acme, art), true);
    // The map is keyed by the restricting node: rows re-pointed by a move are checked against it as they are now.
    assert.equal(await version(acme), before, 'moves keep the cached maps');
  });

  it('a department change through the people projection changes the viewer signature', async () => {
    const legal = await create(acme, { type: 'folder', title: 'Legal only', grants: [{ target: 'department', value: 'Legal', level: 'read' }] });
    const art = await create(acme, { title: 'Contract', content: 'x', parent: legal });
    assert.equal(await get(emp, art), 403); // cached for the Sales signature
    const r = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: emp.id }, body: { department: 'Legal' } });
    assert.equal(r.status, 200);
    // The projection follows the people event (asynchronously); once it did, the very next request sees it.
    await eventually(async () =>
      t.portal.platform.db.asSystem('test: projection', async (tx) => {
        const q = (await tx.execute(sql`SELECT complete, department FROM kb.members WHERE id = ${emp.id}`)) as unknown as {
          rows: { complete: boolean; department: string | null }[];
        };
        return q.rows[0]?.complete === false || q.rows[0]?.department === 'Legal';
      }),
    );
    assert.equal(await get(emp, art), 200);
    assert.equal(await listed(emp, acme, legal), true);
    const back = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: emp.id }, body: { department: 'Sales' } });
    assert.equal(back.status, 200);
    await eventually(async () =>
      t.portal.platform.db.asSystem('test: projection', async (tx) => {
        const q = (await tx.execute(sql`SELECT complete, department FROM kb.members WHERE id = ${emp.id}`)) as unknown as {
          rows: { complete: boolean; department: string | null }[];
        };
        return q.rows[0]?.complete === false || q.rows[0]?.department === 'Sales';
      }),
    );
    assert.equal(await get(emp, art), 403);
  });

  it('two clients never share entries: same attributes, separate maps and versions', async () => {
    const a = await create(acme, { type: 'folder', title: 'Acme sales', grants: sales });
    const b = await create(beta, { type: 'folder', title: 'Beta sales', grants: sales });
    const bArt = await create(beta, { title: 'Beta doc', content: 'x', parent: b });
    assert.equal(await listed(emp, acme, a), true);
    assert.equal(await listed(betaEmp, beta, b), true);
    assert.equal(await listed(betaEmp, beta, a), false, "another client's folder is never listed");
    assert.equal(await get(betaEmp, a), 404);
    assert.equal(await get(emp, bArt), 404);
    const betaBefore = await version(beta);
    await rights(a, it_);
    assert.equal(await version(beta), betaBefore, "one client's change leaves the other's version");
    assert.equal(await listed(emp, acme, a), false);
    assert.equal(await get(betaEmp, bArt), 200);
    const ra = await t.call(kbRoutes.articleRights, { token: beta.adminToken, params: { id: b }, body: { grants: it_ } });
    assert.equal(ra.status, 200);
    assert.equal(await get(betaEmp, bArt), 403);
  });

  it('the application role reads its own version but cannot write versions (only the triggers do)', async () => {
    const db = t.portal.platform.db;
    // Drizzle wraps the driver's error: the reason is in its cause.
    const denied = (e: unknown) => /permission denied/.test(String((e as { cause?: Error }).cause?.message ?? (e as Error).message));
    const seen = await db.inTenant({ clientId: acme.client._id }, async (tx) => {
      const r = (await tx.execute(sql`SELECT client_id FROM kb.acl_versions`)) as unknown as { rows: { client_id: string }[] };
      return r.rows.map((x) => x.client_id);
    });
    assert.deepEqual(seen, [acme.client._id], 'row-level security shows only the own client');
    await assert.rejects(
      db.inTenant({ clientId: acme.client._id }, (tx) => tx.execute(sql`UPDATE kb.acl_versions SET version = 1`)),
      denied,
    );
    await assert.rejects(
      db.inTenant({ clientId: acme.client._id }, (tx) => tx.execute(sql`INSERT INTO kb.acl_versions (client_id, version) VALUES (${acme.client._id}, 1)`)),
      denied,
    );
  });

  it('cache unit: keys carry the client and every attribute; versions and bounds evict', () => {
    const v = { userId: 'u', clientId: 'c1', admin: false, head: false, department: 'Sales', position: null, city: null, workingTime: null, roles: [] };
    assert.notEqual(aclKey(v), aclKey({ ...v, clientId: 'c2' }));
    for (const k of ['userId', 'department', 'position', 'city'] as const) assert.notEqual(aclKey(v), aclKey({ ...v, [k]: 'other' }), k);
    assert.notEqual(aclKey(v), aclKey({ ...v, head: true }));
    assert.notEqual(aclKey(v), aclKey({ ...v, workingTime: 'lt3m' }));
    const c = createAclCache(2, 5);
    c.set('a', 1, new Map([['x', 1]]));
    assert.equal(c.get('a', 2), undefined, 'another version is a miss');
    assert.equal(c.get('a', 1), undefined, 'and drops the old map');
    c.set('a', 1, new Map([['x', 1]]));
    c.set('b', 1, new Map([['y', 1]]));
    c.get('a', 1);
    c.set('c', 1, new Map([['z', 1]]));
    assert.equal(c.size, 2);
    assert.equal(c.get('b', 1), undefined, 'least recently used evicted');
    assert.ok(c.get('a', 1));
    c.set('d', 1, new Map(['1', '2', '3', '4'].map((k) => [k, 1])));
    assert.equal(c.get('c', 1), undefined, 'evicted (least recently used) to stay within the id bound');
    assert.ok(c.get('a', 1));
    assert.ok(c.get('d', 1));
    c.set('e', 1, new Map(['1', '2', '3', '4', '5'].map((k) => [k, 1])));
    assert.equal(c.size, 1, 'a map of the whole id bound evicts every other');
    c.set('f', 1, new Map(['1', '2', '3', '4', '5', '6'].map((k) => [k, 1])));
    assert.equal(c.get('f', 1), undefined, 'a map above the bound is not kept');
  });
});
