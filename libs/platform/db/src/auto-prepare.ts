import { createHash } from 'node:crypto';

/**
 * Server-side prepared statements for the statements a process runs often (issue 19). PostgreSQL parses and plans
 * every unnamed statement anew; under row-level security the planning of a one-row lookup cost more than running it
 * (pg_stat_statements in the 1,000-user mixed bench: 0.29 ms planning against 0.11 ms execution for a post's parent;
 * about a third of the database's statement time was planning). A statement text seen `threshold` times in this
 * process gets a name derived from its text, so node-postgres parses it once per connection and PostgreSQL keeps its
 * plan (generic once it is no dearer than the custom ones: plan_cache_mode auto). The same policy as pgJDBC's
 * `prepareThreshold` (5) and Npgsql's automatic preparation.
 *
 * Bounded: at most `max` names per process (each costs a plan per connection on the server), and the use counts are
 * forgotten past 10,000 distinct texts (statements built with literals never reach the threshold). Texts that read
 * `*` are left unnamed: a column added by a migration would change their result and fail the cached plan.
 */
export class StatementNames {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly threshold = 3,
    private readonly max = 500,
  ) {}

  /** The name to run `text` under, or undefined while it is not (or cannot be) prepared. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.max) return undefined;
    const n = (this.counts.get(text) ?? 0) + 1;
    if (n < this.threshold) {
      if (this.counts.size >= 10_000) this.counts.clear();
      this.counts.set(text, n);
      return undefined;
    }
    this.counts.delete(text);
    if (STAR.test(text)) return undefined;
    // 120 bits of SHA-1: a clash of two texts (node-postgres would refuse the second) is not a practical concern.
    const name = `ap_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }

  /** How many statement texts have a name (for the spec and metrics). */
  get size(): number {
    return this.names.size;
  }
}

// `select *`, `select t.*`, `, "t".*`, `returning *`; not count(*) nor a product.
const STAR = /(\bselect|\breturning|,)\s*("?\w+"?\.)?\*/i;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * Makes `client.query` name the statements `names` chooses. Only parameterised, single-statement calls with a query
 * config (what Drizzle sends) are touched; a config already named (Drizzle's `.prepare(name)`) is left alone.
 * Input: a node-postgres client (a pool's, on its 'connect' event).
 */
export function autoPrepare(client: { query: (...args: unknown[]) => unknown }, names: StatementNames): void {
  const query = client.query.bind(client);
  client.query = (config: unknown, values?: unknown, cb?: unknown) => {
    // A Submittable (pg-cursor, pg-query-stream) is left alone: a copy would lose its methods.
    if (config && typeof config === 'object' && !(config as QueryConfigLike).name && typeof (config as { submit?: unknown }).submit !== 'function') {
      const c = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : c.values;
      if (typeof c.text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = names.nameOf(c.text);
        // A copy: Drizzle keeps its config object for the next call.
        if (name) config = { ...c, name };
      }
    }
    return cb === undefined ? (values === undefined ? query(config) : query(config, values)) : query(config, values, cb);
  };
}
