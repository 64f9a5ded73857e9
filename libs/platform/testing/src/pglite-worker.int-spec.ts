import { openDatabase, preparedQuery, queryRows, type Database } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { asc, eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 19: the embedded portal runs PGlite in a worker thread (PGLITE_WORKER, default on). The same queries on a
// worker and on a main-thread PGlite must give the same answers, with PGlite's transaction and error behaviour.
const s = pgSchema('wk_spec');
const items = s.table('items', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id'),
  title: text('title').notNull(),
  tags: text('tags').array().notNull(),
  count: integer('count').notNull(),
  meta: jsonb('meta'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
const owners = s.table('owners', { id: uuid('id').primaryKey(), name: text('name'), active: boolean('active').notNull() });
/**
 * `v` rebuilt from this realm's Object, Array and Date. Values parsed in the worker (arrays, JSON) arrive as Node's
 * own realm's objects, and Jest runs specs in a vm context of its own, where deepStrictEqual compares prototypes.
 */
function here(v: unknown): unknown {
  const tag = Object.prototype.toString.call(v);
  if (tag === '[object Date]') return new Date((v as Date).getTime());
  if (tag === '[object Array]') return Array.from(v as unknown[], here);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, here(x)]));
  return v;
}
const U = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS wk_spec;
  CREATE TABLE IF NOT EXISTS wk_spec.owners (id uuid PRIMARY KEY, name text, active boolean NOT NULL);
  CREATE TABLE IF NOT EXISTS wk_spec.items (id uuid PRIMARY KEY, owner_id uuid, title text NOT NULL UNIQUE, tags text[] NOT NULL,
    count integer NOT NULL, meta jsonb, at timestamptz NOT NULL);`;

describe('PGlite in a worker thread (issue 19): same answers as on the main thread, transactions, errors, persistence', () => {
  const dirs: string[] = [];
  const dbs: Database[] = [];
  const open = async (worker: boolean, dir = mkdtempSync(join(tmpdir(), 'wk-spec-'))) => {
    if (!dirs.includes(dir)) dirs.push(dir);
    const db = await openDatabase({ dataDir: dir, worker });
    dbs.push(db);
    await db.exec(SCHEMA);
    return { db, dir };
  };
  const seed = (db: Database) =>
    db.drizzle.transaction(async (tx) => {
      await tx.insert(owners).values([
        { id: U(1), name: 'Ann', active: true },
        { id: U(2), name: null, active: false },
      ]);
      await tx.insert(items).values([
        { id: U(11), ownerId: U(1), title: 'with owner', tags: ['a', 'b'], count: 3, meta: { k: [1, 'x'] }, at: new Date('2026-11-24T10:00:00.123Z') },
        { id: U(12), ownerId: U(2), title: 'owner without name', tags: [], count: 0, meta: null, at: new Date('2026-11-23T09:00:00Z') },
        { id: U(13), ownerId: null, title: 'no owner row', tags: ['c'], count: -1, meta: { n: 2.5 }, at: new Date('2025-01-01T00:00:00Z') },
      ]);
    });
  const select = (tx: Parameters<Parameters<Database['drizzle']['transaction']>[0]>[0]) =>
    tx
      .select({
        item: items,
        owner: { id: owners.id, name: owners.name, active: owners.active },
        label: sql<string>`upper(${items.title})`,
        day: sql<string>`${items.at}::date`,
        later: sql<boolean>`${items.at} > '2026-01-01'::timestamptz`,
      })
      .from(items)
      .leftJoin(owners, eq(owners.id, items.ownerId))
      .orderBy(asc(items.id));
  let worker: { db: Database; dir: string };
  let main: { db: Database; dir: string };
  beforeAll(async () => {
    worker = await open(true);
    main = await open(false);
    await seed(worker.db);
    await seed(main.db);
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('selects, prepared selects and raw SQL answer exactly as the main-thread PGlite does', async () => {
    const prepared = preparedQuery<Record<string, never>, unknown[]>('wk_spec_rows', (tx) => select(tx));
    const run = (db: Database) =>
      db.drizzle.transaction(async (tx) => ({
        plain: await select(tx),
        prepared: await prepared.execute(tx, {}),
        raw: await tx.execute(sql`SELECT count(*)::int AS n, array_agg(title ORDER BY title) AS titles, now() > '2000-01-01' AS ok FROM wk_spec.items`),
      }));
    const [w, m] = [await run(worker.db), await run(main.db)];
    assert.equal(w.plain.length, 3);
    assert.deepEqual(here(w.plain), here(m.plain));
    assert.deepEqual(here(w.prepared), here(m.plain));
    assert.deepEqual(here((w.raw as { rows: unknown[] }).rows), here((m.raw as { rows: unknown[] }).rows));
    const rows = w.plain;
    assert.ok(rows[0]!.item.at instanceof Date);
    assert.equal(rows[0]!.item.at.toISOString(), '2026-11-24T10:00:00.123Z');
    assert.deepEqual(here(rows[0]!.item.meta), { k: [1, 'x'] });
    assert.equal(rows[0]!.day, '2026-11-24');
    assert.equal(rows[2]!.owner, null);
  });

  it('a text run often becomes a named statement on the worker: the same rows each time, its errors as before, a new column does not break it', async () => {
    // Parameters of several types (uuid, text[], jsonb, timestamptz, int): the named path serialises them by the
    // statement's own parameter types, as PGlite's query() does.
    const pick = (tx: Parameters<Parameters<Database['drizzle']['transaction']>[0]>[0], n: number) =>
      tx
        .select({ id: items.id, title: items.title, tags: items.tags, meta: items.meta, at: items.at, owner: owners.name })
        .from(items)
        .leftJoin(owners, eq(owners.id, items.ownerId))
        .where(
          sql`${items.count} >= ${n - 2} and ${items.at} < ${new Date('2027-01-01T00:00:00Z')} and (${items.tags} && ${'{a,c}'}::text[] or ${items.meta} @> ${JSON.stringify({ n: 2.5 })}::jsonb or ${items.id} = ${U(12)})`,
        )
        .orderBy(asc(items.id));
    for (let n = 0; n < 6; n++) {
      const [w, m] = [await worker.db.drizzle.transaction((tx) => pick(tx, n)), await main.db.drizzle.transaction((tx) => pick(tx, n))];
      assert.deepEqual(here(w), here(m), `call ${n + 1}`);
      if (n === 0) assert.equal(w.length, 3);
    }
    // An insert that fails on its fourth call (named by then) raises PostgreSQL's error as the unnamed one did.
    const add = (id: number, title: string) => worker.db.drizzle.insert(items).values({ id: U(id), title, tags: [], count: 1, at: new Date() });
    for (const [id, t] of [
      [901, 'n1'],
      [902, 'n2'],
      [903, 'n3'],
    ] as const)
      await add(id, t);
    await assert.rejects(add(904, 'n1'), (err: { cause?: { code?: string; constraint?: string } }) => {
      assert.equal(err.cause?.code, '23505');
      assert.equal(err.cause?.constraint, 'items_title_key');
      return true;
    });
    // A column added later: the kept plan of an explicit column list still answers (a `*` text is never named).
    await worker.db.exec('ALTER TABLE wk_spec.items ADD COLUMN note text');
    try {
      assert.equal((await worker.db.drizzle.transaction((tx) => pick(tx, 0))).length, 3);
    } finally {
      await worker.db.exec(`DELETE FROM wk_spec.items WHERE title LIKE 'n_'; ALTER TABLE wk_spec.items DROP COLUMN note`);
    }
  });

  it('a failing transaction changes nothing, and the error keeps PostgreSQL’s code and constraint', async () => {
    const before = await worker.db.drizzle.select().from(items);
    let caught: unknown;
    try {
      await worker.db.drizzle.transaction(async (tx) => {
        await tx.insert(owners).values({ id: U(3), name: 'Rolled back', active: true });
        await tx.insert(items).values({ id: U(14), ownerId: U(3), title: 'with owner', tags: [], count: 0, at: new Date() });
      });
    } catch (err) {
      caught = err;
    }
    const cause = ((caught as { cause?: unknown })?.cause ?? caught) as { code?: string; constraint?: string };
    assert.equal(cause.code, '23505');
    assert.equal(cause.constraint, 'items_title_key');
    assert.deepEqual(here(await worker.db.drizzle.select().from(items)), here(before));
    assert.equal(
      (
        await worker.db.drizzle
          .select()
          .from(owners)
          .where(eq(owners.id, U(3)))
      ).length,
      0,
    );
    // An explicit rollback (Drizzle's tx.rollback()) too.
    await worker.db.drizzle
      .transaction(async (tx) => {
        await tx.insert(owners).values({ id: U(4), name: 'Also rolled back', active: true });
        tx.rollback();
      })
      .catch(() => undefined);
    assert.equal(
      (
        await worker.db.drizzle
          .select()
          .from(owners)
          .where(eq(owners.id, U(4)))
      ).length,
      0,
    );
  });

  it('50 transactions at once all commit, one at a time (each sees its own count before anyone else writes)', async () => {
    const seen = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        worker.db.drizzle.transaction(async (tx) => {
          const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM wk_spec.owners`);
          await tx.insert(owners).values({ id: U(100 + i), name: `p${i}`, active: true });
          const [{ m }] = await queryRows<{ m: number }>(tx, sql`SELECT count(*)::int AS m FROM wk_spec.owners`);
          return m - n;
        }),
      ),
    );
    assert.deepEqual(seen, Array(50).fill(1));
    assert.equal((await worker.db.drizzle.select().from(owners)).length, 52);
  });

  it('tenant transactions: the setup rides with the first statement, each of 20 at once sees its own client and role', async () => {
    await worker.db.migrate([]); // the tenant signing key
    const seen = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        worker.db.inTenant({ clientId: U(500 + i), userId: U(900 + i) }, async (tx) => {
          const r = (await tx.execute(
            sql`SELECT current_setting('app.client_id') AS c, current_setting('app.user_id') AS u, current_user AS r`,
          )) as unknown as {
            rows: { c: string; u: string; r: string }[];
          };
          return r.rows[0];
        }),
      ),
    );
    assert.deepEqual(
      here(seen),
      Array.from({ length: 20 }, (_, i) => ({ c: U(500 + i), u: U(900 + i), r: 'intranet_app' })),
    );
    // A transaction without statements ends without running its setup; the next one still gets its own.
    assert.equal(await worker.db.inTenant({ clientId: U(1), userId: U(2) }, async () => 'nothing'), 'nothing');
    const sys = await worker.db.asSystem('spec', (tx) => queryRows<{ r: string }>(tx, sql`SELECT current_user AS r`));
    assert.equal(sys[0]!.r, 'intranet_system');
  });

  it('what was committed is there after closing and opening the folder again (on the main thread)', async () => {
    await worker.db.close();
    const again = await openDatabase({ dataDir: worker.dir, worker: false });
    dbs.push(again);
    assert.equal((await again.drizzle.select().from(owners)).length, 52);
    assert.equal((await again.drizzle.select().from(items)).length, 3);
  });
});
