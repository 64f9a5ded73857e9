import { StatementNames, queryRows, sql, type Database } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { testDatabase, type TestDatabase } from './index.ts';

describe('automatic prepared statements (platform-db, issue 19)', () => {
  it('names a text from its third use on, the same name every time, and never a text that reads *', () => {
    const names = new StatementNames(3, 10);
    const text = 'select "id" from "people"."users" where "id" = $1';
    assert.equal(names.nameOf(text), undefined);
    assert.equal(names.nameOf(text), undefined);
    const name = names.nameOf(text);
    assert.match(name ?? '', /^ap_[\w-]{20}$/);
    assert.equal(names.nameOf(text), name);
    assert.notEqual(names.nameOf('select 1 where $1'), name);
    for (const star of [
      'select * from t where id = $1',
      'delete from t where id = $1 returning *',
      'select t.* from t where id = $1',
      'select "a", "t".* from t where id = $1',
    ]) {
      for (let i = 0; i < 5; i++) assert.equal(names.nameOf(star), undefined, star);
    }
    // count(*) reads no column list: it may be named.
    for (let i = 0; i < 2; i++) names.nameOf('select count(*) from t where a = $1');
    assert.ok(names.nameOf('select count(*) from t where a = $1'));
  });

  it('names at most `max` texts', () => {
    const names = new StatementNames(1, 2);
    assert.ok(names.nameOf('select $1::int'));
    assert.ok(names.nameOf('select $1::text'));
    assert.equal(names.nameOf('select $1::uuid'), undefined);
    assert.equal(names.size, 2);
    assert.ok(names.nameOf('select $1::int'), 'a named text keeps its name');
  });

  describe('on the database', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await testDatabase([]);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('runs a hot statement as a prepared one on PostgreSQL, with each call its own values', async () => {
      const ctx = { clientId: null, userId: null };
      const out = await (db as Database).inTenant(ctx, async (tx) => {
        const values: number[] = [];
        for (let i = 0; i < 6; i++) {
          const [r] = await queryRows<{ v: number }>(tx, sql`select ${i}::int * 2 + 1 as v`);
          values.push(Number(r!.v));
        }
        const prepared =
          db.kind === 'postgres'
            ? await queryRows<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements where name like 'ap_%'`)
            : undefined;
        return { values, prepared };
      });
      assert.deepEqual(out.values, [1, 3, 5, 7, 9, 11]);
      if (db.kind === 'postgres') {
        assert.ok(
          out.prepared?.some((p) => p.statement.includes('::int * 2 + 1')),
          `expected the statement among ${JSON.stringify(out.prepared)}`,
        );
      }
    });
  });
});
