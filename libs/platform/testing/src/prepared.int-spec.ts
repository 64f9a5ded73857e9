import { preparedQuery, type Database } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { asc, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import assert from 'node:assert/strict';
import { testDatabase, type TestDatabase } from './index.ts';

// A throw-away schema shaped like a feed: a table, a left-joined table (rows may be missing), SQL fields.
const s = pgSchema('prep_spec');
const items = s.table('items', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id'),
  title: text('title').notNull(),
  tags: text('tags').array().notNull(),
  count: integer('count').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
const owners = s.table('owners', {
  id: uuid('id').primaryKey(),
  name: text('name'),
  active: boolean('active').notNull(),
});

const U = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('preparedQuery (platform-db): the compiled row mapper gives what Drizzle maps', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase([]);
    // The spec's own schema, made by the administrator, without row-level security, open to the runtime role.
    await db.adminExec(`
      CREATE SCHEMA prep_spec;
      CREATE TABLE prep_spec.owners (id uuid PRIMARY KEY, name text, active boolean NOT NULL);
      CREATE TABLE prep_spec.items (id uuid PRIMARY KEY, owner_id uuid, title text NOT NULL, tags text[] NOT NULL, count integer NOT NULL, at timestamptz NOT NULL);
      GRANT USAGE ON SCHEMA prep_spec TO intranet_app;
      GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA prep_spec TO intranet_app;`);
    await db.drizzle.transaction(async (tx) => {
      await tx.insert(owners).values([
        { id: U(1), name: 'Ann', active: true },
        { id: U(2), name: null, active: false },
      ]);
      await tx.insert(items).values([
        { id: U(11), ownerId: U(1), title: 'with owner', tags: ['a', 'b'], count: 3, at: new Date('2026-11-24T10:00:00.123Z') },
        { id: U(12), ownerId: U(2), title: 'owner without name', tags: [], count: 0, at: new Date('2026-11-23T09:00:00Z') },
        { id: U(13), ownerId: null, title: 'no owner row', tags: ['c'], count: -1, at: new Date('2025-01-01T00:00:00Z') },
      ]);
    });
  });
  afterAll(() => db?.close());

  const select = (tx: Parameters<Parameters<Database['drizzle']['transaction']>[0]>[0]) =>
    tx
      .select({
        item: items,
        owner: { id: owners.id, name: owners.name, active: owners.active },
        label: sql<string>`upper(${items.title})`,
        later: sql<boolean>`${items.at} > '2026-01-01'::timestamptz`,
      })
      .from(items)
      .leftJoin(owners, eq(owners.id, items.ownerId))
      .orderBy(asc(items.id));

  it('nested objects, decoded values, a missing joined row as null, SQL fields: the same rows as a plain select', async () => {
    const prepared = preparedQuery<Record<string, never>, unknown[]>('prep_spec_rows', (tx) => select(tx));
    const [plain, first, again] = await db.drizzle.transaction(async (tx) => [
      await select(tx),
      await prepared.execute(tx, {}),
      await prepared.execute(tx, {}),
    ]);
    assert.equal(plain.length, 3);
    assert.deepEqual(first, plain);
    assert.deepEqual(again, plain);
    // What the mapper must get right, spelled out.
    const rows = first as typeof plain;
    assert.ok(rows[0].item.at instanceof Date);
    assert.equal(rows[0].item.at.toISOString(), '2026-11-24T10:00:00.123Z');
    assert.deepEqual(rows[0].item.tags, ['a', 'b']);
    assert.deepEqual(rows[1].owner, { id: U(2), name: null, active: false });
    assert.equal(rows[2].owner, null);
    assert.equal(rows[2].label, 'NO OWNER ROW');
    assert.equal(rows[2].later, false);
  });
});
