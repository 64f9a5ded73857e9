import { openDatabase, queryRows, type Database } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 39 §2: the migration step (ownership, drizzle's migrators, FORCE ROW LEVEL SECURITY, grants) runs again only
// when the step's own SQL or a set's journal changed since its last complete run on the database; an embedded
// restart and every spec portal's start used to pay it in full.
const folder = mkdtempSync(join(tmpdir(), 'migration-step-'));
const set = { schema: 'mstep_spec', folder };

/** Writes the set's journal and SQL files for the migrations `tags` (each creates a table with row-level security). */
function writeMigrations(tags: string[]): void {
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = tags.map((tag, idx) => ({ idx, version: '7', when: 1_800_000_000_000 + idx, tag, breakpoints: true }));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  for (const tag of tags) {
    writeFileSync(
      join(folder, `${tag}.sql`),
      `CREATE SCHEMA IF NOT EXISTS mstep_spec;\n--> statement-breakpoint\nCREATE TABLE mstep_spec.t_${tag} (id int PRIMARY KEY);\n--> statement-breakpoint\nALTER TABLE mstep_spec.t_${tag} ENABLE ROW LEVEL SECURITY;`,
    );
  }
}

let db: Database;
// PGlite's one session is the superuser's outside the runtime's transactions (the step's own table has no grants).
const forced = async (table: string) =>
  (await queryRows<{ f: boolean }>(db.drizzle, sql`SELECT relforcerowsecurity AS f FROM pg_class WHERE oid = ${`mstep_spec.${table}`}::regclass`))[0]?.f;
const recorded = async () =>
  Object.fromEntries(
    (await queryRows<{ schema: string; at: string }>(db.drizzle, sql`SELECT schema, recorded_at::text AS at FROM intranet_private.migration_step`)).map((r) => [
      r.schema,
      r.at,
    ]),
  );

beforeAll(async () => {
  writeMigrations(['0000_a']);
  db = await openDatabase({});
});
afterAll(async () => {
  await db?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the migration step runs again only when something it applies changed', () => {
  it('a first run applies the set, forces row-level security and records the step and the set', async () => {
    await db.migrate([set]);
    assert.equal(await forced('t_0000_a'), true);
    assert.deepEqual(Object.keys(await recorded()).sort(), ['', 'mstep_spec']);
  });

  it('the same sets again: nothing runs (a change made since is left as it is, the records keep their time)', async () => {
    const before = await recorded();
    await db.exec('ALTER TABLE mstep_spec.t_0000_a NO FORCE ROW LEVEL SECURITY');
    await db.migrate([set]);
    assert.equal(await forced('t_0000_a'), false);
    assert.deepEqual(await recorded(), before);
  });

  it('a new migration in the journal: the whole step runs (the new table, FORCE on every table again)', async () => {
    writeMigrations(['0000_a', '0001_b']);
    await db.migrate([set]);
    assert.equal(await forced('t_0001_b'), true);
    assert.equal(await forced('t_0000_a'), true);
  });
});
