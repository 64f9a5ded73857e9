import type { Provider, Type } from '@nestjs/common';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { v5 } from 'uuid';
import { remapIds, tenantSubjects } from '@intranet/platform-contracts';
import { queryRows, sql, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS, SubjectController, type SubjectHandlers } from './nest.ts';

/** How one table takes part in a workspace's export, import and delete (issue 36). */
export interface TenantTableOptions {
  /** Not copied into another workspace (sessions, reset tokens, feed tokens, pending deliveries): export and import skip it. */
  skipImport?: boolean;
  /** Adjusts an imported row after the ids are remapped (e.g. a column holding the workspace code). */
  rewrite?: (row: Record<string, unknown>, target: { clientId: string; workspace: string }) => Record<string, unknown>;
  /**
   * A table the runtime may not delete from (rows kept by triggers): the SECURITY DEFINER function `(client uuid) →
   * integer` that removes the client's rows, called after every other table of the domain is emptied.
   */
  purge?: string;
}
/** A table of the domain's schema with its options. */
export type TenantTableSpec = [PgTable, TenantTableOptions];

/**
 * The domain's tenant tables: every drizzle table of `schema` (the schema module's exports) with a `client_id`
 * column — a table added later takes part without editing tenant.ts — ordered parents before children by their
 * foreign keys (insert order; delete runs it backwards), each with its options from `options`.
 */
export function tenantTables(schema: Record<string, unknown>, options: TenantTableSpec[] = []): TenantTableSpec[] {
  const tables = Object.values(schema).filter((v): v is PgTable => v instanceof PgTable && getTableConfig(v).columns.some((c) => c.name === 'client_id'));
  const out: PgTable[] = [];
  const visit = (t: PgTable, path: Set<PgTable>) => {
    if (out.includes(t) || path.has(t)) return;
    path.add(t);
    for (const fk of getTableConfig(t).foreignKeys) {
      const parent = fk.reference().foreignTable;
      if (parent !== t && tables.includes(parent)) visit(parent, path);
    }
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out.map((t) => [t, options.find(([o]) => o === t)?.[1] ?? {}]);
}

interface TableInfo {
  name: string;
  ident: string;
  /** The primary key's columns (quoted) and their SQL types, for keyset pages; empty: no key (ordered by ctid). */
  keys: { col: string; type: string }[];
  columns: string;
  opts: TenantTableOptions;
}

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

function describe(spec: TenantTableSpec): TableInfo {
  const [table, opts] = spec;
  const c = getTableConfig(table);
  if (!c.columns.some((x) => x.name === 'client_id')) throw new Error(`${c.schema}.${c.name} has no client_id: not a tenant table`);
  const pk = c.columns.filter((x) => x.primary);
  // A composite key's columns are drizzle's ExtraConfigColumn (whose getSQLType recurses): the table's own by name.
  const keyCols = pk.length ? pk : (c.primaryKeys[0]?.columns ?? []).map((k) => c.columns.find((x) => x.name === k.name)!);
  const ident = `${q(c.schema ?? 'public')}.${q(c.name)}`;
  const columns = c.columns
    .filter((x) => !x.generated)
    .map((x) => q(x.name))
    .join(', ');
  return {
    name: `${c.schema}.${c.name}`,
    ident,
    // A serial is no type to cast to: its values are integers.
    keys: keyCols.map((x) => ({ col: q(x.name), type: x.getSQLType().replace(/^(small|big)?serial$/, (_, p?: string) => `${p ?? ''}int`) })),
    columns,
    opts,
  };
}

/** The id a copied row gets: a name-based UUID of the old id in the namespace of the new client (RFC 4122 v5). */
export const copiedId = (id: string, toClient: string) => v5(id, toClient);

/**
 * The generic engine behind every domain's `tenant.ts`: count, delete, export (NDJSON pages), import (ids remapped)
 * and the storage keys referenced, over the domain's tables. Runs as the system (the superadmin's audited bypass:
 * restrictive policies such as chat's members-only would hide rows from a tenant transaction) and always filters
 * by `client_id` itself. Each call is one transaction.
 */
export class TenantData implements SubjectHandlers<ReturnType<typeof tenantSubjects>> {
  private readonly declared: TableInfo[];
  private found?: Promise<TableInfo[]>;
  constructor(
    private readonly domain: string,
    specs: TenantTableSpec[],
    private readonly db: Database,
  ) {
    this.declared = specs.map(describe);
  }

  /**
   * The declared tables, then any other table with a `client_id` in the same schemas that only SQL migrations know
   * (trigger-kept word lists and the like): those are counted and deleted (last) but never copied — their rows
   * follow the copied ones through the triggers.
   */
  private tables(): Promise<TableInfo[]> {
    this.found ??= this.db
      .asSystem(`tenant ${this.domain} tables`, (tx) =>
        queryRows<{ s: string; t: string }>(
          tx,
          sql`SELECT table_schema AS s, table_name AS t FROM information_schema.columns WHERE column_name = 'client_id'
              AND table_schema = ANY(${`{${[...new Set(this.declared.map((d) => d.name.split('.')[0]))].join(',')}}`}::text[]) ORDER BY 1, 2`,
        ),
      )
      .then((rows) => [
        ...this.declared,
        ...rows
          .filter((r) => !this.declared.some((d) => d.name === `${r.s}.${r.t}`))
          .map((r) => ({ name: `${r.s}.${r.t}`, ident: `${q(r.s)}.${q(r.t)}`, keys: [], columns: '', opts: { skipImport: true } })),
      ])
      .catch((err) => {
        this.found = undefined;
        throw err;
      });
    return this.found;
  }

  private async table(name: string): Promise<TableInfo> {
    const t = (await this.tables()).find((x) => x.name === name || x.name.endsWith(`.${name}`));
    if (!t) throw Errors.notFound();
    return t;
  }

  private sys<T>(what: string, clientId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.asSystem(`tenant ${this.domain} ${what} ${clientId}`, fn);
  }

  /** { clientId } → rows per table, every table of the domain listed (insert order). */
  async count({ clientId }: { clientId: string }) {
    const all = await this.tables();
    return this.sys('count', clientId, async (tx) => {
      const tables: Record<string, number> = {};
      for (const t of all) {
        const [r] = await queryRows<{ n: number }>(tx, sql.raw(`SELECT count(*)::int AS n FROM ${t.ident} WHERE client_id = '${uuid(clientId)}'`));
        tables[t.name] = Number(r?.n ?? 0);
      }
      return { tables };
    });
  }

  /** { clientId, tables? } → deleted rows per table; children first, one transaction; the domain's pending jobs of the client go too. */
  async delete({ clientId, tables: only }: { clientId: string; tables?: string[] }) {
    const chosen = only ? await Promise.all(only.map((n) => this.table(n))) : await this.tables();
    return this.sys('delete', clientId, async (tx) => {
      const tables: Record<string, number> = {};
      // Children before parents, then the trigger-kept tables (SQL-only, then purged), which deleting the others may touch.
      const rank = (x: TableInfo) => (x.opts.purge ? 2 : this.declared.includes(x) ? 0 : 1);
      const ordered = [...chosen].reverse().sort((a, b) => rank(a) - rank(b));
      for (const t of ordered) {
        const rows = await queryRows<{ n: number }>(
          tx,
          sql.raw(
            t.opts.purge
              ? `SELECT ${t.opts.purge}('${uuid(clientId)}'::uuid) AS n`
              : `WITH d AS (DELETE FROM ${t.ident} WHERE client_id = '${uuid(clientId)}' RETURNING 1) SELECT count(*)::int AS n FROM d`,
          ),
        );
        tables[t.name] = Number(rows[0]?.n ?? 0);
      }
      if (!only) await tx.execute(sql`DELETE FROM pgboss.job WHERE name LIKE ${`${this.domain}.%`} AND data->>'clientId' = ${clientId}`);
      return { tables };
    });
  }

  /**
   * { clientId, table, offset, limit, after? } → one NDJSON page ordered by primary key, the next offset or null, and
   * `after`: the last row's key values (text) to pass for the next page, or null for a table without a key. A page
   * after `after` starts from the key (an index range, whatever the depth); without it, OFFSET skips rows (each
   * page reads all the rows before it: 157 s for a workspace of 157k rows, tools/bench/README.md "tenant.ts").
   */
  async export({ clientId, table, offset, limit, after }: { clientId: string; table: string; offset: number; limit: number; after?: string[] }) {
    const t = await this.table(table);
    if (t.opts.skipImport) return { ndjson: '', next: null, after: null };
    const keyed = t.keys.length > 0;
    if (after && (!keyed || after.length !== t.keys.length)) throw Errors.validation([{ field: 'after', message: `${t.name}: ${t.keys.length} key values` }]);
    const key = keyed ? sql.raw(`jsonb_build_array(${t.keys.map((k) => `t.${k.col}::text`).join(', ')})::text`) : sql.raw('NULL::text');
    const from = after
      ? sql` AND (${sql.raw(t.keys.map((k) => `t.${k.col}`).join(', '))}) > (${sql.join(
          after.map((v, i) => sql`${v}::${sql.raw(t.keys[i]!.type)}`),
          sql`, `,
        )})`
      : sql``;
    const skip = after ? sql`` : sql.raw(` OFFSET ${offset + 0}`);
    const rows = await this.sys('export', clientId, (tx) =>
      queryRows<{ r: string; k: string | null }>(
        tx,
        sql`SELECT to_jsonb(t)::text AS r, ${key} AS k FROM ${sql.raw(t.ident)} t WHERE t.client_id = ${uuid(clientId)}::uuid${from} ORDER BY ${sql.raw(t.keys.length ? t.keys.map((k) => `t.${k.col}`).join(', ') : 'ctid')} LIMIT ${sql.raw(String(limit + 0))}${skip}`,
      ),
    );
    const last = rows.at(-1)?.k;
    return {
      ndjson: rows.map((r) => `${r.r}\n`).join(''),
      next: rows.length < limit ? null : offset + rows.length,
      after: keyed && last ? (JSON.parse(last) as string[]) : null,
    };
  }

  /** { fromClientId, clientId, workspace, table, ndjson } → inserted rows, every UUID remapped (copiedId), in one transaction. */
  async import({
    fromClientId,
    clientId,
    workspace,
    table,
    ndjson,
  }: {
    fromClientId: string;
    clientId: string;
    workspace: string;
    table: string;
    ndjson: string;
  }) {
    const t = await this.table(table);
    if (t.opts.skipImport || !ndjson.trim()) return { rows: 0 };
    const rows = ndjson
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(remapIds(l, fromClientId, clientId, (id) => copiedId(id, clientId))) as Record<string, unknown>)
      .map((r) => ({ ...(t.opts.rewrite ? t.opts.rewrite(r, { clientId, workspace }) : r), client_id: clientId }));
    try {
      await this.sys('import', clientId, (tx) =>
        tx.execute(
          sql`INSERT INTO ${sql.raw(t.ident)} (${sql.raw(t.columns)}) SELECT ${sql.raw(t.columns)} FROM jsonb_populate_recordset(NULL::${sql.raw(t.ident)}, ${JSON.stringify(rows)}::jsonb)`,
        ),
      );
    } catch (err) {
      // Rows the table refuses (SQLSTATE class 22 or 23: a reference to a row the archive lacks, a duplicate, a value
      // out of range) are the archive's fault, answered 400 like any bad input, not logged as the server's.
      const state = sqlState(err);
      if (state && /^2[23]/.test(state)) throw Errors.badRequest(`${table}: the archive's rows were refused (SQLSTATE ${state})`);
      throw err;
    }
    return { rows: rows.length };
  }

  /** { clientId } → the distinct storage keys (`<client>/...`) any row of the domain mentions. */
  async keys({ clientId }: { clientId: string }) {
    const re = `${uuid(clientId)}/[A-Za-z0-9._/-]+`;
    const all = await this.tables();
    return this.sys('keys', clientId, async (tx) => {
      const keys = new Set<string>();
      for (const t of all) {
        const rows = await queryRows<{ k: string }>(
          tx,
          sql.raw(`SELECT DISTINCT m[1] AS k FROM ${t.ident} t, regexp_matches(to_jsonb(t)::text, '(${re})', 'g') m WHERE client_id = '${uuid(clientId)}'`),
        );
        for (const r of rows) keys.add(r.k);
      }
      return { keys: [...keys] };
    });
  }
}

/** The SQLSTATE of a database error (PostgreSQL's or PGlite's, as thrown or as Drizzle's wrapped cause), else undefined. */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++)
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** A validated UUID (interpolated into SQL text); anything else throws. */
function uuid(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new Error(`bad client id ${id}`);
  return id.toLowerCase();
}

/**
 * A domain's part of a workspace's whole life (issue 36; its `tenant.ts`): the controller answering
 * `tenant.<domain>.{count,delete,export,import,keys}` (tenantSubjects) over the tenant tables of `schema`
 * (tenantTables, with per-table `options`), and its provider. Add both to the domain's module:
 * `controllers: [..., part.controller], providers: [..., part.provider]`.
 */
export function tenantPart(domain: string, schema: Record<string, unknown>, options: TenantTableSpec[] = []): { controller: Type; provider: Provider } {
  const tables = tenantTables(schema, options);
  const token = `tenant:${domain}`;
  return {
    controller: SubjectController(`${domain}Tenant`, tenantSubjects(domain), token),
    provider: { provide: token, useFactory: (db: Database) => new TenantData(domain, tables, db), inject: [PORTS.db] },
  };
}
