import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { mayOpen, type Reader } from './access.ts';
import type { PromptArticle } from './assistant-prompt.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { queryWords, SearchRepository } from './search.repository.ts';

/** Articles a question brings into the prompt. */
export const SOURCES = 5;
/** Question words shorter than this are not searched alone (articles, prepositions). */
const MIN_WORD = 3;

/**
 * Retrieval of the assistant (issue 37) through kb's own full-text search (SearchRepository: the reader's grants
 * are applied in its SQL, as for GET access_for?search=), so the model only ever sees what the asker may read.
 */
@Injectable()
export class AssistantRetrieval {
  constructor(
    private readonly search: SearchRepository,
    private readonly articles: ArticlesRepository,
  ) {}

  /** The pg_trgm schema for `retrieve`: looked up outside the caller's transaction (embedded PGlite has one connection). */
  trigramSchema(): Promise<string | null> {
    return this.search.trigramSchema();
  }

  /**
   * The best SOURCES articles (not folders or files) for `question` among those `r` may read, with their plain text.
   * kb's search matches every word; a question rarely shares all its words with an article, so when that finds
   * fewer than SOURCES, a second search takes articles with any word of at least MIN_WORD letters (ranked by
   * ts_rank_cd: more and rarer words first), after those of the first.
   */
  async retrieve(tx: Tx, r: Reader, question: string, trgm: string | null): Promise<PromptArticle[]> {
    const find = (q: string, any = false) => this.search.search(tx, r, q, { section: 'kb', limit: SOURCES * 2, offset: 0, trgm, any });
    const score = new Map<string, number>();
    const add = (rows: Awaited<ReturnType<typeof find>>) => {
      for (const h of rows) if (h.type === 'article') score.set(h.id, (score.get(h.id) ?? 0) + h.rank);
    };
    add(await find(question));
    if (score.size < SOURCES) {
      // The whole question's hits stay first (their rank counts once more than any single word's).
      for (const id of score.keys()) score.set(id, score.get(id)! + 1000);
      const words = [...new Set(queryWords(question).filter((x) => x.length >= MIN_WORD))];
      if (words.length) add(await find(words.join(' '), true));
    }
    const best = [...score.entries()].sort((a, b) => b[1] - a[1]).slice(0, SOURCES);
    const out: PromptArticle[] = [];
    for (const [id] of best) {
      const row = await this.articles.byId(tx, id);
      // Checked again on the full row: a source the asker cannot open never reaches the model.
      if (row && mayOpen(r, row, 1)) out.push({ id: row.id, title: row.title, text: row.bodyText });
    }
    return out;
  }
}
