import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { Tx } from './index.ts';

/** What Drizzle's `.prepare(name)` returns, as far as preparedQuery uses it. */
interface PreparedLike<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
  /** Drizzle's selected fields (path in the result object → column or SQL) and left-joined tables' nullability. */
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

type Decoder = { mapFromDriverValue(v: unknown): unknown };

/**
 * Drizzle's mapResultRow for one prepared select, with its per-column work done once: which decoder, which path,
 * which joined table (mapResultRow re-checks every column's class and walks its path on every row; ≈ 12 % of
 * social-service's CPU on the feed). Same result: nested objects by path, values decoded, a left-joined table whose
 * columns are all null becomes null. Input: the query's rows as arrays (Drizzle's array row mode).
 */
function compileRowMapper(fields: NonNullable<PreparedLike<unknown>['fields']>, joins: Record<string, boolean> | undefined) {
  const cols = fields.map(({ path, field }) => {
    const f = field as { decoder?: Decoder; table?: never; _?: { sql: { decoder: Decoder } }; sql?: { decoder: Decoder } };
    const decoder: Decoder = is(field, Column) ? (field as Decoder) : is(field, SQL) ? f.decoder! : is(field, Subquery) ? f._!.sql.decoder : f.sql!.decoder;
    return {
      parents: path.slice(0, -1),
      key: path[path.length - 1],
      decoder,
      // Only a column two levels deep (`author.firstName`) decides whether its joined object is null.
      table: joins && is(field, Column) && path.length === 2 ? getTableName(f.table!) : undefined,
      object: path[0],
    };
  });
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      const nullify: Record<string, string | false> = {};
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i];
        let node = result;
        for (const p of c.parents) node = (node[p] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        const value = (node[c.key] = raw === null ? null : c.decoder.mapFromDriverValue(raw));
        if (c.table !== undefined) {
          const seen = nullify[c.object];
          if (seen === undefined) nullify[c.object] = value === null ? c.table : false;
          else if (typeof seen === 'string' && seen !== c.table) nullify[c.object] = false;
        }
      }
      for (const o in nullify) {
        const t = nullify[o];
        if (typeof t === 'string' && !joins![t]) result[o] = null;
      }
      return result;
    });
}

/**
 * A hot read built once and run as a named prepared statement in any transaction (tools/bench/README.md: Drizzle
 * rebuilt the SQL of the feed on every request, ≈ 20 % of social-service's CPU). `build` makes the query on a
 * transaction with `sql.placeholder(...)` for every value that varies; the first call prepares it (per database
 * kind), later calls bind it to the caller's transaction, so PostgreSQL parses and plans it once per connection,
 * and map rows with a row mapper compiled once (compileRowMapper).
 * A value captured by `build` instead of a placeholder would be frozen into the statement: pass only placeholders.
 * Returns `{ execute(tx, values) }` → the query's rows; errors of the query propagate.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(name: string, build: (tx: Tx) => { prepare(name: string): PreparedLike<R> }) {
  const byKind = new Map<unknown, { base: PreparedLike<R>; mapper?: unknown }>();
  return {
    execute(tx: Tx, values: V): Promise<R> {
      const session = (tx as unknown as { session: { client: unknown } }).session;
      let kind = byKind.get(session.constructor);
      if (!kind) {
        const base = build(tx).prepare(name);
        const mapper = base.fields && !base.customResultMapper ? compileRowMapper(base.fields, base.joinsNotNullableMap) : undefined;
        byKind.set(session.constructor, (kind = { base, mapper }));
      }
      // Drizzle's prepared query runs on `this.client` and maps rows with `this.customResultMapper` when set;
      // everything else it holds (SQL, params, fields) is shared.
      const bound = Object.create(kind.base, {
        client: { value: session.client },
        ...(kind.mapper ? { customResultMapper: { value: kind.mapper } } : {}),
      }) as PreparedLike<R>;
      return bound.execute(values);
    },
  };
}
