import { queryRows, sql, uuidv7, type MigrationSet, type Tx } from '@intranet/platform-db';
import { fileURLToPath } from 'node:url';

/**
 * The audit journal (issue 18 §2, README "Audit journal"): administrative actions written to `audit.journal` in the
 * transaction of the change they describe, so a refused or rolled-back change leaves no entry and a committed one
 * always has its entry. The table is append-only: the runtime role may SELECT and INSERT it, nothing else, and a
 * trigger refuses UPDATE, DELETE and TRUNCATE to every role. Every host applies `auditMigrations` (schema `audit`)
 * with the outbox's, before the domains'.
 */
export const auditMigrations: MigrationSet = { schema: 'audit', folder: fileURLToPath(new URL('../migrations', import.meta.url)) };

/**
 * Sections of anonymous features (§1 "Don't be silent" violation reports, anonymous polls). Their entries carry no
 * actor, no object title and no summary: `journal.add` refuses them (by type and at run time) and `addAnonymous`,
 * the only way to write them, has no parameter for an identity; the table's CHECK refuses an identity there too.
 */
export const ANONYMOUS_SECTIONS = ['violations', 'anonymous_polls'] as const;
export type AnonymousSection = (typeof ANONYMOUS_SECTIONS)[number];

/** Who did it, as known at the time of the action (the name is copied: a later rename does not rewrite history). */
export interface Actor {
  id: string;
  /** Full name at the time; null when unknown. */
  name: string | null;
}

/** Where and by whom: the client (tenant) the entry belongs to and the acting user. */
export interface JournalContext {
  clientId: string;
  actor: Actor;
}

/** The object acted on: its kind ('user', 'client', 'article', 'file', 'feature', 'import'…), id and title. */
export interface JournalObject {
  type: string;
  id?: string | null;
  title?: string | null;
}

/** A small JSON summary of the state before or after the change. Secrets are dropped by `summary()`. */
export type Summary = Record<string, unknown>;

/** One administrative action. `section` and `action` are codes (`roles`, `role.add`); the web words them. */
export interface JournalEntry<S extends string = string> {
  /** Lower-case code, e.g. 'roles', 'features', 'clients', 'users', 'import', 'kb', 'files', 'hr', 'maintenance'. */
  section: S extends AnonymousSection ? never : S;
  /** Lower-case code with dots, e.g. 'role.add', 'client.block'. */
  action: string;
  object?: JournalObject;
  before?: Summary | null;
  after?: Summary | null;
}

/** An entry of an anonymous feature: a section of ANONYMOUS_SECTIONS, an action, at most the object's type and id. */
export interface AnonymousEntry {
  section: AnonymousSection;
  action: string;
  object?: { type: string; id?: string | null };
}

/** One stored entry as `list` reads it. */
export interface JournalRow {
  id: string;
  clientId: string;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  section: string;
  action: string;
  objectType: string | null;
  objectId: string | null;
  objectTitle: string | null;
  before: Summary | null;
  after: Summary | null;
}

/** Filters and page of `list`: dates are YYYY-MM-DD calendar days in UTC, both ends included. */
export interface JournalQuery {
  section?: string;
  action?: string;
  /** The actor's user id. */
  actor?: string;
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/** Raised for an entry the journal refuses (a code, an anonymous section with an identity); a programming error. */
export class JournalEntryError extends Error {}

const SECTION = /^[a-z][a-z0-9_]{0,39}$/;
const ACTION = /^[a-z][a-z0-9_.]{0,79}$/;
/** Keys whose values never enter a summary (passwords, hashes, tokens, keys, signatures, secrets). */
const SECRET_KEY = /pass|secret|token|hash|salt|sig|key|credential|otp/i;
const MAX_STRING = 200;
const MAX_ITEMS = 50;
const MAX_DEPTH = 3;
/** Bytes of JSON one summary may take; a larger one is stored as { truncated: true }. */
const MAX_SUMMARY_BYTES = 4096;

const clip = (s: string | null | undefined, max: number) => (s == null ? null : s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * A summary fit for the journal: keys that name a secret (password, token, hash, key, signature…) are dropped at any
 * depth, strings cut to 200 characters, arrays to 50 items, nesting to 3 levels; if the JSON still passes 4 KB the
 * summary is `{ truncated: true }`. Input: any JSON-like object or null; output: a new object or null.
 */
export function summary(value: Summary | null | undefined): Summary | null {
  if (value == null) return null;
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string') return clip(v, MAX_STRING);
    if (v instanceof Date) return v.toISOString();
    if (depth >= MAX_DEPTH) return null;
    if (Array.isArray(v)) return v.slice(0, MAX_ITEMS).map((x) => walk(x, depth + 1));
    if (typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (SECRET_KEY.test(k) || x === undefined || typeof x === 'function') continue;
        out[k] = walk(x, depth + 1);
      }
      return out;
    }
    return null;
  };
  const out = walk(value, 0) as Summary;
  return Buffer.byteLength(JSON.stringify(out)) > MAX_SUMMARY_BYTES ? { truncated: true } : out;
}

function checkCodes(section: string, action: string): void {
  if (!SECTION.test(section)) throw new JournalEntryError(`journal section '${section}' is not a lower-case code`);
  if (!ACTION.test(action)) throw new JournalEntryError(`journal action '${action}' is not a lower-case code`);
}

/**
 * The journal's operations. Every call takes the caller's transaction: `inTenant` of the entry's client, or
 * `asSystem` for the superadmin's cross-client work (the row still names its client).
 */
export const journal = {
  /**
   * Adds one entry for `ctx.clientId` by `ctx.actor` in `tx` (the change's transaction: it commits or rolls back
   * with the change). `before`/`after` pass through `summary()`. Output: the entry id (uuid v7). Errors:
   * JournalEntryError for a bad code or an anonymous section; the insert's error (the caller's transaction fails).
   */
  async add<S extends string>(tx: Tx, ctx: JournalContext, entry: JournalEntry<S>): Promise<string> {
    const { section, action } = entry;
    checkCodes(section, action);
    if ((ANONYMOUS_SECTIONS as readonly string[]).includes(section)) {
      throw new JournalEntryError(`section '${section}' is anonymous: use journal.addAnonymous, which records no identity`);
    }
    const id = uuidv7();
    const before = summary(entry.before);
    const after = summary(entry.after);
    await tx.execute(sql`INSERT INTO audit.journal
      (id, client_id, actor_id, actor_name, section, action, object_type, object_id, object_title, before, after)
      VALUES (${id}, ${ctx.clientId}, ${ctx.actor.id || null}, ${clip(ctx.actor.name, 300) || null}, ${section}, ${action},
        ${clip(entry.object?.type, 40)}, ${clip(entry.object?.id, 100)}, ${clip(entry.object?.title, 300)},
        ${before ? JSON.stringify(before) : null}::jsonb, ${after ? JSON.stringify(after) : null}::jsonb)`);
    return id;
  },

  /**
   * Adds an entry of an anonymous feature (a section of ANONYMOUS_SECTIONS) for `clientId`: no actor, no title, no
   * summary, and nothing that dates it finely: the id is random (not time-ordered) and the time is cut to the hour,
   * so the entry cannot be matched to a sign-in or a request log. There is deliberately no way to pass an identity.
   * Errors: JournalEntryError for a section that is not anonymous or a bad code.
   */
  async addAnonymous(tx: Tx, clientId: string, entry: AnonymousEntry): Promise<void> {
    checkCodes(entry.section, entry.action);
    if (!(ANONYMOUS_SECTIONS as readonly string[]).includes(entry.section)) {
      throw new JournalEntryError(`section '${entry.section}' is not anonymous: use journal.add`);
    }
    await tx.execute(sql`INSERT INTO audit.journal (id, client_id, at, section, action, object_type, object_id)
      VALUES (gen_random_uuid(), ${clientId}, date_trunc('hour', now()), ${entry.section}, ${entry.action},
        ${clip(entry.object?.type, 40)}, ${clip(entry.object?.id, 100)})`);
  },

  /**
   * The entries of `clientId`, newest first, filtered by section, action, actor and UTC calendar days (from/to,
   * YYYY-MM-DD, both included), `limit` from `offset`. Output: { rows, total } (total: entries matching the filters).
   */
  async list(tx: Tx, clientId: string, q: JournalQuery): Promise<{ rows: JournalRow[]; total: number }> {
    const where = sql`client_id = ${clientId}`;
    if (q.section) where.append(sql` AND section = ${q.section}`);
    if (q.action) where.append(sql` AND action = ${q.action}`);
    if (q.actor) where.append(sql` AND actor_id = ${q.actor}`);
    if (q.from) where.append(sql` AND at >= (${q.from}::date)::timestamp AT TIME ZONE 'UTC'`);
    if (q.to) where.append(sql` AND at < ((${q.to}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT id, client_id, at, actor_id, actor_name, section, action, object_type, object_id, object_title, before, after
        FROM audit.journal WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM audit.journal WHERE ${where}`);
    return {
      total: Number(n),
      rows: rows.map((r) => ({
        id: String(r.id),
        clientId: String(r.client_id),
        at: r.at instanceof Date ? r.at : new Date(String(r.at)),
        actorId: (r.actor_id as string | null) ?? null,
        actorName: (r.actor_name as string | null) ?? null,
        section: String(r.section),
        action: String(r.action),
        objectType: (r.object_type as string | null) ?? null,
        objectId: (r.object_id as string | null) ?? null,
        objectTitle: (r.object_title as string | null) ?? null,
        before: parseJson(r.before),
        after: parseJson(r.after),
      })),
    };
  },
};

function parseJson(v: unknown): Summary | null {
  if (v == null) return null;
  if (typeof v === 'string') return JSON.parse(v) as Summary;
  return v as Summary;
}
