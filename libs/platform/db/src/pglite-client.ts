import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import { errorOf, pgliteSession, type SessionRequest } from './pglite-session.ts';

/** What the database layer and Drizzle's PGlite driver use of a PGlite: queries, exec, transactions, close. */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/**
 * PGlite's interface, as far as the database layer and Drizzle use it, over one session of `pglite-session.ts`
 * reached by `call` (a worker thread's messages, or a direct call). A transaction is opened in the session and its
 * statements name it, so PGlite's own locks keep the single session's order (statements outside it wait). Parsers
 * given in the options run here, on PostgreSQL's text (functions cannot cross threads); serializers are not supported
 * (Drizzle passes none). Errors come back with PostgreSQL's fields (code, detail, constraint...).
 */
abstract class SessionPglite implements PgliteLike {
  protected isClosed = false;

  protected abstract call<T>(req: SessionRequest): Promise<T>;

  get closed(): boolean {
    return this.isClosed;
  }

  private async run<T>(tx: Tx | undefined, sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const req: SessionRequest = { op: 'query', sql, params, ...wire(options) };
    return parse(await (tx ? tx.statement<Results<T>>(req) : this.call<Results<T>>(req)), options);
  }

  private async runExec(tx: Tx | undefined, sql: string, options: QueryOptions | undefined): Promise<Results[]> {
    const req: SessionRequest = { op: 'exec', sql, ...wire(options) };
    const rs = await (tx ? tx.statement<Results[]>(req) : this.call<Results[]>(req));
    return rs.map((r) => parse(r, options));
  }

  /** PGlite's query: one statement with `$n` parameters. */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(undefined, sql, params, options);
  }

  /** PGlite's exec: statements without parameters; the results of each. */
  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(undefined, sql, options);
  }

  /**
   * PGlite's transaction: BEGIN, `fn`, then COMMIT; ROLLBACK when `fn` throws (the error is rethrown) or calls
   * `tx.rollback()`. Errors: COMMIT's (e.g. an aborted transaction).
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const t = new Tx(this.call.bind(this));
    const tx: Transaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.run<R>(t, sql, params, options),
      sql: () => Promise.reject(new Error('tx.sql is not supported on the session client')),
      exec: (sql: string, options?: QueryOptions) => this.runExec(t, sql, options),
      rollback: () => t.end(false),
      defer: (sql: string) => t.defer(sql),
      listen: () => Promise.reject(new Error('LISTEN is not supported on the session client')),
      get closed() {
        return t.ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await t.end(false).catch(() => undefined);
      throw err;
    }
    await t.end(true);
    return result;
  }

  abstract close(): Promise<void>;
}

/**
 * A PGlite on this thread behind the same session as the worker's (`pglite-session.ts`): what specs give
 * openDatabase (`pglite`), so they run statements as `npm start` does (named statements, one parsers object per set
 * of text types: PGlite's own `query()` copies its ≈ 320 parsers on every call Drizzle makes, ≈ 0.15–0.2 ms).
 * Errors are rebuilt as the worker client's are. Closing it closes the PGlite.
 */
export class LocalPglite extends SessionPglite {
  private readonly session: ReturnType<typeof pgliteSession>;

  constructor(private readonly db: PGlite) {
    super();
    this.session = pgliteSession(db);
  }

  protected call<T>(req: SessionRequest): Promise<T> {
    return this.session.handle(req).then(
      (r) => r as T,
      (err: unknown) => Promise.reject(toError(errorOf(err))),
    );
  }

  /** Closes the PGlite (its shutdown checkpoint). Idempotent. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (!this.db.closed) await this.db.close();
  }
}

/**
 * A PGlite running in a worker thread (`pglite-worker.ts`, issue 19): each query or exec is one message each way.
 * A worker that dies rejects every pending and later call.
 */
export class WorkerPglite extends SessionPglite {
  private readonly thread: Worker;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private failed: Error | undefined;

  private constructor(thread: Worker) {
    super();
    this.thread = thread;
    thread.on('message', (m: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(toError(m.error));
      else p.resolve(m.result);
    });
    const fail = (err: Error) => {
      this.failed ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    thread.on('error', (err) => fail(new Error(`the embedded database's worker failed: ${err.message}`)));
    thread.on('exit', () => fail(new Error("the embedded database's worker has stopped")));
  }

  /**
   * Starts PGlite in `dataDir` in a new worker thread. Output: the client once PGlite is open. Errors: PGlite's
   * start-up error (e.g. a data folder of another version).
   */
  static async open(dataDir: string, startParams: string[]): Promise<WorkerPglite> {
    const thread = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir, startParams } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m?.ready) return;
        cleanup();
        resolve();
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`the embedded database's worker exited with code ${code} while starting`));
      };
      const cleanup = () => {
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
      };
      thread.on('message', onMessage);
      thread.once('error', onError);
      thread.once('exit', onExit);
    });
    return new WorkerPglite(thread);
  }

  protected call<T>(req: SessionRequest): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.thread.postMessage({ ...req, id });
    });
  }

  /** Closes PGlite in the worker (its shutdown checkpoint), then ends the thread. Idempotent. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (!this.failed) await this.call({ op: 'close' }).catch(() => undefined);
    await this.thread.terminate();
  }
}

type Call = <R>(req: SessionRequest) => Promise<R>;

/**
 * One transaction of a session client, opened lazily: its first statement carries `begin` (BEGIN and the statement in
 * one message); statements issued while that one is under way wait for it, then name the transaction.
 */
class Tx {
  private id: number | undefined;
  private opening: Promise<unknown> | undefined;
  private pre: string | undefined;
  ended = false;

  constructor(private readonly call: Call) {}

  /**
   * Queues SQL without parameters (a transaction's setup, whose result nobody reads) to run in the worker just before
   * this transaction's next statement, in the same message: one round trip fewer per transaction. Dropped when no
   * statement follows. Its errors surface on that next statement.
   */
  defer(sql: string): void {
    if (this.ended) throw new Error('Transaction is closed');
    this.pre = this.pre ? `${this.pre};\n${sql}` : sql;
  }

  /** Runs one statement in this transaction (opening it first if needed). Errors: the statement's; 'Transaction is closed'. */
  async statement<R>(statement: SessionRequest): Promise<R> {
    if (this.ended) throw new Error('Transaction is closed');
    const req = this.pre === undefined ? statement : { ...statement, pre: this.pre };
    this.pre = undefined;
    if (this.id === undefined && !this.opening) {
      const opening = this.call<{ tx: number; result: R }>({ ...req, begin: true });
      this.opening = opening.catch(() => undefined);
      try {
        const r = await opening;
        this.id = r.tx;
        return r.result;
      } catch (err) {
        // The statement failed but BEGIN ran: the transaction is open (and aborted) until end().
        const tx = (err as { tx?: unknown }).tx;
        if (typeof tx === 'number') this.id = tx;
        throw err;
      }
    }
    if (this.id === undefined) await this.opening;
    if (this.id === undefined) throw new Error('Transaction is closed');
    return this.call<R>({ ...req, tx: this.id });
  }

  /** Commits (or rolls back) the transaction; nothing to do when no statement ran. Idempotent. Errors: COMMIT's. */
  async end(commit: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.id === undefined) await this.opening;
    if (this.id === undefined) return;
    await this.call({ op: 'end', tx: this.id, commit });
  }
}

/** The options that cross the thread: the row mode, parameter types and which types to return as text. */
function wire(options: QueryOptions | undefined): Pick<SessionRequest, 'rowMode' | 'paramTypes' | 'raw'> {
  if (options?.serializers) throw new Error('serializers are not supported on the worker client');
  const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  return { rowMode: options?.rowMode, paramTypes: options?.paramTypes, raw };
}

/** Applies the caller's parsers to the columns the worker returned as text. */
function parse<T>(r: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || !r.rows.length) return r;
  const cols = r.fields.map((f, i) => ({ i, name: f.name, parse: parsers[f.dataTypeID], type: f.dataTypeID })).filter((c) => c.parse);
  if (!cols.length) return r;
  const arrays = options?.rowMode === 'array';
  for (const row of r.rows as unknown as Record<string | number, unknown>[]) {
    for (const c of cols) {
      const key = arrays ? c.i : c.name;
      const v = row[key];
      if (v !== null && v !== undefined) row[key] = (c.parse as (text: string, typeId: number) => unknown)(v as string, c.type);
    }
  }
  return r;
}

/** An Error carrying PostgreSQL's fields as PGlite's DatabaseError has them. */
function toError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'database error'));
  Object.assign(err, fields);
  return err;
}
