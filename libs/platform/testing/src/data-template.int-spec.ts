import { ensureMigratedTemplate, openDatabase, queryRows, seedFromTemplate, type Database } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 39 §2: a first start of the embedded portal copies a migrated data template (made when the server bundle is
// built) instead of running every migration; each data folder made from it must still get a signing key of its own.
const root = mkdtempSync(join(tmpdir(), 'data-template-'));
const cache = join(root, 'cache');
const folder = join(root, 'migrations');
const set = { schema: 'dtpl_spec', folder };
mkdirSync(join(folder, 'meta'), { recursive: true });
writeFileSync(
  join(folder, 'meta/_journal.json'),
  JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1_800_000_000_000, tag: '0000_a', breakpoints: true }] }),
);
writeFileSync(join(folder, '0000_a.sql'), 'CREATE SCHEMA IF NOT EXISTS dtpl_spec;\n--> statement-breakpoint\nCREATE TABLE dtpl_spec.t (id int PRIMARY KEY);');

const opened: Database[] = [];
/** Opens a data folder as the portal does (it is already seeded, so openDatabase copies nothing) and migrates it. */
async function start(dataDir: string): Promise<{ key: string; tables: number }> {
  const db = await openDatabase({ dataDir });
  opened.push(db);
  await db.migrate([set]);
  const [{ key }] = await queryRows<{ key: string }>(db.drizzle, sql`SELECT key FROM intranet_private.tenant_key`);
  const [{ n }] = await queryRows<{ n: number }>(db.drizzle, sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'dtpl_spec'`);
  return { key, tables: n };
}

let made: { dir: string; made: boolean };
beforeAll(async () => {
  made = await ensureMigratedTemplate(async () => [set], cache);
});
afterAll(async () => {
  for (const db of opened) await db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the migrated data template', () => {
  it('is made once per set of migration files, without a signing key', async () => {
    assert.equal(made.made, true);
    assert.equal(existsSync(join(made.dir, 'PG_VERSION')), true);
    assert.deepEqual((await ensureMigratedTemplate(async () => assert.fail('the sets are not loaded again'), cache)).made, false);
    // Only the template is left in the cache (no temporary folder).
    assert.equal(readdirSync(cache).join(' '), made.dir.split('/').pop());
  });

  it('seeds an empty folder, which starts migrated and with a signing key of its own', async () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    assert.equal(await seedFromTemplate(a, undefined, true, cache), 'migrated');
    assert.equal(await seedFromTemplate(b, undefined, true, cache), 'migrated');
    const first = await start(a);
    const second = await start(b);
    assert.equal(first.tables, 1);
    assert.match(first.key, /^[0-9a-f]{64}$/);
    assert.match(second.key, /^[0-9a-f]{64}$/);
    assert.notEqual(first.key, second.key);
  });

  it('leaves a folder that holds anything alone, and gives the initdb template when asked for it', async () => {
    const used = join(root, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'note'), 'x');
    assert.equal(await seedFromTemplate(used, undefined, true, cache), false);
    assert.equal(await seedFromTemplate(join(root, 'plain'), undefined, false, cache), 'initdb');
    assert.equal((await start(join(root, 'plain'))).tables, 1);
  });
});
