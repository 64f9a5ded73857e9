import { InProcessBus, NatsBus, type Bus } from '@intranet/platform-bus';
import { openDatabase, pgliteExtensions, type Database, type MigrationSet } from '@intranet/platform-db';
import { randomBytes } from 'node:crypto';

/**
 * Test ports (DESIGN §9): the real PostgreSQL and NATS when DATABASE_URL / NATS_URL are set, else PGlite and
 * the in-process bus. Each call gives an isolated database (a fresh PostgreSQL database, or a clone of a migrated
 * PGlite template) and an isolated bus (a random subject prefix and its own JetStream stream).
 */
export const testMode = {
  postgres: !!process.env.DATABASE_URL,
  nats: !!process.env.NATS_URL,
};

const rand = () => randomBytes(5).toString('hex');

let template: Promise<import('@electric-sql/pglite').PGlite> | undefined;
let templateSets = '';

/** An isolated, migrated database; `close()` drops it (PostgreSQL) or closes the clone (PGlite). */
export async function testDatabase(sets: MigrationSet[]): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = (await import('pg')).default;
    const name = `it_${rand()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openDatabase({ url: u.toString(), poolSize: 4 });
    await db.migrate(sets);
    const close = db.close;
    return {
      ...db,
      async close() {
        await close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const key = sets.map((s) => s.folder).join('|');
  if (!template || templateSets !== key) {
    templateSets = key;
    template = (async () => {
      const pgl = await PGlite.create({ extensions: await pgliteExtensions() });
      const db = await openDatabase({ pglite: pgl });
      await db.migrate(sets);
      return pgl;
    })();
    const t = template;
    // The template is closed with the process: an open PGlite would keep Node alive.
    process.once('beforeExit', () => void t.then((p) => p.close()).catch(() => undefined));
  }
  const clone = (await (await template).clone()) as import("@electric-sql/pglite").PGlite;
  return openDatabase({ pglite: clone });
}

/** An isolated bus: NATS with a random prefix (ephemeral stream) or a new in-process bus. */
export function testBus(queue?: string): Bus {
  const url = process.env.NATS_URL;
  if (url) return new NatsBus({ servers: url, queue, prefix: `t${rand()}`, ephemeral: true });
  return new InProcessBus();
}

/** Waits until `fn` returns truthy (events, mail files); throws after `timeoutMs`. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
