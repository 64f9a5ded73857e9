import pg from 'pg';

/**
 * A transaction's opening (`BEGIN` and the tenant settings) sent with its first statement, in one write and one
 * round trip (issue 39 §1). Every request's transaction opened with a round trip of its own (`BEGIN; SELECT
 * set_config(...)`) before its first statement: a third of a one-statement read's round trips, and each is a socket
 * write in the service and a message cycle in PostgreSQL (the 500-user mixed bench: socket writes 25–30 % of
 * people- and social-service's CPU, almost all of them node-postgres').
 *
 * The first statement of the transaction goes out as the extended protocol's Parse/Bind/Execute of `BEGIN`, of the
 * setup `SELECT`, then the statement's own messages and one Sync: PostgreSQL runs them in order, and the `BEGIN`
 * turns the implicit block into the transaction the later statements run in. The opening's own answers (two
 * CommandCompletes and the setup's row) are kept from the statement's result. An error in any of them fails the
 * statement; the transaction is then aborted, as before, and rolled back by the caller.
 *
 * A first statement that cannot carry it (no parameters and no name: node-postgres would send it as a simple query,
 * which may hold several statements; or a Submittable such as a cursor) is preceded by the opening as its own simple
 * query, as before.
 */
const pending = new WeakMap<object, string>();

interface Connection {
  parse(m: { text: string; name?: string }): void;
  bind(m: object): void;
  execute(m: object): void;
  on(event: 'parseComplete', fn: () => void): void;
  off(event: 'parseComplete', fn: () => void): void;
  /** node-postgres' record of the named statements this connection has parsed. */
  parsedStatements: Record<string, string>;
}

type QueryFn = (...args: unknown[]) => unknown;

/** Makes `client.query` send a pending opening (openWith) with the client's next statement. Install once per client. */
export function pipelineOpening(client: { query: QueryFn }): void {
  const query = client.query.bind(client) as QueryFn;
  client.query = (config: unknown, values?: unknown, cb?: unknown) => {
    const opening = pending.get(client);
    if (opening === undefined) return query(config, values, cb);
    pending.delete(client);
    const plain = config && typeof config === 'object' && typeof (config as { submit?: unknown }).submit !== 'function';
    if (plain && cb === undefined && typeof values !== 'function') {
      const q = new pg.Query(config as pg.QueryConfig, values as unknown[] | undefined);
      // node-postgres' own test for the extended protocol (parameters, a name, a row count), not in its types.
      if ((q as unknown as { requiresPreparation(): boolean }).requiresPreparation()) return submitWith(query, q, opening);
    }
    // Queued before the statement: node-postgres runs a client's queries in order. Its failure fails the statement
    // after it (the transaction is aborted), so it is not reported twice.
    (query(`BEGIN; ${opening}`) as Promise<unknown>).catch(() => undefined);
    return query(config, values, cb);
  };
}

/** Sends `BEGIN` and `opening` (one `SELECT`) with `client`'s next statement (see pipelineOpening). */
export function openWith(client: object, opening: string): void {
  pending.set(client, opening);
}

/** Whether the opening of openWith has gone out (false: no statement ran, so there is no transaction to end). */
export function opened(client: object): boolean {
  return !pending.has(client);
}

/** Forgets an opening that never went out (the connection goes back to the pool). */
export function forgetOpening(client: object): void {
  pending.delete(client);
}

function submitWith(query: QueryFn, q: pg.Query, opening: string): Promise<unknown> {
  const internals = q as unknown as {
    name?: string;
    prepare(c: Connection): void;
    handleCommandComplete(msg: unknown, c: unknown): void;
    handleDataRow(msg: unknown): void;
    callback?: (err: Error | null, res?: unknown) => void;
  };
  // BEGIN's and the setup's CommandComplete; the setup's one row comes before its CommandComplete.
  let skip = 2;
  // node-postgres marks a named statement parsed on any ParseComplete while it is the active query, so the opening's
  // two would mark it before its own Parse is answered; if that Parse then fails, the mark is taken back.
  let settle: ((failed: boolean) => void) | undefined;
  const prepare = internals.prepare;
  internals.prepare = function (this: unknown, c: Connection) {
    const name = internals.name;
    if (name && c.parsedStatements[name] === undefined) {
      let parsed = 0;
      const count = () => void parsed++;
      c.on('parseComplete', count);
      settle = (failed) => {
        c.off('parseComplete', count);
        if (failed && parsed < 3) delete c.parsedStatements[name];
      };
    }
    c.parse({ text: 'BEGIN' });
    c.bind({});
    c.execute({});
    c.parse({ text: opening });
    c.bind({});
    c.execute({});
    prepare.call(this, c);
  };
  const complete = internals.handleCommandComplete;
  internals.handleCommandComplete = function (this: unknown, msg, c) {
    if (skip > 0) skip--;
    else complete.call(this, msg, c);
  };
  const row = internals.handleDataRow;
  internals.handleDataRow = function (this: unknown, msg) {
    if (skip === 0) row.call(this, msg);
  };
  const result = new Promise<unknown>((resolve, reject) => {
    internals.callback = (err, res) => {
      settle?.(Boolean(err));
      if (err) reject(err);
      else resolve(res);
    };
  });
  query(q);
  return result;
}
