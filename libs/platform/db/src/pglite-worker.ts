/**
 * The embedded database's thread (issue 19: PGlite off the event loop). PGlite's WASM engine runs every query
 * synchronously; on the portal's main thread that was about half its CPU under load, stalling HTTP, sockets and
 * timers. Here one PGlite runs in a worker thread and answers whole queries, so a query costs one message each way
 * (PGlite's own PGliteWorker makes about ten round trips per query: the protocol steps, locks and blob hooks).
 * Plain erasable TypeScript: the worker thread loads it with Node's own type stripping. Client: `WorkerPglite` in
 * `pglite-client.ts`.
 *
 * Requests (`workerData`: `{ dataDir, startParams }`), each answered `{ id, result }` or `{ id, error }`:
 * - `{ id, op: 'query', tx?, sql, params, rowMode?, paramTypes?, raw? }` → `{ rows, fields, affectedRows }`; columns
 *   of the types in `raw` come back as PostgreSQL's text (the client applies its own parsers to them);
 * - `{ id, op: 'exec', tx?, sql, rowMode?, raw? }` → the results of each statement;
 * - `begin: true` on a query or exec opens a transaction and runs the statement in it (one message fewer than a
 *   separate BEGIN): the answer is `{ tx, result }`, and an error carries `tx` too (the transaction stays open, as
 *   after any failed statement); its further statements carry `tx`; `{ id, op: 'end', tx, commit }` commits (or rolls
 *   back) it; meanwhile statements without `tx` wait, as on one PGlite session;
 * - `pre` (SQL without parameters) on a statement in a transaction runs first, in the same transaction: the
 *   transaction's setup (its role and tenant settings) then rides with its first real statement;
 * - `{ id, op: 'close' }` closes PGlite (its shutdown checkpoint).
 */
import { parse, PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';

interface Request {
  id: number;
  op: 'query' | 'exec' | 'end' | 'close';
  tx?: number;
  begin?: boolean;
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
  raw?: number[];
  commit?: boolean;
  pre?: string;
}

const port = parentPort!;
const { dataDir, startParams } = workerData as { dataDir: string; startParams: string[] };
const db = await PGlite.create({ dataDir, startParams, extensions: { pg_trgm } });

/** A transaction opened by 'begin', held open until 'end' decides it. */
interface Open {
  tx: Transaction;
  decide: (commit: boolean) => void;
  done: Promise<unknown>;
}
const open = new Map<number, Open>();
let seq = 0;
/** Thrown inside a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');
const identity = (v: string) => v;

function optionsOf(m: Request): QueryOptions {
  const parsers = m.raw?.length ? Object.fromEntries(m.raw.map((oid) => [oid, identity])) : undefined;
  return { rowMode: m.rowMode, paramTypes: m.paramTypes, parsers };
}

/** What crosses the thread: the result without PGlite's extras (a written blob is never used here). */
const plain = (r: Results) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** A PostgreSQL error's own scalar fields (code, detail, constraint...), which structured clone would drop. */
function errorOf(err: unknown): Record<string, unknown> {
  const e = err as Record<string, unknown> & { message?: string; name?: string };
  const out: Record<string, unknown> = { message: String(e?.message ?? err), name: e?.name ?? 'Error' };
  for (const [k, v] of Object.entries(e ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** Opens a transaction held until 'end'; resolves with its number once BEGIN has run. Errors: BEGIN's. */
async function begin(): Promise<number> {
  const id = ++seq;
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((r) => (decide = r));
  let started!: () => void;
  const begun = new Promise<void>((r) => (started = r));
  const done = db.transaction(async (tx) => {
    open.set(id, { tx, decide, done });
    started();
    if (!(await decided)) throw ROLLBACK;
  });
  // BEGIN itself may fail: then `done` rejects first.
  await Promise.race([begun, done]);
  return id;
}

/**
 * Named server-side statements for the texts this session runs often. PGlite's `query()` sends an unnamed statement,
 * which PostgreSQL parses and plans on every call; under row-level security planning a one-row read cost about as
 * much as running it (tools/bench/README.md: 652–762 µs unnamed against 337 µs prepared). A text seen `NAME_AFTER`
 * times with bind parameters gets a name (at most `MAX_NAMES`); later calls bind and execute it (two protocol steps
 * fewer, and the plan kept). Texts that read `*` stay unnamed, as in auto-prepare.ts: a migration adding a column
 * would make a kept plan fail.
 */
const NAME_AFTER = 3;
const MAX_NAMES = 500;
const STAR = /(\bselect|\breturning|,)\s*("?\w+"?\.)?\*/i;
const seen = new Map<string, number>();
const names = new Map<string, { name: string; types: number[] }>();
let nameSeq = 0;
const { serialize } = protocol;
const step = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });

/** The name `m`'s text runs under, or undefined while it stays unnamed (see NAME_AFTER). */
function nameable(m: Request): string | undefined {
  if (m.op !== 'query' || !m.params?.length || names.size >= MAX_NAMES) return undefined;
  const key = `${m.paramTypes?.join(',') ?? ''}|${m.sql}`;
  if (names.has(key)) return key;
  const n = (seen.get(key) ?? 0) + 1;
  if (n < NAME_AFTER) {
    if (seen.size >= 10_000) seen.clear();
    seen.set(key, n);
    return undefined;
  }
  seen.delete(key);
  return STAR.test(m.sql!) ? undefined : key;
}

/**
 * PGlite's extended query (parse, describe, bind, describe, execute, sync: its `#runQuery`) on a named statement:
 * parsed and described once, then bound and executed. Outside a transaction the file system is synced after it, inside
 * one (`inTx`) at the transaction's end, as PGlite does. Output: PGlite's `Results`; errors: the statement's, as
 * `query()` raises them.
 */
async function namedQuery(key: string, m: Request, inTx: boolean): Promise<Results> {
  const options = optionsOf(m);
  return db._runExclusiveQuery(async () => {
    const out = [];
    try {
      let st = names.get(key);
      if (!st) {
        // A name of its own per attempt: a statement parsed by a failed attempt would refuse a second Parse of its name.
        const name = `w${++nameSeq}`;
        await step(serialize.parse({ name, text: m.sql!, types: m.paramTypes }));
        st = { name, types: parse.parseDescribeStatementResults(await step(serialize.describe({ type: 'S', name }))) };
        names.set(key, st);
      }
      const types = st.types;
      const values = m.params!.map((v, i) => (v == null ? null : (db.serializers[types[i]!]?.(v) ?? String(v))));
      out.push(...(await step(serialize.bind({ statement: st.name, values }))));
      out.push(...(await step(serialize.describe({ type: 'P' }))));
      out.push(...(await step(serialize.execute({}))));
    } finally {
      out.push(...(await step(serialize.sync())));
    }
    if (!inTx) await db.syncToFs();
    return parse.parseResults(out, db.parsers, options)[0]!;
  });
}

async function statement(m: Request): Promise<unknown> {
  let target: PGlite | Transaction = db;
  if (m.tx !== undefined) {
    const t = open.get(m.tx);
    if (!t) throw new Error('Transaction is closed');
    target = t.tx;
    if (m.pre) await t.tx.exec(m.pre);
  }
  const key = nameable(m);
  if (key) return plain(m.tx !== undefined ? await namedQuery(key, m, true) : await db._runExclusiveTransaction(() => namedQuery(key, m, false)));
  if (m.op === 'query') return plain(await target.query(m.sql!, m.params, optionsOf(m)));
  return (await target.exec(m.sql!, optionsOf(m))).map(plain);
}

async function handle(m: Request): Promise<unknown> {
  switch (m.op) {
    case 'query':
    case 'exec': {
      if (!m.begin) return statement(m);
      const tx = await begin();
      try {
        return { tx, result: await statement({ ...m, tx }) };
      } catch (err) {
        throw { ...errorOf(err), tx };
      }
    }
    case 'end': {
      const t = open.get(m.tx!);
      if (!t) throw new Error('Transaction is closed');
      open.delete(m.tx!);
      t.decide(!!m.commit);
      try {
        await t.done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return null;
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
  }
}

port.on('message', (m: Request) => {
  handle(m).then(
    (result) => port.postMessage({ id: m.id, result }),
    (err: unknown) => port.postMessage({ id: m.id, error: errorOf(err) }),
  );
});
port.postMessage({ ready: true });
