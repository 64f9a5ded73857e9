import { Inject, Injectable } from '@nestjs/common';
import { ANONYMOUS_MIN_ANSWERS, POLL_ERRORS, type pollsRoutes } from '@intranet/polls-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, type Database, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { signFileUrl, type Storage } from '@intranet/platform-storage';
import { randomUUID } from 'node:crypto';
import { canExportFor, canManage, resultsScope, utcDay, visiblePoll, type PollWithMe } from './access.ts';
import { writeResultsWorkbook } from './excel.ts';
import { answerRowOut, pollOut, questionResults, TEXTS_IN_RESULTS } from './mapping.ts';
import { PollsRepository } from './polls.repository.ts';

/** Lifetime of an Excel download URL (seconds). */
export const EXCEL_URL_TTL = 300;

/** Answer rows a page of the Excel export reads (keyset paging: memory stays flat). */
const EXCEL_PAGE = 1000;

/**
 * A poll's results as the caller may see them (§6): on screen (§7 results) and as an Excel file (§7 excel). The
 * scope decision is access.ts `resultsScope`; anonymous polls hide a question while fewer than 3 answered it.
 */
@Injectable()
export class ResultsService {
  /** The secret the gateway checks the Excel download URLs with (JWT_SECRET, required by PollsModule). */
  private readonly secret: string;

  constructor(
    private readonly repo: PollsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.config) config: Config,
  ) {
    if (!config.JWT_SECRET) throw new Error('polls needs JWT_SECRET to sign Excel download URLs');
    this.secret = config.JWT_SECRET;
  }

  /**
   * §7 GET api/poll/{id}/results?page&limit → per-question results, a page of the answers table, the not-passed
   * list. §6: managers see all (anonymous: depersonalised, a question hidden while fewer than 3 answered it, no
   * not-passed tab); recipients of an opened poll see everyone's, of a closed poll their own; anonymous polls'
   * results are for managers only. Errors: 404, 403 (pollResultsManagersOnly for a recipient of an anonymous poll).
   */
  async results({ params, query }: RouteInput<typeof pollsRoutes.pollResults>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const s = await this.summary(tx, params.id, caller);
      const { p, anonymous, own, hidden } = s;
      const w = pageWindow(query.page, query.limit, 500);
      const page = s.tooFew ? { rows: [], total: 0 } : await this.repo.answerPage(tx, p.id, { userId: own, ...w });
      const ids = page.rows.flatMap((r) => (r.userId ? [r.userId] : []));
      const names = anonymous ? new Map<string, string>() : await this.repo.recipientNames(tx, p.id, ids);
      const np = canManage(p, caller) && !anonymous ? await this.repo.notPassed(tx, p.id, 500) : null;
      return {
        poll: pollOut(p, caller),
        scope: s.scope,
        questions: s.questions,
        rows: page.rows.map((r) => answerRowOut(r, p.questions, anonymous, names, hidden)),
        rowsTotal: page.total,
        notPassed: np?.rows ?? null,
        notPassedTotal: np?.total ?? null,
      };
    });
  }

  /**
   * §7 GET api/poll/{poll_id}/excel?uid → { url, fileName, size }: the results the caller may see (§6, as in
   * results) as .xlsx, written by exceljs's streaming writer straight into object storage (keyset pages of 1,000
   * answers: memory stays flat), answered with a signed download URL valid EXCEL_URL_TTL seconds. `uid` names the
   * user the export is for: the caller, or anyone for an admin. Errors: 404, 403, 500 'Excel export failed' (§8).
   */
  async excel({ params, query }: RouteInput<typeof pollsRoutes.pollExcel>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (!canExportFor(caller, query.uid)) throw Errors.noAccess();
    const key = `${caller.clientId}/polls/${randomUUID()}/poll-${params.poll_id.slice(0, 8)}-${utcDay()}.xlsx`;
    const size = await this.db.inTenant(ctx, async (tx) => {
      const { p, anonymous, own, hidden, questions, tooFew } = await this.summary(tx, params.poll_id, caller);
      const repo = this.repo;
      const { stream, done } = writeResultsWorkbook({
        lang: ctx.lang,
        questions: p.questions,
        results: questions,
        anonymous,
        hidden,
        names: (ids) => repo.recipientNames(tx, p.id, ids),
        pages: async function* () {
          if (tooFew) return;
          if (own) {
            yield (await repo.answerPage(tx, p.id, { userId: own, offset: 0, limit: 10 })).rows;
            return;
          }
          for (let after: string | null = null; ;) {
            const rows = await repo.answersAfter(tx, p.id, after, EXCEL_PAGE);
            if (!rows.length) return;
            yield rows;
            after = rows.at(-1)!.id;
          }
        },
      });
      try {
        const [put] = await Promise.all([
          this.storage.put(key, stream, { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
          done,
        ]);
        return put.size;
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw Errors.coded(POLL_ERRORS.pollExcelError);
      }
    });
    return { url: signFileUrl(this.secret, key, EXCEL_URL_TTL), fileName: key.split('/').pop()!, size };
  }

  /**
   * The poll, what the caller may see of it and its per-question results: `own` narrows to the caller's answers
   * (closed polls' recipients), `hidden` the questions an anonymous poll hides, `tooFew` no rows at all (anonymous
   * under 3 answers). Errors: as visiblePoll and resultsScope.
   */
  private async summary(tx: Tx, pollId: string, caller: Caller) {
    const p: PollWithMe = visiblePoll(await this.repo.find(tx, pollId, caller.userId), caller);
    const scope = resultsScope(p, caller);
    const anonymous = scope === 'anonymous';
    const own = scope === 'own' ? caller.userId : undefined;
    const questions = questionResults(p.questions, await this.repo.aggregate(tx, p.id, p.questions, own, TEXTS_IN_RESULTS), anonymous);
    const hidden: ReadonlySet<string> = new Set(questions.filter((q) => q.hidden).map((q) => q._id));
    return { p, scope, anonymous, own, questions, hidden, tooFew: anonymous && p.answersCount < ANONYMOUS_MIN_ANSWERS };
  }
}
