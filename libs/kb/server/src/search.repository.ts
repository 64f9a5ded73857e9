import { Inject, Injectable } from '@nestjs/common';
import { queryRows, type Database, type Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { sql } from 'drizzle-orm';
import type { Reader } from './access.ts';
import { taggedWith } from './articles.repository.ts';
import { canReadSql, readableLiteral } from './grants.repository.ts';
import { searchRowOf, type SearchRow } from './mapping.ts';

/** Words of a query: letters and digits only (so nothing reaches to_tsquery as syntax), at most 8. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((w) => w.slice(0, 60));
}

/** What may go into to_tsquery as one term (the word list keeps lexemes without punctuation; checked again here). */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
/** Query words shorter than this are never corrected (too little to tell a typo from a prefix; as in SQL). */
const MIN_CORRECTED = 3;
/** Corrections offered per unknown query word. */
const CORRECTIONS = 3;
/** At most this many rows get the title similarity (those within 1 of the page's last ts_rank_cd). */
const RERANKED = 2000;

/**
 * Typo corrections of the query words from the client's word list (`kb.search_words`: words of titles, contents
 * and file names), by `kb.search_corrections` (migration 0004; a function so that the indexes serve under row-level
 * security). A word that starts some known word (a prefix while typing, or spelled right) gets none; otherwise up
 * to CORRECTIONS known words: the most trigram-similar (similarity >= 0.3) and words containing it. Output: per
 * query word, its corrections (often none). One round trip.
 */
async function correctWords(tx: Tx, words: string[]): Promise<string[][]> {
  const out = words.map((): string[] => []);
  if (!words.some((w) => w.length >= MIN_CORRECTED)) return out;
  const res = await queryRows<{ i: number; near: string[] | string }>(
    tx,
    sql`SELECT t.i::int AS i, kb.search_corrections(t.w, ${CORRECTIONS}) AS near FROM unnest(${`{${words.join(',')}}`}::text[]) WITH ORDINALITY AS t(w, i)`,
  );
  for (const row of res) {
    const list = Array.isArray(row.near)
      ? row.near
      : String(row.near)
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
    out[Number(row.i) - 1] = list.filter((x) => PLAIN_WORD.test(x));
  }
  return out;
}

/**
 * Full-text search over titles, contents and attached file names (ru, uk, en) of what the reader may read.
 * - The query's words become prefix terms (`word:*`, results as you type) in two configurations OR-ed: 'simple'
 *   (exact forms: Ukrainian, names, codes) and 'russian' (Russian stems; latin words get English stems).
 * - Typos: a word that begins no word of the client's articles is OR-ed with its corrections (`correctWords`), so
 *   typos in titles, contents and file names are found by the same indexed full-text match.
 * - Ranked by ts_rank_cd (title weighs most) plus the trigram word similarity of the query to the title. The
 *   similarity is costly per row (a common word matches most articles) and at most 1, so it is computed only for
 *   rows whose ts_rank_cd is within 1 of the page's last one (at most RERANKED): the same order as computing it
 *   for every match.
 * - Snippets by ts_headline with <mark>, computed over HTML-escaped text, so a snippet is safe to render as HTML.
 * - Matches come from `kb.search_matches` (migration 0002): it runs as the table owner so the GIN index serves @@
 *   (under row-level security it cannot), confined to the transaction's client; it takes the reader's readable
 *   restricting nodes and `canReadSql` filters its rows again, so grants stay enforced in SQL.
 */
async function searchArticles(
  tx: Tx,
  r: Reader,
  q: string,
  o: { section: string; tags?: string[]; parent?: string; limit: number; offset: number; trgm: string | null; any?: boolean },
): Promise<SearchRow[]> {
  const tagFilter = taggedWith(sql.raw('a.id'), o.tags);
  const words = queryWords(q);
  if (!words.length) return [];
  const fixes = await correctWords(tx, words);
  const group = (w: string, i: number) => (fixes[i].length ? `(${[`${w}:*`, ...fixes[i]].join(' | ')})` : `${w}:*`);
  // `any`: articles with any of the words (the assistant's questions), ranked as usual; otherwise all of them.
  const terms = words.map(group).join(o.any ? ' | ' : ' & ');
  const phrase = words.join(' ');
  // Both configurations OR-ed; one alone when they agree (common for Cyrillic prefixes): the same matches and
  // ranks, but ts_rank_cd costs about a third less than with the operand twice.
  const tsq = (t: string) =>
    sql`(CASE WHEN to_tsquery('simple', ${t}) = to_tsquery('russian', ${t}) THEN to_tsquery('simple', ${t}) ELSE to_tsquery('simple', ${t}) || to_tsquery('russian', ${t}) END)`;
  const similarity = o.trgm ? sql`${sql.raw(`${o.trgm}.word_similarity`)}(${phrase}, a.title)` : sql`0`;
  const within = o.parent
    ? sql`AND a.id IN (WITH RECURSIVE down(id) AS (SELECT id FROM kb.articles WHERE id = ${o.parent} UNION ALL SELECT c.id FROM kb.articles c JOIN down ON c.parent_id = down.id) SELECT id FROM down WHERE id <> ${o.parent})`
    : sql``;
  const esc = (col: string) => sql.raw(`replace(replace(replace(coalesce(${col}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`);
  const opts = 'StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
  const res = await queryRows(
    tx,
    sql`
    WITH q AS NOT MATERIALIZED (SELECT ${tsq(terms)} AS tsq),
    matches AS (
      SELECT a.id, a.updated_at, a.cd
      FROM q, kb.search_matches(q.tsq, ${o.section}, ${r.admin ? null : readableLiteral(r)}::uuid[]) a
      WHERE ${canReadSql(r, 'a')} ${within} ${tagFilter ? sql`AND ${tagFilter}` : sql``}
    ),
    -- The title similarity adds at most 1: nothing ranked below the page's last ts_rank_cd minus 1 can reach it.
    floor AS (SELECT cd - 1 AS cd FROM matches ORDER BY cd DESC LIMIT 1 OFFSET ${Math.max(0, o.offset + o.limit - 1)}),
    cand AS (
      SELECT m.id, m.cd FROM matches m
      WHERE m.cd >= coalesce((SELECT cd FROM floor), 0)
      ORDER BY m.cd DESC, m.updated_at DESC, m.id
      LIMIT ${RERANKED}
    ),
    hits AS (
      SELECT a.id, a.client_id, a.type, a.section, a.parent_id, a.title, a.sort_order, a.grants, a.acl_id, a.author_id, a.views,
             a.salary_from, a.salary_to, a.receivers, a.created_at, a.updated_at, a.body_text, a.file_names,
             c.cd + ${similarity} AS rank
      FROM cand c JOIN kb.articles a ON a.id = c.id
      ORDER BY rank DESC, a.updated_at DESC, a.id
      LIMIT ${o.limit} OFFSET ${o.offset}
    )
    SELECT h.*,
      (SELECT CASE WHEN strpos(x, '<mark>') > 0 THEN x ELSE ts_headline('simple', ${esc('h.body_text')} || ' ' || ${esc('h.file_names')}, q.tsq, ${opts}) END
         FROM (SELECT ts_headline('russian', ${esc('h.body_text')} || ' ' || ${esc('h.file_names')}, q.tsq, ${opts}) AS x) s) AS snippet,
      (SELECT CASE WHEN strpos(x, '<mark>') > 0 THEN x ELSE ts_headline('simple', ${esc('h.title')}, q.tsq, 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true') END
         FROM (SELECT ts_headline('russian', ${esc('h.title')}, q.tsq, 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true') AS x) s) AS title_highlight
    FROM hits h, q
    ORDER BY h.rank DESC, h.updated_at DESC, h.id`,
  );
  return res.map(searchRowOf);
}

/**
 * SQL of kb's full-text search (see `searchArticles` above). The pg_trgm schema is looked up once per database:
 * null when the database has no pg_trgm (a PostgreSQL server without contrib), and search then corrects query
 * words by substring only.
 */
@Injectable()
export class SearchRepository {
  private trgm: Promise<string | null> | undefined;

  constructor(@Inject(PORTS.db) private readonly db: Database) {}

  /** The schema pg_trgm lives in, or null. */
  trigramSchema(): Promise<string | null> {
    return (this.trgm ??= this.db
      .asSystem('kb: look for pg_trgm', async (tx) => {
        const [row] = await queryRows<{ nsp: string }>(
          tx,
          sql`SELECT n.nspname AS nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
        );
        const nsp = row?.nsp ?? null;
        return nsp && /^[a-z_][a-z0-9_]*$/.test(nsp) ? nsp : null;
      })
      .catch(() => null));
  }

  /** Ranked hits with snippets of what the reader may read (see `searchArticles`); `trgm` from `trigramSchema`. */
  search(
    tx: Tx,
    r: Reader,
    q: string,
    o: { section: string; tags?: string[]; parent?: string; limit: number; offset: number; trgm: string | null; any?: boolean },
  ) {
    return searchArticles(tx, r, q, o);
  }
}
