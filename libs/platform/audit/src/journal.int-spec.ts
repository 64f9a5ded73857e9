import { testDatabase, testMode, type TestDatabase } from '@intranet/platform-testing';
import { queryRows, sql, uuidv7 } from '@intranet/platform-db';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { auditMigrations, journal, JournalEntryError, summary } from './index.ts';

const A = uuidv7();
const B = uuidv7();
const actor = { id: uuidv7(), name: 'Ada Admin' };

describe(`audit journal library (issue 18 §2; ${testMode.postgres ? 'PostgreSQL as intranet_app' : 'PGlite'})`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase([auditMigrations]);
  });
  afterAll(async () => {
    await db.close();
  });

  const count = async (clientId: string) => (await db.asSystem('spec', (tx) => journal.list(tx, clientId, { offset: 0, limit: 1 }))).total;
  /** The SQLSTATE of a statement run as the runtime role in client A's tenant, or null when it succeeded. */
  const asRuntime = async (query: string) => {
    try {
      await db.inTenant({ clientId: A }, (tx) => tx.execute(sql.raw(query)));
      return null;
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      return e.cause?.code ?? e.code ?? 'error';
    }
  };

  it('writes an entry in the caller transaction; a rolled-back transaction leaves none', async () => {
    await db.inTenant({ clientId: A }, (tx) =>
      journal.add(
        tx,
        { clientId: A, actor },
        { section: 'roles', action: 'role.add', object: { type: 'user', id: actor.id, title: 'Bob' }, after: { role: 'wall' } },
      ),
    );
    assert.equal(await count(A), 1);
    await assert.rejects(
      db.inTenant({ clientId: A }, async (tx) => {
        await journal.add(tx, { clientId: A, actor }, { section: 'roles', action: 'role.remove', object: { type: 'user', id: actor.id } });
        throw new Error('refused after the entry');
      }),
      /refused after the entry/,
    );
    assert.equal(await count(A), 1, 'the rolled-back entry is gone with its change');
    const { rows } = await db.inTenant({ clientId: A }, (tx) => journal.list(tx, A, { offset: 0, limit: 10 }));
    assert.equal(rows[0].actorName, 'Ada Admin');
    assert.deepEqual(rows[0].after, { role: 'wall' });
  });

  it('a system action (no signed-in user: the demo seed, a scheduler) is written with no actor', async () => {
    const S = uuidv7();
    await db.inTenant({ clientId: S }, (tx) =>
      journal.add(tx, { clientId: S, actor: { id: '', name: null } }, { section: 'clients', action: 'client.create', object: { type: 'client', id: S } }),
    );
    const page = await db.inTenant({ clientId: S }, (tx) => journal.list(tx, S, { section: 'clients', offset: 0, limit: 10 }));
    const entry = page.rows.find((e) => e.action === 'client.create');
    assert.ok(entry, JSON.stringify(page));
    assert.equal(entry.actorId, null);
    assert.equal(entry.actorName, null);
  });

  it('is append-only for the runtime role: UPDATE, DELETE and TRUNCATE are refused, SELECT and INSERT allowed', async () => {
    assert.equal(await asRuntime('UPDATE audit.journal SET actor_name = $$x$$'), '42501');
    assert.equal(await asRuntime('DELETE FROM audit.journal'), '42501');
    assert.equal(await asRuntime('TRUNCATE audit.journal'), '42501');
    assert.equal(await asRuntime('SELECT 1 FROM audit.journal'), null);
    const rows = await db.asSystem('spec', (tx) =>
      queryRows<{ u: boolean; d: boolean; i: boolean; rls: boolean; force: boolean }>(
        tx,
        sql.raw(`SELECT has_table_privilege('intranet_app', 'audit.journal', 'UPDATE') AS u, has_table_privilege('intranet_app', 'audit.journal', 'DELETE') AS d,
          has_table_privilege('intranet_app', 'audit.journal', 'INSERT') AS i, c.relrowsecurity AS rls, c.relforcerowsecurity AS force
          FROM pg_class c WHERE c.oid = 'audit.journal'::regclass`),
      ),
    );
    assert.deepEqual(rows[0], { u: false, d: false, i: true, rls: true, force: true });
    // Even a role holding the grant (the system context, the owner through the definer) meets the trigger.
    await assert.rejects(db.asSystem('spec', (tx) => tx.execute(sql.raw('DELETE FROM audit.journal'))));
    assert.equal(await count(A), 1);
  });

  it('isolates tenants: client B neither sees nor writes client A entries', async () => {
    const seen = await db.inTenant({ clientId: B }, (tx) => journal.list(tx, A, { offset: 0, limit: 10 }));
    assert.equal(seen.total, 0);
    await assert.rejects(db.inTenant({ clientId: B }, (tx) => journal.add(tx, { clientId: A, actor }, { section: 'roles', action: 'role.add' })));
    assert.equal(await count(A), 1);
  });

  it('anonymous sections: no way to record an identity; addAnonymous stores none and dates to the hour', async () => {
    await assert.rejects(
      db.inTenant({ clientId: A }, (tx) =>
        // @ts-expect-error an anonymous section is not a JournalEntry section
        journal.add(tx, { clientId: A, actor }, { section: 'violations', action: 'report.received' }),
      ),
      JournalEntryError,
    );
    await db.inTenant({ clientId: B }, (tx) => journal.addAnonymous(tx, B, { section: 'violations', action: 'report.received', object: { type: 'report' } }));
    const { rows } = await db.inTenant({ clientId: B }, (tx) => journal.list(tx, B, { section: 'violations', offset: 0, limit: 10 }));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].actorId, null);
    assert.equal(rows[0].actorName, null);
    assert.equal(rows[0].at.getUTCMinutes() + rows[0].at.getUTCSeconds() + rows[0].at.getUTCMilliseconds(), 0);
    // The table refuses an identity in an anonymous section whatever the code does.
    await assert.rejects(
      db.inTenant({ clientId: B }, (tx) =>
        tx.execute(
          sql`INSERT INTO audit.journal (id, client_id, actor_id, section, action) VALUES (${uuidv7()}, ${B}, ${actor.id}, 'violations', 'report.received')`,
        ),
      ),
    );
  });

  it('summaries drop secrets and stay small', () => {
    const s = summary({ name: 'x'.repeat(500), password: 'p', hr: { url: 'u', hrPassword: 'p', apiKey: 'k' }, list: Array.from({ length: 80 }, (_, i) => i) });
    assert.equal((s!.name as string).length, 200);
    assert.equal('password' in s!, false);
    assert.deepEqual(s!.hr, { url: 'u' });
    assert.equal((s!.list as number[]).length, 50);
    assert.deepEqual(summary({ big: Array.from({ length: 50 }, () => 'y'.repeat(190)) }), { truncated: true });
  });

  it('filters by section, action, actor and UTC days, pages newest first', async () => {
    const C = uuidv7();
    const other = { id: uuidv7(), name: 'Other' };
    await db.inTenant({ clientId: C }, async (tx) => {
      for (let i = 0; i < 5; i++)
        await journal.add(tx, { clientId: C, actor }, { section: 'users', action: 'user.delete', object: { type: 'user', title: `u${i}` } });
      await journal.add(tx, { clientId: C, actor: other }, { section: 'kb', action: 'article.delete' });
    });
    const list = (q: Partial<Parameters<typeof journal.list>[2]>) => db.inTenant({ clientId: C }, (tx) => journal.list(tx, C, { offset: 0, limit: 2, ...q }));
    const p1 = await list({ section: 'users' });
    assert.equal(p1.total, 5);
    assert.deepEqual(
      p1.rows.map((r) => r.objectTitle),
      ['u4', 'u3'],
    );
    assert.deepEqual(
      (await list({ section: 'users', offset: 4 })).rows.map((r) => r.objectTitle),
      ['u0'],
    );
    assert.equal((await list({ actor: other.id })).total, 1);
    assert.equal((await list({ action: 'article.delete' })).total, 1);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await list({ from: today, to: today })).total, 6);
    assert.equal((await list({ to: '2000-01-01' })).total, 0);
    assert.equal((await list({ from: '2999-01-01' })).total, 0);
  });
});
