/**
 * One PGlite session as the embedded database runs it, whichever thread it is on: the worker thread of `npm start`
 * (`pglite-worker.ts`, issue 19) and the main-thread PGlite that specs give openDatabase (`LocalPglite` in
 * `pglite-client.ts`), so both run statements the same way (named statements for repeated texts, one parsers object
 * per set of text types, transactions held open by number). Plain erasable TypeScript: the worker thread loads it
 * with Node's own type stripping.
 *
 * Requests, each answered with a result or an error (`errorOf`):
 * - `{ op: 'query', tx?, sql, params, rowMode?, paramTypes?, raw? }` → `{ rows, fields, affectedRows }`; columns
 *   of the types in `raw` come back as PostgreSQL's text (the client applies its own parsers to them);
 * - `{ op: 'exec', tx?, sql, rowMode?, raw? }` → the results of each statement;
 * - `begin: true` on a query or exec opens a transaction and runs the statement in it (one message fewer than a
 *   separate BEGIN): the answer is `{ tx, result }`, and an error carries `tx` too (the transaction stays open, as
 *   after any failed statement); its further statements carry `tx`; `{ op: 'end', tx, commit }` commits (or rolls
 *   back) it; meanwhile statements without `tx` wait, as on one PGlite session;
 * - `pre` (SQL without parameters) on a statement in a transaction runs first, in the same transaction: the
 *   transaction's setup (its role and tenant settings) then rides with its first real statement;
 * - `{ op: 'close' }` closes PGlite (its shutdown checkpoint).
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

export interface SessionRequest {
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

/** A PostgreSQL error's own scalar fields (code, detail, constraint...), which structured clone would drop. */
export function errorOf(err: unknown): Record<string, unknown> {
  const e = err as Record<string, unknown> & { message?: string; name?: string };
  const out: Record<string, unknown> = { message: String(e?.message ?? err), name: e?.name ?? 'Error' };
  for (const [k, v] of Object.entries(e ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** Sessions made in this thread (statement names carry the number). */
let sessions = 0;

/**
 * The session over `db`: `handle(request)` runs one request (see above). Output: its result; errors: the
 * statement's (a failed statement that opened a transaction rejects with `{ ...errorOf(err), tx }`).
 */
export function pgliteSession(db: PGlite): { handle(m: SessionRequest): Promise<unknown> } {
  // Statement names unique per process: two sessions on one PGlite must not parse the same name.
  const session = ++sessions;
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

  function optionsOf(m: SessionRequest): QueryOptions {
    const parsers = m.raw?.length ? Object.fromEntries(m.raw.map((oid) => [oid, identity])) : undefined;
    return { rowMode: m.rowMode, paramTypes: m.paramTypes, parsers };
  }

  /**
   * PGlite's parsers with the types in `raw` returned as text, made once per set of types. PGlite's own `query()`
   * spreads its ≈ 320 parsers into a new object on every call that passes parsers (≈ 0.15–0.2 ms a statement, as
   * much as a primary-key read; every Drizzle query passes its date and interval types): the statements here pass the
   * merged object instead (extendedQuery).
   */
  type Parsers = PGlite['parsers'];
  const parsersByRaw = new Map<string, Parsers>();
  function parsersOf(m: SessionRequest): Parsers {
    if (!m.raw?.length) return db.parsers;
    const key = m.raw.join(',');
    let parsers = parsersByRaw.get(key);
    if (!parsers) parsersByRaw.set(key, (parsers = { ...db.parsers, ...Object.fromEntries(m.raw.map((oid) => [oid, identity])) }));
    return parsers;
  }

  /** What crosses the thread: the result without PGlite's extras (a written blob is never used here). */
  const plain = (r: Results) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

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
   * times with bind parameters gets a name (at most `MAX_NAMES`); later calls bind and execute it (no parse or describe,
   * and the plan kept). Texts that read `*` stay unnamed, as in auto-prepare.ts: a migration adding a column
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
  /** Protocol messages as one buffer: PGlite runs them all in one call (one pass into WebAssembly instead of one each). */
  const join = (...messages: Uint8Array[]) => {
    const out = new Uint8Array(messages.reduce((n, x) => n + x.length, 0));
    let at = 0;
    for (const x of messages) out.set(x, (at += x.length) - x.length);
    return out;
  };

  /** The name `m`'s text runs under, or undefined while it stays unnamed (see NAME_AFTER). */
  function nameable(m: SessionRequest): string | undefined {
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
   * PGlite's extended query (parse, describe, bind, describe, execute, sync: its `#runQuery`), on a named statement
   * when `key` names one (nameable: parsed and described once, then bound and executed), else on the unnamed one;
   * in two calls into PGlite (parse and describe; bind to sync), one once named, not one per message.
   * Outside a transaction the file system is synced after it, inside one (`inTx`) at the transaction's end, as PGlite
   * does. Rows are parsed with parsersOf(m). Output: PGlite's `Results`; errors: the statement's, as `query()` raises
   * them.
   */
  async function extendedQuery(key: string | undefined, m: SessionRequest, inTx: boolean): Promise<Results> {
    return db._runExclusiveQuery(async () => {
      const out = [];
      // Whether a Sync went with the messages sent: PostgreSQL skips what follows a failed message up to the Sync.
      let synced = false;
      try {
        let st = key === undefined ? undefined : names.get(key);
        if (!st) {
          // A name of its own per attempt: a statement parsed by a failed attempt would refuse a second Parse of its name.
          const name = key === undefined ? '' : `w${session}_${++nameSeq}`;
          const described = await step(join(serialize.parse({ name, text: m.sql!, types: m.paramTypes }), serialize.describe({ type: 'S', name })));
          st = { name, types: parse.parseDescribeStatementResults(described) };
          if (key !== undefined) names.set(key, st);
        }
        const types = st.types;
        const values = (m.params ?? []).map((v, i) => (v == null ? null : (db.serializers[types[i]!]?.(v) ?? String(v))));
        const run = join(serialize.bind({ statement: st.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
        // PGlite runs every message of one call before it reports an error: the Sync has run even when this throws.
        synced = true;
        out.push(...(await step(run)));
      } finally {
        if (!synced) await step(serialize.sync());
      }
      if (!inTx) await db.syncToFs();
      return parse.parseResults(out, parsersOf(m), { rowMode: m.rowMode })[0]!;
    });
  }

  async function statement(m: SessionRequest): Promise<unknown> {
    let target: PGlite | Transaction = db;
    if (m.tx !== undefined) {
      const t = open.get(m.tx);
      if (!t) throw new Error('Transaction is closed');
      target = t.tx;
      if (m.pre) await t.tx.exec(m.pre);
    }
    if (m.op === 'query') {
      const key = nameable(m);
      return plain(m.tx !== undefined ? await extendedQuery(key, m, true) : await db._runExclusiveTransaction(() => extendedQuery(key, m, false)));
    }
    return (await target.exec(m.sql!, optionsOf(m))).map(plain);
  }

  async function handle(m: SessionRequest): Promise<unknown> {
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

  return { handle };
}
