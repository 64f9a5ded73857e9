import type { Database, Tx } from '@intranet/platform-db';
import { sql, type SQL } from 'drizzle-orm';
import { canReadSql, type Reader } from './access.ts';
import { rowsOf, type ListRow } from './repository.ts';

/** Words of a query: letters and digits only (so nothing reaches to_tsquery as syntax), at most 8. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((w) => w.slice(0, 60));
}

/**
 * The schema pg_trgm lives in, or null when the database has no pg_trgm (embedded PGlite is built without it):
 * search then matches substrings with ILIKE instead of trigram similarity. Checked once per database.
 */
export function trigramSchema(db: Database): () => Promise<string | null> {
  let found: Promise<string | null> | undefined;
  return () =>
    (found ??= db
      .asSystem('kb: look for pg_trgm', async (tx) => {
        const res = await tx.execute(sql`SELECT n.nspname AS nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`);
        const nsp = (rowsOf(res) as { nsp: string }[])[0]?.nsp ?? null;
        return nsp && /^[a-z_][a-z0-9_]*$/.test(nsp) ? nsp : null;
      })
      .catch(() => null));
}

export type SearchRow = ListRow & { snippet: string; titleHighlight: string; rank: number };

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/**
 * Full-text search over titles, contents and attached file names (ru, uk, en) of what the reader may read.
 * - The query's words become prefix terms (`word:*`, results as you type) in two configurations OR-ed: 'simple'
 *   (exact forms: Ukrainian, names, codes) and 'russian' (Russian stems; latin words get English stems).
 * - Typos: trigram word similarity on titles and file names when pg_trgm is there, else ILIKE substrings.
 * - Ranked by ts_rank_cd (title weighs most) plus the trigram similarity; snippets by ts_headline with <mark>,
 *   computed over HTML-escaped text, so a snippet is safe to render as HTML.
 */
export async function searchArticles(
  tx: Tx,
  r: Reader,
  q: string,
  o: { section: string; tagFilter?: SQL; parent?: string; limit: number; offset: number; trgm: string | null },
): Promise<SearchRow[]> {
  const words = queryWords(q);
  if (!words.length) return [];
  const terms = words.map((w) => `${w}:*`).join(' & ');
  const phrase = words.join(' ');
  const tsq = sql`(to_tsquery('simple', ${terms}) || to_tsquery('russian', ${terms}))`;
  const like = `%${escapeLike(phrase)}%`;
  const fuzzy = o.trgm
    ? sql`(${phrase} ${sql.raw(`OPERATOR(${o.trgm}.<%)`)} a.title OR ${phrase} ${sql.raw(`OPERATOR(${o.trgm}.<%)`)} a.file_names OR a.title ILIKE ${like})`
    : sql`(a.title ILIKE ${like} OR a.file_names ILIKE ${like})`;
  const similarity = o.trgm ? sql`${sql.raw(`${o.trgm}.word_similarity`)}(${phrase}, a.title)` : sql`0`;
  if (o.trgm) await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
  const within = o.parent
    ? sql`AND a.id IN (WITH RECURSIVE down(id) AS (SELECT id FROM kb.articles WHERE id = ${o.parent} UNION ALL SELECT c.id FROM kb.articles c JOIN down ON c.parent_id = down.id) SELECT id FROM down WHERE id <> ${o.parent})`
    : sql``;
  const esc = (col: string) => sql.raw(`replace(replace(replace(coalesce(${col}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`);
  const opts = 'StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
  const res = await tx.execute(sql`
    WITH q AS (SELECT ${tsq} AS tsq),
    hits AS (
      SELECT a.id, a.client_id, a.type, a.section, a.parent_id, a.title, a.sort_order, a.grants, a.acl_id, a.author_id, a.views,
             a.salary_from, a.salary_to, a.receivers, a.created_at, a.updated_at, a.body_text, a.file_names,
             ts_rank_cd(a.search, q.tsq) + ${similarity} AS rank
      FROM kb.articles a, q
      WHERE a.client_id = ${r.clientId} AND a.section = ${o.section}
        AND (a.search @@ q.tsq OR ${fuzzy})
        AND ${canReadSql(r, 'a')} ${within} ${o.tagFilter ? sql`AND ${o.tagFilter}` : sql``}
      ORDER BY rank DESC, a.updated_at DESC, a.id
      LIMIT ${o.limit} OFFSET ${o.offset}
    )
    SELECT h.*,
      (SELECT CASE WHEN strpos(x, '<mark>') > 0 THEN x ELSE ts_headline('simple', ${esc('h.body_text')} || ' ' || ${esc('h.file_names')}, q.tsq, ${opts}) END
         FROM (SELECT ts_headline('russian', ${esc('h.body_text')} || ' ' || ${esc('h.file_names')}, q.tsq, ${opts}) AS x) s) AS snippet,
      (SELECT CASE WHEN strpos(x, '<mark>') > 0 THEN x ELSE ts_headline('simple', ${esc('h.title')}, q.tsq, 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true') END
         FROM (SELECT ts_headline('russian', ${esc('h.title')}, q.tsq, 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true') AS x) s) AS title_highlight
    FROM hits h, q
    ORDER BY h.rank DESC, h.updated_at DESC, h.id`);
  return (rowsOf(res) as Record<string, unknown>[]).map((x) => ({
    id: x.id as string,
    clientId: x.client_id as string,
    type: x.type as ListRow['type'],
    section: x.section as ListRow['section'],
    parentId: (x.parent_id as string | null) ?? null,
    title: x.title as string,
    sortOrder: Number(x.sort_order),
    grants: (typeof x.grants === 'string' ? JSON.parse(x.grants) : x.grants) as ListRow['grants'],
    aclId: (x.acl_id as string | null) ?? null,
    authorId: (x.author_id as string | null) ?? null,
    views: Number(x.views),
    salaryFrom: x.salary_from === null ? null : Number(x.salary_from),
    salaryTo: x.salary_to === null ? null : Number(x.salary_to),
    receivers: parseUuidArray(x.receivers),
    createdAt: new Date(x.created_at as string),
    updatedAt: new Date(x.updated_at as string),
    snippet: (x.snippet as string) ?? '',
    titleHighlight: (x.title_highlight as string) ?? '',
    rank: Number(x.rank),
  }));
}

/** uuid[] comes back as an array (node-postgres) or as '{a,b}' text depending on the driver. */
function parseUuidArray(v: unknown): string[] {
  if (Array.isArray(v)) return v as string[];
  if (typeof v === 'string') return v.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
  return [];
}
