import { Inject, Injectable } from '@nestjs/common';
import type { Grant } from '@intranet/kb-contract';
import { queryRows, type Database, type Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { eq, sql, type SQL } from 'drizzle-orm';
import { createAclCache, type AclCache } from './acl-cache.ts';
import { aclKey, type GrantSubject, type Reader, type Viewer } from './access.ts';
import { aclVersions, articles } from './schema.ts';

/** SQL: the level (0, 1, 2) a `grants` expression gives the subject — `kb.grant_level`, the SQL twin of `grantLevelOf`. */
export function grantLevelSql(s: GrantSubject, grants: SQL | typeof articles.grants): SQL<number> {
  return sql<number>`kb.grant_level(${grants}, ${s.userId}, ${s.head}, ${s.department}, ${s.position}, ${s.city}, ${s.workingTime})`;
}

const literals = new WeakMap<ReadonlyMap<string, number>, string>();
/** A PostgreSQL uuid[] literal of the readable acl ids (one parameter, however many); built once per cached map. */
export const readableLiteral = (r: Reader) => {
  let lit = literals.get(r.acl);
  if (lit === undefined) literals.set(r.acl, (lit = `{${[...r.acl.keys()].join(',')}}`));
  return lit;
};

/**
 * SQL predicate on a row (`alias` or the articles table): the reader may read it. Authorship gives nothing: an
 * author whom the grants leave out no longer sees the node (§6); administrators see everything.
 */
export function canReadSql(r: Reader, alias?: string): SQL {
  if (r.admin) return sql`true`;
  const acl = alias ? sql.raw(`${alias}.acl_id`) : sql`${articles.aclId}`;
  return sql`(${acl} IS NULL OR ${acl} = ANY(${readableLiteral(r)}::uuid[]))`;
}

const cachesByDb = new WeakMap<object, AclCache>();

/** SQL of the grant levels (§6): the restricting nodes' levels for a viewer, cached per process and database. */
@Injectable()
export class GrantsRepository {
  private readonly cache: AclCache;

  constructor(@Inject(PORTS.db) db: Database) {
    // One cache per database: each embedded database of a test process has its own.
    let c = cachesByDb.get(db);
    if (!c) cachesByDb.set(db, (c = createAclCache()));
    this.cache = c;
  }

  /**
   * Levels of every restricting node (non-empty grants) of the client for the viewer; admins need none. One look-up
   * of the client's acl version; the map is recomputed only when the version moved (triggers bump it with every
   * change of a restricting node's grants, migration 0006) or the viewer's attributes differ. Without a version
   * row the client has no restricting node to cache. The version is read before the rows, so a map is never
   * stored under a version newer than its rows.
   */
  async readerOf(tx: Tx, v: Viewer): Promise<Reader> {
    if (v.admin) return { ...v, acl: new Map() };
    const key = aclKey(v);
    const [row] = await tx.select({ version: aclVersions.version }).from(aclVersions).where(eq(aclVersions.clientId, v.clientId)).limit(1);
    const version = row ? Number(row.version) : undefined;
    const hit = version === undefined ? undefined : this.cache.get(key, version);
    if (hit) return { ...v, acl: hit };
    const rows = await tx
      .select({ id: articles.id, lvl: grantLevelSql(v, articles.grants) })
      .from(articles)
      .where(sql`${articles.clientId} = ${v.clientId} AND jsonb_array_length(${articles.grants}) > 0`);
    const acl = new Map(rows.filter((r) => Number(r.lvl) > 0).map((r) => [r.id, Number(r.lvl)]));
    if (version !== undefined) this.cache.set(key, version, acl);
    return { ...v, acl };
  }

  /** `kb.grant_level` of a literal grant list for a subject (the SQL twin checked against `grantLevelOf`). */
  async levelOf(tx: Tx, grants: readonly Grant[], s: GrantSubject): Promise<number> {
    const [row] = await queryRows<{ lvl: number }>(tx, sql`SELECT ${grantLevelSql(s, sql`${JSON.stringify(grants)}::jsonb`)} AS lvl`);
    return Number(row?.lvl);
  }
}
