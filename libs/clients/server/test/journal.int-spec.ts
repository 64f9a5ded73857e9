import { fileRoutes } from '@intranet/files-contract';
import { clientRoutes, type JournalEntryView } from '@intranet/clients-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { sql } from '@intranet/platform-db';
import { ok } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { multipart, SUPERADMIN, testPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Page = { entries: JournalEntryView[]; total: number; page: number; limit: number };

/**
 * The audit journal (issue 18 §2, §7 GET api/journal/{client} and /section/{section}, §2 admin panel "logs"): each
 * administrative action writes exactly one entry in its own transaction, a refused change none; the read routes
 * page and filter; only the client's administrators and the superadmin read it; the runtime may not rewrite it.
 */
describe('audit journal (issue 18 §2)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let superId: string;

  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('jacme');
    other = await t.makeClient('jother');
    superId = (await t.login(SUPERADMIN.login, SUPERADMIN.password)).user._id;
  });
  afterAll(() => t.close());

  const read = async (c: Client, query: Record<string, string | number> = {}, token = c.adminToken): Promise<Page> => {
    const q = Object.fromEntries(Object.entries({ limit: 100, ...query }).map(([k, v]) => [k, String(v)]));
    const r = await t.call(clientRoutes.journalList, { token, params: { client: c.client._id }, query: q });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const total = async (c: Client, token = c.adminToken) => (await read(c, { limit: 1 }, token)).total;
  /** Runs `act`, then asserts it added exactly one entry to `c`'s journal and returns it (read as `token`). */
  const oneEntry = async (c: Client, act: () => Promise<unknown>, token = c.adminToken): Promise<JournalEntryView> => {
    const before = await total(c, token);
    await act();
    const page = await read(c, { limit: 2 }, token);
    assert.equal(page.total, before + 1, `exactly one entry: ${JSON.stringify(page.entries)}`);
    return page.entries[0];
  };
  /** Runs a refused `act` (answering `status`) and asserts the journal did not change. */
  const noEntry = async (c: Client, status: number, act: () => Promise<{ status: number; body: unknown }>) => {
    const before = await total(c);
    const r = await act();
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(await total(c), before, 'a refused change writes no entry');
  };

  it('client creation by the superadmin is the first entry, with the actor and the name known at the time', async () => {
    const { entries } = await read(acme);
    const created = entries.find((e) => e.action === 'client.create')!;
    assert.ok(created, JSON.stringify(entries));
    assert.deepEqual(
      { section: created.section, actor: created.actor, object: created.object, client: created.client_id },
      {
        section: 'clients',
        actor: { _id: superId, name: 'Super Admin' },
        object: { type: 'client', id: acme.client._id, title: 'Company jacme' },
        client: acme.client._id,
      },
    );
    assert.equal(created.after!.workspace, 'jacme');
    // The administrator's account, registered by the superadmin, is the other entry.
    assert.equal(entries.find((e) => e.action === 'user.create')!.object!.id, acme.admin._id);
  });

  it('roles and rights: one entry per change with before/after; refused changes none', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'roles@jacme.test');
    const add = await oneEntry(acme, () => ok(t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: emp.user._id, role: 'head' } })));
    assert.deepEqual(
      { section: add.section, action: add.action, actor: add.actor!._id, object: add.object, role: add.after!.role },
      { section: 'roles', action: 'role.add', actor: acme.admin._id, object: { type: 'user', id: emp.user._id, title: 'Emil Employee' }, role: 'head' },
    );
    assert.equal(add.actor!.name, acme.admin.fullName);
    assert.ok(!(add.before!.roles as string[]).includes('head'));
    const rm = await oneEntry(acme, () => ok(t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: emp.user._id, role: 'wall' } })));
    assert.equal(rm.action, 'role.remove');
    assert.ok(!(rm.after!.roles as string[]).includes('wall'));
    const all = await oneEntry(acme, () =>
      ok(t.call(peopleRoutes.roleAddAll, { token: acme.adminToken, params: { clientId: acme.client._id, role: 'wall' } })),
    );
    assert.deepEqual({ action: all.action, role: all.after!.role }, { action: 'role.add_all', role: 'wall' });
    const none = await oneEntry(acme, () =>
      ok(t.call(peopleRoutes.roleRemoveAll, { token: acme.adminToken, params: { clientId: acme.client._id, role: 'lms' } })),
    );
    assert.equal(none.action, 'role.remove_all');
    const initial = await oneEntry(acme, () =>
      ok(
        t.call(clientRoutes.clientUpdate, {
          token: acme.adminToken,
          params: { id: acme.client._id },
          body: { settings: { initialRights: ['wall', 'address'] } },
        }),
      ),
    );
    assert.deepEqual({ action: initial.action, after: initial.after }, { action: 'rights.initial', after: { initialRights: ['wall', 'address'] } });
    // Refused: one's own role (403), an employee changing roles (403), another client's user (404).
    await noEntry(acme, 403, () => t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: acme.admin._id, role: 'shop' } }));
    await noEntry(acme, 403, () => t.call(peopleRoutes.roleAdd, { token: emp.token, params: { userId: emp.user._id, role: 'shop' } }));
    await noEntry(acme, 404, () => t.call(peopleRoutes.roleAdd, { token: other.adminToken, params: { userId: emp.user._id, role: 'shop' } }));
    // An edit that changes no audited field writes nothing either.
    await ok(t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { city: 'Kyiv' } }));
    assert.equal((await read(acme, { limit: 1 })).entries[0].action, 'rights.initial');
  });

  it('feature switches and client block/unblock by the superadmin land in that client only', async () => {
    const otherBefore = await total(other);
    const off = await oneEntry(acme, () =>
      ok(t.call(clientRoutes.featuresSwitch, { token: acme.superToken, params: { client: acme.client._id, code: 'shop' } })),
    );
    assert.deepEqual(
      { section: off.section, action: off.action, id: off.object!.id, before: off.before, after: off.after, actor: off.actor!._id },
      { section: 'features', action: 'feature.off', id: 'shop', before: { active: true }, after: { active: false }, actor: superId },
    );
    assert.equal(
      (await oneEntry(acme, () => ok(t.call(clientRoutes.featuresSwitch, { token: acme.superToken, params: { client: acme.client._id, code: 'shop' } }))))
        .action,
      'feature.on',
    );
    await noEntry(acme, 403, () => t.call(clientRoutes.featuresSwitch, { token: acme.adminToken, params: { client: acme.client._id, code: 'shop' } }));
    const block = await oneEntry(
      acme,
      () => ok(t.call(clientRoutes.clientUpdate, { token: acme.superToken, params: { id: acme.client._id }, body: { status: 'blocked' } })),
      // A blocked client's administrator is refused everything ('Login blocked'): the superadmin reads.
      acme.superToken,
    );
    assert.deepEqual(
      { action: block.action, before: block.before, after: block.after },
      { action: 'client.block', before: { status: 'active' }, after: { status: 'blocked' } },
    );
    const unblock = await oneEntry(
      acme,
      () => ok(t.call(clientRoutes.clientUpdate, { token: acme.superToken, params: { id: acme.client._id }, body: { status: 'active' } })),
      acme.superToken,
    );
    assert.equal(unblock.action, 'client.unblock');
    // An administrator may not block (403): nothing written.
    await noEntry(acme, 403, () => t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { status: 'blocked' } }));
    assert.equal(await total(other), otherBefore, "another client's journal is untouched");
  });

  it('employees: create, block, delete, undelete and CSV import write one entry each; refusals none', async () => {
    const created = await oneEntry(acme, () => t.makeEmployee(acme.adminToken, 'fired@jacme.test'));
    assert.equal(created.action, 'user.create');
    const id = created.object!.id!;
    await noEntry(acme, 409, () =>
      t.call(peopleRoutes.userRegister, {
        token: acme.adminToken,
        body: { firstName: 'Dup', lastName: 'Dup', email: 'fired@jacme.test', password: 'employee1', confirmPassword: 'employee1' },
      }),
    );
    const block = await oneEntry(acme, () => ok(t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id }, body: { status: 'blocked' } })));
    assert.deepEqual({ action: block.action, after: block.after }, { action: 'user.block', after: { status: 'blocked' } });
    const del = await oneEntry(acme, () => ok(t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id } })));
    assert.deepEqual(
      { section: del.section, action: del.action, object: del.object, after: del.after },
      { section: 'users', action: 'user.delete', object: { type: 'user', id, title: 'Emil Employee' }, after: { deletion_mark: true } },
    );
    assert.equal((await oneEntry(acme, () => ok(t.call(peopleRoutes.userUndelete, { token: acme.adminToken, params: { id } })))).action, 'user.undelete');
    // Refused: deleting oneself or an administrator (403), another client's user (404).
    await noEntry(acme, 403, () => t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: acme.admin._id } }));
    await noEntry(acme, 404, () => t.call(peopleRoutes.userDelete, { token: other.adminToken, params: { id } }));

    const csv = 'firstName,lastName,email,password\nIvan,Petrov,ivan@jacme.test,secret123\nBad,Row,not-an-email,\n';
    const imp = await oneEntry(acme, () => ok(t.call(peopleRoutes.userRegisterMany, { token: acme.adminToken, body: { csv } })));
    assert.deepEqual(
      { section: imp.section, action: imp.action, after: imp.after },
      { section: 'import', action: 'import.csv', after: { rows: 2, imported: 1, failed: 1 } },
    );
    assert.doesNotMatch(JSON.stringify(imp), /secret123|ivan@/, 'the rows never enter the journal');
    await noEntry(acme, 400, () => t.call(peopleRoutes.userRegisterMany, { token: acme.adminToken, body: { csv: 'name\nx\n' } }));
  });

  it('knowledge base: deleting an article and its files writes one entry each; a refused deletion none', async () => {
    const inject = (o: any) => t.portal.app.getHttpAdapter().getInstance().inject(o);
    const upload = async (name: string) => {
      const m = multipart([{ name, data: Buffer.from(`content of ${name}`) }]);
      const r = await inject({
        method: 'POST',
        url: `${fileRoutes.fileUpload.path}?kind=kb`,
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${acme.adminToken}` },
      });
      assert.equal(r.statusCode, 200, r.body);
      const f = r.json().results[0];
      return { key: f.key, fileName: f.fileName, mimetype: f.mimetype, thumbKey: f.thumbKey };
    };
    const files = [await upload('one.txt'), await upload('two.txt'), await upload('three.txt')];
    const article = await ok(
      t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Handbook', content: '<p>rules</p>', files } }),
    );
    const ids = (article.files as { _id: string; filename?: string; fileName?: string }[]).map((f) => f._id);
    const one = await oneEntry(acme, () => ok(t.call(kbRoutes.articleDelFile, { token: acme.adminToken, params: { id: article._id, file: ids[0] } })));
    assert.deepEqual(
      { section: one.section, action: one.action, type: one.object!.type, id: one.object!.id, title: one.object!.title },
      { section: 'files', action: 'file.delete', type: 'file', id: ids[0], title: 'one.txt' },
    );
    const rest = await oneEntry(acme, () => ok(t.call(kbRoutes.articleDelFiles, { token: acme.adminToken, params: { id: article._id }, body: {} })));
    assert.deepEqual(
      { object: rest.object, files: rest.before!.files },
      { object: { type: 'article', id: article._id, title: 'Handbook' }, files: ['two.txt', 'three.txt'] },
    );
    // Nothing left to delete: no change, no entry.
    await noEntry(acme, 200, () => t.call(kbRoutes.articleDelFiles, { token: acme.adminToken, params: { id: article._id }, body: {} }));
    const emp = await t.makeEmployee(acme.adminToken, 'reader@jacme.test');
    await noEntry(acme, 403, () => t.call(kbRoutes.articleDeepDelete, { token: emp.token, params: { id: article._id } }));
    await noEntry(acme, 404, () => t.call(kbRoutes.articleDeepDelete, { token: other.adminToken, params: { id: article._id } }));
    const del = await oneEntry(acme, () => ok(t.call(kbRoutes.articleDeepDelete, { token: acme.adminToken, params: { id: article._id } })));
    assert.deepEqual(
      { section: del.section, action: del.action, object: del.object, nodes: del.before!.nodes },
      { section: 'kb', action: 'article.delete', object: { type: 'article', id: article._id, title: 'Handbook' }, nodes: 1 },
    );
  });

  it('reads page newest first and filter by section, action, actor and dates; the section route too', async () => {
    const all = await read(acme);
    assert.ok(all.total >= 20, `entries so far: ${all.total}`);
    const times = all.entries.map((e) => e.at);
    assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
    const p1 = await read(acme, { page: 1, limit: 3 });
    const p2 = await read(acme, { page: 2, limit: 3 });
    assert.deepEqual({ n1: p1.entries.length, page: p2.page, limit: p2.limit, total: p2.total }, { n1: 3, page: 2, limit: 3, total: all.total });
    assert.deepEqual(
      p2.entries.map((e) => e._id),
      all.entries.slice(3, 6).map((e) => e._id),
    );
    const roles = await read(acme, { section: 'roles' });
    assert.ok(roles.total >= 5 && roles.entries.every((e) => e.section === 'roles'));
    const bySection = await t.call(clientRoutes.journalSection, {
      token: acme.adminToken,
      params: { client: acme.client._id, section: 'roles' },
      query: { limit: '100' },
    });
    assert.equal(bySection.status, 200);
    assert.deepEqual(
      bySection.body.result.entries.map((e: JournalEntryView) => e._id),
      roles.entries.map((e) => e._id),
    );
    const sectionAction = await t.call(clientRoutes.journalSection, {
      token: acme.adminToken,
      params: { client: acme.client._id, section: 'roles' },
      query: { action: 'role.add' },
    });
    assert.equal(sectionAction.body.result.total, 1);
    const bySuper = await read(acme, { actor: superId });
    assert.ok(bySuper.total >= 6 && bySuper.entries.every((e) => e.actor?._id === superId));
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await read(acme, { from: today, to: today })).total, all.total);
    assert.equal((await read(acme, { to: '2001-01-01' })).total, 0);
    assert.equal((await read(acme, { from: '2999-01-01' })).total, 0);
    for (const query of [{ from: '2024-02-30' }, { limit: '1000' }, { section: 'Roles!' }, { actor: 'x' }] as Record<string, string>[]) {
      const bad = await t.call(clientRoutes.journalList, { token: acme.adminToken, params: { client: acme.client._id }, query });
      assert.equal(bad.status, 400, JSON.stringify(query));
    }
  });

  it('only the client administrators and the superadmin read it; another client gets 404 and nothing', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'nosy@jacme.test');
    for (const route of [clientRoutes.journalList, clientRoutes.journalSection]) {
      const params = { client: acme.client._id, section: 'roles' };
      assert.equal((await t.call(route, { token: emp.token, params })).status, 403);
      assert.equal((await t.call(route, { params })).status, 401);
      const foreign = await t.call(route, { token: other.adminToken, params });
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.result, undefined);
      assert.equal((await t.call(route, { token: acme.superToken, params })).status, 200);
      assert.equal((await t.call(route, { token: acme.superToken, params: { ...params, client: '00000000-0000-4000-8000-000000000000' } })).status, 404);
    }
    const own = await read(other);
    assert.ok(own.entries.every((e) => e.client_id === other.client._id));
  });

  it('is append-only for the runtime role, and no client sees another one’s rows', async () => {
    const code = async (ctx: { clientId: string }, query: string) => {
      try {
        await t.db.inTenant(ctx, (tx) => tx.execute(sql.raw(query)));
        return null;
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        return e.cause?.code ?? e.code ?? 'error';
      }
    };
    const acmeCtx = { clientId: acme.client._id };
    assert.equal(await code(acmeCtx, `UPDATE audit.journal SET actor_name = 'forged'`), '42501');
    assert.equal(await code(acmeCtx, 'DELETE FROM audit.journal'), '42501');
    assert.equal(await code(acmeCtx, 'TRUNCATE audit.journal'), '42501');
    const visible = (await t.db.inTenant(acmeCtx, (tx) => tx.execute(sql`SELECT DISTINCT client_id FROM audit.journal`))) as unknown as {
      rows: { client_id: string }[];
    };
    assert.deepEqual(
      visible.rows.map((r) => r.client_id),
      [acme.client._id],
    );
    assert.ok((await read(acme)).entries.every((e) => e.actor?.name !== 'forged'));
  });
});
