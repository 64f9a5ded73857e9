import { z } from 'zod';
import { defineSubject, type SubjectDef } from './messages.ts';

/** Rows of one table of a client: table name (`<schema>.<table>`) → count. */
export const tableCounts = z.record(z.string(), z.number());

/**
 * The per-domain part of a workspace's whole life (issue 36, DESIGN §6): every domain answers these five bus
 * subjects for its own tables (emitted by the domain generator as `tenant.ts`); the clients service orchestrates
 * statistics, export, import from backup, clone and full delete over them. Tables are named `<schema>.<table>`.
 * - count  { clientId } → { tables: { name: rows } } (also lists the domain's tables, in insert order);
 * - delete { clientId, tables? } → { tables: { name: deleted rows } }: all of the client's rows of the domain (or of
 *   the named tables only) in one transaction, children first; the domain's pending jobs of the client too;
 * - export { clientId, table, offset, limit, after? } → { ndjson, next, after }: one page of a table as NDJSON (one
 *   JSON row a line, ordered by primary key), `next` the offset of the following page or null at the end (streamed:
 *   the caller never holds a table); `after` the last row's key values, which the next call passes instead of
 *   paging by offset (a keyset page: no re-reading of the rows before it), null for a table without a key;
 * - import { fromClientId, clientId, workspace, table, ndjson } → { rows }: inserts a page exported from another
 *   client under `clientId`, every id remapped (`remapIds`), in one transaction; tables that hold secrets or
 *   sessions (password resets, feed tokens) are skipped (rows: 0);
 * - keys   { clientId } → { keys }: the storage keys (`<client>/...`) its rows reference (hanged-files search).
 */
export function tenantSubjects(domain: string) {
  return {
    count: defineSubject(`tenant.${domain}.count`, z.object({ clientId: z.string().uuid() }), z.object({ tables: tableCounts })),
    delete: defineSubject(
      `tenant.${domain}.delete`,
      z.object({ clientId: z.string().uuid(), tables: z.array(z.string()).optional() }),
      z.object({ tables: tableCounts }),
    ),
    export: defineSubject(
      `tenant.${domain}.export`,
      z.object({
        clientId: z.string().uuid(),
        table: z.string(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(5000),
        after: z.array(z.string()).optional(),
      }),
      z.object({ ndjson: z.string(), next: z.number().nullable(), after: z.array(z.string()).nullable().optional() }),
    ),
    import: defineSubject(
      `tenant.${domain}.import`,
      z.object({ fromClientId: z.string().uuid(), clientId: z.string().uuid(), workspace: z.string(), table: z.string(), ndjson: z.string() }),
      z.object({ rows: z.number() }),
    ),
    keys: defineSubject(`tenant.${domain}.keys`, z.object({ clientId: z.string().uuid() }), z.object({ keys: z.array(z.string()) })),
  } satisfies Record<string, SubjectDef>;
}
export type TenantSubjects = ReturnType<typeof tenantSubjects>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Rewrites every UUID in `text` for a copy of a workspace: the old client id becomes the new one, any other id
 * `mapId(id)` — a deterministic function of the id and the new client (so every domain remaps alike without
 * sharing a table, and references across domains, storage keys and links in texts stay consistent).
 */
export function remapIds(text: string, from: string, to: string, mapId: (id: string) => string): string {
  const f = from.toLowerCase();
  return text.replace(UUID, (u) => {
    const l = u.toLowerCase();
    return l === f ? to : mapId(l);
  });
}
