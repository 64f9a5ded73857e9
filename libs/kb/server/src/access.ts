import type { WORKING_TIME } from '@intranet/kb-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import { FEATURE_OF_RIGHT, type FeatureRight } from '@intranet/platform-contracts';
import { sql, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { eq, sql as dsql, type SQL } from 'drizzle-orm';
import { aclVersions, articles, members, type MemberRow } from './schema.ts';

/** Role string marking a head (§6 "all heads", "head"). Departments' `headUser` joins in when structure exists. */
export const HEAD_ROLE = 'head';

/** Who is reading: what §6 grants match on. */
export interface Viewer {
  userId: string;
  clientId: string;
  admin: boolean;
  head: boolean;
  department: string | null;
  position: string | null;
  city: string | null;
  /** §9 working-time range of `workingSince`, or null when unknown. */
  workingTime: (typeof WORKING_TIME)[number] | null;
  /** Feature rights (§6): knowledge_base, vacancies, kb_files. */
  roles: string[];
  /**
   * Client features switched off for the viewer's client (§6, from the gateway's request context): their rights
   * count as missing, for administrators too. Empty for the superadmin, who switches features.
   */
  featuresOff?: readonly string[];
}

export const isAdminRoles = (roles: readonly string[]) => roles.includes('admin') || roles.includes('superadmin');

/** §9 working-time filter of a YYYY-MM-DD start date on `today`. */
export function workingTimeOf(since: string | null | undefined, today = new Date()): Viewer['workingTime'] {
  if (!since) return null;
  const [y, m, d] = since.split('-').map(Number);
  if (!y || !m || !d) return null;
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  if (months < 3) return 'lt3m';
  if (months < 12) return '3m_1y';
  if (months < 60) return '1y_5y';
  if (months < 120) return '5y_10y';
  return '10y_plus';
}

/** SQL: the level (0, 1, 2) a `grants` expression gives the viewer. */
export function grantLevel(v: Viewer, grants: SQL | typeof articles.grants): SQL<number> {
  return dsql<number>`kb.grant_level(${grants}, ${v.userId}, ${v.head}, ${v.department}, ${v.position}, ${v.city}, ${v.workingTime})`;
}

/** The viewer and the levels the client's restricting nodes give them (acl id → 1 read / 2 write; absent: none). */
export interface Reader extends Viewer {
  /** Shared with other requests through the cache: never modified. */
  acl: ReadonlyMap<string, number>;
}

interface AclEntry {
  version: number;
  acl: ReadonlyMap<string, number>;
}

/**
 * Per-process cache of grant-level maps (§6), bounded LRU: key = client + the viewer attributes `grant_level` reads,
 * value = the map and the client's `kb.acl_versions` version it was computed at. Bounded by entries and by the total
 * number of acl ids held (maps of large trees are big).
 */
export interface AclCache {
  get(key: string, version: number): ReadonlyMap<string, number> | undefined;
  set(key: string, version: number, acl: ReadonlyMap<string, number>): void;
  readonly size: number;
}

/** A new LRU acl cache holding at most `maxEntries` maps and `maxIds` acl ids in all. */
export function createAclCache(maxEntries = 5000, maxIds = 300_000): AclCache {
  const entries = new Map<string, AclEntry>();
  let ids = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    ids -= e.acl.size;
    entries.delete(key);
  };
  return {
    get(key, version) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.version !== version) {
        drop(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, e);
      return e.acl;
    },
    set(key, version, acl) {
      drop(key);
      if (acl.size > maxIds) return;
      entries.set(key, { version, acl });
      ids += acl.size;
      for (const k of entries.keys()) {
        if (entries.size <= maxEntries && ids <= maxIds) break;
        drop(k);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

const cachesByDb = new WeakMap<object, AclCache>();
/** The process's acl cache for one database (each embedded database of a test process has its own). */
export function aclCacheFor(db: Database): AclCache {
  let c = cachesByDb.get(db);
  if (!c) cachesByDb.set(db, (c = createAclCache()));
  return c;
}

/** Cache key: the client and every viewer attribute `kb.grant_level` reads (see `grantLevel`). */
export const aclKey = (v: Viewer) => JSON.stringify([v.clientId, v.userId, v.head, v.department, v.position, v.city, v.workingTime]);

/**
 * Levels of every restricting node (non-empty grants) of the client for the viewer; admins need none.
 * With a cache: one look-up of the client's acl version, and the map is recomputed only when the version moved
 * (triggers bump it with every change of a restricting node's grants, migration 0006) or the viewer's attributes
 * differ. Without a version row the client has no restricting node to cache: computed each time.
 * The version is read before the rows, so a map is never stored under a version newer than its rows.
 */
export async function loadAcl(tx: Tx, v: Viewer, cache: AclCache | null): Promise<Reader> {
  if (v.admin) return { ...v, acl: new Map() };
  let version: number | undefined;
  const key = cache ? aclKey(v) : '';
  if (cache) {
    const [row] = await tx.select({ version: aclVersions.version }).from(aclVersions).where(eq(aclVersions.clientId, v.clientId)).limit(1);
    version = row ? Number(row.version) : undefined;
    const hit = version === undefined ? undefined : cache.get(key, version);
    if (hit) return { ...v, acl: hit };
  }
  const rows = await tx
    .select({ id: articles.id, lvl: grantLevel(v, articles.grants) })
    .from(articles)
    .where(dsql`${articles.clientId} = ${v.clientId} AND jsonb_array_length(${articles.grants}) > 0`);
  const acl = new Map(rows.filter((r) => Number(r.lvl) > 0).map((r) => [r.id, Number(r.lvl)]));
  if (cache && version !== undefined) cache.set(key, version, acl);
  return { ...v, acl };
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
  if (r.admin) return dsql`true`;
  const acl = alias ? dsql.raw(`${alias}.acl_id`) : dsql`${articles.aclId}`;
  return dsql`(${acl} IS NULL OR ${acl} = ANY(${readableLiteral(r)}::uuid[]))`;
}

/** The reader's level on a row: 2 write (admins, write grants), 1 read (read grants, or no grants up the tree), 0 none. */
export function levelOn(r: Reader, row: { aclId: string | null }): number {
  if (r.admin) return 2;
  if (!row.aclId) return 1;
  return r.acl.get(row.aclId) ?? 0;
}

/**
 * Whether the viewer has a feature right (§6); admins have all — unless the right's client feature is switched
 * off for the client (§6 "Clients have toggleable features"), which closes it to everyone in it.
 */
export const hasRight = (v: Pick<Viewer, 'admin' | 'roles' | 'featuresOff'>, right: string) => {
  const feature = FEATURE_OF_RIGHT[right as FeatureRight];
  if (feature && v.featuresOff?.includes(feature)) return false;
  return v.admin || v.roles.includes(right);
};
/** The feature right a section needs (§6: knowledge base, vacancies). */
export const sectionRight = (section: string) => (section === 'vacancy' ? 'vacancies' : 'knowledge_base');

/** Attribute columns of the projection from a people User. */
export function memberFromUser(
  u: Pick<User, '_id' | 'client_id' | 'roles' | 'fullName' | 'department' | 'position' | 'city' | 'workingSince' | 'deletion_mark'>,
) {
  return {
    id: u._id,
    clientId: u.client_id!,
    roles: u.roles,
    fullName: u.fullName,
    department: u.department,
    position: u.position,
    city: u.city,
    workingSince: u.workingSince,
    deletionMark: u.deletion_mark,
    complete: true,
  };
}

/**
 * The projection row of a user; missing or incomplete rows (the people event did not carry the attributes) are
 * fetched from people.user.get and cached. Runs its own short transactions, never inside the caller's (embedded
 * PGlite has one connection, and people answers through its own transaction).
 * Errors: 404 'User not found' when people does not know the user in this client.
 */
export async function memberOf(db: Database, bus: Bus, clientId: string, userId: string): Promise<MemberRow> {
  const row = await db.inTenant({ clientId }, async (tx) => (await tx.select().from(members).where(eq(members.id, userId)).limit(1))[0]);
  if (row?.complete) return row;
  const user = await bus.request<User>(peopleRoutes.get.subject, { ctx: systemContext(clientId), input: { params: { id: userId } } }).catch(() => null);
  if (!user || user.client_id !== clientId) throw Errors.userNotFound();
  const values = { ...memberFromUser(user), version: new Date() };
  return db.inTenant({ clientId }, async (tx) => {
    const [saved] = await tx
      .insert(members)
      .values(values)
      .onConflictDoUpdate({ target: members.id, set: { ...values, id: undefined } })
      .returning();
    return saved;
  });
}

/**
 * The viewer for a call: the caller (roles from the verified context, attributes from the projection) or, for an
 * administrator asking on someone's behalf (access_for/{user}), that user as the projection knows them.
 * Errors: 404 without a workspace; 403 'No access' when a non-admin asks for someone else.
 */
export async function viewerFor(db: Database, bus: Bus, ctx: RequestContext, userId?: string): Promise<Viewer> {
  const clientId = ctx.clientId;
  if (!clientId || !ctx.userId) throw Errors.notFound();
  const self = !userId || userId === ctx.userId;
  if (!self && !isAdminRoles(ctx.roles)) throw Errors.noAccess();
  if (self && isAdminRoles(ctx.roles)) {
    // Administrators read and write everything in their client: no attributes needed.
    return {
      userId: ctx.userId,
      clientId,
      admin: true,
      head: ctx.roles.includes(HEAD_ROLE),
      department: null,
      position: null,
      city: null,
      workingTime: null,
      roles: ctx.roles,
      featuresOff: featuresOffOf(ctx),
    };
  }
  const m = await memberOf(db, bus, clientId, self ? ctx.userId : userId!);
  const roles = self ? ctx.roles : m.roles;
  return {
    userId: m.id,
    clientId,
    admin: isAdminRoles(roles),
    head: roles.includes(HEAD_ROLE),
    department: m.department,
    position: m.position,
    city: m.city,
    workingTime: workingTimeOf(m.workingSince),
    roles,
    featuresOff: featuresOffOf(ctx),
  };
}

/** The switched-off client features a call is held to: none for the superadmin (the gateway exempts them too). */
const featuresOffOf = (ctx: RequestContext): string[] => (ctx.roles.includes('superadmin') ? [] : (ctx.featuresOff ?? []));

/** The client feature of a tag or links-block module (§6): kb → knowledge base, vacancy → vacancies; others none. */
export const MODULE_FEATURE: Readonly<Record<string, string>> = { kb: 'knowledge_base', vacancy: 'vacancies' };

/**
 * Refuses a tag or links-block call on a module whose client feature is switched off (§6), for administrators too
 * (not the superadmin). Errors: 403 'No access'.
 */
export function assertModuleOn(ctx: RequestContext, module: string): void {
  const feature = MODULE_FEATURE[module];
  if (feature && featuresOffOf(ctx).includes(feature)) throw Errors.noAccess();
}

/** Marks every projected user of a client stale (bulk role changes carry no user list). */
export async function staleMembers(tx: Tx, clientId: string): Promise<void> {
  await tx.update(members).set({ complete: false }).where(eq(members.clientId, clientId));
}

export { sql };
