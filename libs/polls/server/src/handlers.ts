import { ANONYMOUS_MIN_ANSWERS, POLL_CODES, POLL_TEXT, pollIssues, pollsEvents, type PollResults, type pollsRoutes } from '@intranet/polls-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { pageWindow, uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { signFileUrl } from '@intranet/platform-storage';
import { randomUUID } from 'node:crypto';
import { writeResultsWorkbook } from './excel.ts';
import { isAdmin, isPollManager, resolveRecipients, userOf, type Recipient } from './people.ts';
import { pollsRepository as repo, type PollWithMe } from './repository.ts';
import type { PollRow } from './schema.ts';
import {
  answerRowOut,
  canManage,
  canSeeResults,
  checkAnswers,
  isClosed,
  listItemOut,
  normalizeQuestions,
  pollError,
  pollOut,
  questionResults,
  TEXTS_IN_RESULTS,
  today,
} from './view.ts';

/** Lifetime of an Excel download URL (seconds). */
export const EXCEL_URL_TTL = 300;

const tenantOf = (ctx: RequestContext) => {
  if (!ctx.clientId || !ctx.userId) throw Errors.notFound();
  return { clientId: ctx.clientId, userId: ctx.userId };
};

/** 404 when absent; 403 'This poll is not for you' for someone neither managing nor receiving it. */
function visible(p: PollWithMe | undefined, ctx: RequestContext): PollWithMe {
  if (!p) throw Errors.notFound();
  if (!canManage(p, ctx) && !p.recipient) throw pollError('notRecipient');
  return p;
}

/** 404 when absent; 403 'No access' unless the caller is the poll's author or an administrator. */
function managed(p: PollWithMe | undefined, ctx: RequestContext): PollWithMe {
  if (!p) throw Errors.notFound();
  if (!canManage(p, ctx)) throw Errors.noAccess();
  return p;
}

const validation = (issues: ReturnType<typeof pollIssues>) => {
  if (issues.length) throw Errors.validation(issues);
};

/**
 * Handlers of the §7 Polls routes (one use case per write path). Input is already validated by the contract; the
 * §5 rules are checked again on the whole poll; each change is one transaction and writes its events to the outbox
 * in it. Recipients are resolved through people (a bus request, before the transaction) and kept per poll.
 */
export function pollsHandlers({ db, bus, outbox, storage, config }: DomainDeps): RouteHandlers<typeof pollsRoutes> {
  const secret = config.JWT_SECRET;
  if (!secret) throw new Error('polls needs JWT_SECRET to sign Excel download URLs');

  /**
   * What `ctx` may see of a poll's results (§6), or a 403: a recipient of an anonymous poll is told its results are
   * its managers' (pollResultsManagersOnly), not merely refused.
   */
  const scopeOf = (p: PollWithMe, ctx: RequestContext): PollResults['scope'] => {
    if (!canSeeResults(p, ctx)) throw p.type === 'anonymous' ? pollError('resultsManagersOnly') : Errors.noAccess();
    if (p.type === 'anonymous') return 'anonymous';
    return canManage(p, ctx) || p.type === 'opened' ? 'all' : 'own';
  };

  return {
    /**
     * §7 GET api/user/{clientId}/polls/access_for/{userId}?tab&search&page&limit → { polls, total, page, limit,
     * canCreate }: the /polls tabs of a user (oneself; an admin may ask for anyone of the client). Errors: 404 other
     * client, 403 'No access' for someone else's list, 404 'User not found'.
     */
    accessFor: async ({ params, query }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      if (params.clientId !== clientId) throw Errors.notFound();
      const self = params.userId === userId;
      if (!self && !isAdmin(ctx.roles)) throw Errors.noAccess();
      const roles = self ? ctx.roles : (await userOf(bus, ctx, params.userId)).roles;
      const w = pageWindow(query.page, query.limit, 100);
      const { rows, total } = await db.inTenant(ctx, (tx) =>
        repo.list(tx, { userId: params.userId, admin: isAdmin(roles), tab: query.tab, search: query.search || undefined, ...w }),
      );
      const as: RequestContext = { ...ctx, userId: params.userId, roles };
      return { polls: rows.map((r) => listItemOut(r, as)), total, page: query.page, limit: w.limit, canCreate: isPollManager(roles) };
    },

    /** §7 GET api/poll/{id} → the poll and the caller's own answer (personal polls). Errors: 404, 403 not a recipient. */
    get: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { userId } = tenantOf(ctx);
        const p = visible(await repo.find(tx, params.id, userId), ctx);
        const mine = p.type !== 'anonymous' && p.passedByMe ? await repo.answerOf(tx, p.id, userId) : undefined;
        return { ...pollOut(p, ctx), myAnswer: mine?.values ?? null };
      }),

    /**
     * §7 POST api/poll {name, description, type, questions, recipients, end_date} → the published poll (poll managers:
     * administrators and heads). §5 rules on the server; recipients resolved from the grants through people;
     * publishes evt.polls.poll.published to them. Errors: 403 'No access', 400 §5 field errors.
     */
    create: async ({ body }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      if (!isPollManager(ctx.roles)) throw Errors.noAccess();
      const questions = normalizeQuestions(body.questions);
      validation(pollIssues({ ...body, questions }));
      const list = await resolveRecipients(bus, clientId, body.recipients);
      return db.inTenant(ctx, async (tx) => {
        const row = await repo.insert(tx, {
          id: uuidv7(),
          clientId,
          name: body.name,
          description: body.description?.trim() || null,
          type: body.type,
          questions,
          grants: body.recipients,
          endDate: body.end_date ?? null,
          authorId: userId,
          recipientsCount: list.length,
        });
        await repo.setRecipients(tx, clientId, row.id, list);
        await outbox.add(tx, pollsEvents.published, clientId, {
          pollId: row.id,
          name: row.name,
          type: row.type,
          authorId: userId,
          userIds: list.map((r) => r.userId),
        });
        return pollOut({ ...row, answersCount: 0, passedByMe: false, recipient: list.some((r) => r.userId === userId) }, ctx);
      });
    },

    /**
     * §7 PUT api/poll/{_id}: its author or an admin. Until the first answer anything (re-targeting resolves the
     * recipients again and publishes to them); afterwards only name, description and end date — anything else is
     * 400 'The poll has answers: …'. §5 rules on the merged poll. Errors: 404, 403, 400.
     */
    update: async ({ params, body }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      // People answers through its own transaction: resolve before ours (embedded PGlite has one connection).
      let list: Recipient[] | null = null;
      if (body.recipients !== undefined) list = await resolveRecipients(bus, clientId, body.recipients);
      return db.inTenant(ctx, async (tx) => {
        const cur = managed(await repo.find(tx, params._id, userId, 'update'), ctx);
        const structural = (['type', 'questions', 'recipients'] as const).filter((k) => body[k] !== undefined);
        if (cur.answersCount > 0 && structural.length) {
          throw Errors.validation(structural.map((field) => ({ field, message: POLL_TEXT.lockedAfterAnswer, code: POLL_CODES.lockedAfterAnswer })));
        }
        const questions = body.questions !== undefined ? normalizeQuestions(body.questions) : cur.questions;
        const merged = {
          name: body.name ?? cur.name,
          type: body.type ?? cur.type,
          questions,
          recipients: body.recipients ?? cur.grants,
        };
        validation(pollIssues(merged));
        const set: Partial<PollRow> = { name: merged.name, type: merged.type, questions, grants: merged.recipients };
        if (body.description !== undefined) set.description = body.description?.trim() || null;
        if (body.end_date !== undefined) set.endDate = body.end_date;
        if (list) set.recipientsCount = list.length;
        const saved = await repo.update(tx, cur.id, set);
        if (list) {
          await repo.setRecipients(tx, clientId, cur.id, list);
          await outbox.add(tx, pollsEvents.published, clientId, {
            pollId: cur.id,
            name: saved.name,
            type: saved.type,
            authorId: cur.authorId,
            userIds: list.map((r) => r.userId),
          });
        }
        const recipient = list ? list.some((r) => r.userId === userId) : cur.recipient;
        return pollOut({ ...saved, answersCount: cur.answersCount, passedByMe: cur.passedByMe, recipient }, ctx);
      });
    },

    /** §7 PUT api/poll/{_id}/finish: no more answers; publishes evt.polls.poll.finished (once). Errors: 404, 403. */
    finish: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        const cur = managed(await repo.find(tx, params._id, userId, 'update'), ctx);
        if (cur.status === 'finished') return pollOut(cur, ctx);
        const saved = await repo.update(tx, cur.id, { status: 'finished', finishedAt: new Date() });
        await outbox.add(tx, pollsEvents.finished, clientId, { pollId: cur.id, authorId: cur.authorId });
        return pollOut({ ...cur, ...saved }, ctx);
      }),

    /**
     * POST api/poll/{_id}/answer {answers: {questionId: value}} → { _id, passed, answersCount } (added route, §5):
     * a recipient answers once while the poll is open. Anonymous polls store the sheet with no user and the day only,
     * under a random key; "who has passed" is written apart. Publishes evt.polls.poll.answered (to the answering user:
     * the shop accrues coins) and evt.polls.results.changed (live charts, no person in it).
     * Errors: 404; 403 'This poll is not for you'; 400 'The poll is finished'; 409 'You have already answered this
     * poll'; 400 field errors 'Answer this question', 'The answer is out of range', 'Choose one of the answers'.
     */
    answer: ({ params, body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        // FOR SHARE: answers run side by side, an edit (FOR UPDATE) waits for them and then sees them.
        const p = await repo.find(tx, params._id, userId, 'share');
        if (!p) throw Errors.notFound();
        if (!p.recipient) throw pollError('notRecipient');
        if (isClosed(p)) throw pollError('finished');
        if (p.passedByMe) throw pollError('alreadyAnswered');
        const values = checkAnswers(p.questions, body.answers);
        if (!(await repo.markPassed(tx, clientId, p.id, userId))) throw pollError('alreadyAnswered');
        const anonymous = p.type === 'anonymous';
        const id = randomUUID();
        await repo.insertAnswer(tx, {
          id,
          clientId,
          pollId: p.id,
          userId: anonymous ? null : userId,
          day: today(),
          answeredAt: anonymous ? null : new Date(),
          values,
        });
        const answersCount = await repo.countPassed(tx, p.id);
        await outbox.add(tx, pollsEvents.answered, clientId, { pollId: p.id, userId, userIds: [userId] });
        await outbox.add(tx, pollsEvents.resultsChanged, clientId, { pollId: p.id, answersCount });
        // The answer's key is not given back for anonymous polls (nothing may link a person to it).
        return { _id: anonymous ? p.id : id, passed: true as const, answersCount };
      }),

    /**
     * §7 GET api/poll/{id}/results?page&limit → per-question results, a page of the answers table, the not-passed
     * list. §6: managers see all (anonymous: depersonalised, a question hidden while fewer than 3 answered it, no
     * not-passed tab); recipients of an opened poll see everyone's, of a closed poll their own; anonymous polls'
     * results are for managers only. Errors: 404, 403 (pollResultsManagersOnly for a recipient of an anonymous poll).
     */
    results: ({ params, query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { userId } = tenantOf(ctx);
        const p = visible(await repo.find(tx, params.id, userId), ctx);
        const scope = scopeOf(p, ctx);
        const anonymous = scope === 'anonymous';
        const own = scope === 'own' ? userId : undefined;
        const questions = questionResults(p.questions, await repo.aggregate(tx, p.id, p.questions, own, TEXTS_IN_RESULTS), anonymous);
        const hidden = new Set(questions.filter((q) => q.hidden).map((q) => q._id));
        const w = pageWindow(query.page, query.limit, 500);
        const tooFew = anonymous && p.answersCount < ANONYMOUS_MIN_ANSWERS;
        const page = tooFew ? { rows: [], total: 0 } : await repo.answerPage(tx, p.id, { userId: own, ...w });
        const names = anonymous ? new Map<string, string>() : await repo.recipientNames(tx, p.id, page.rows.map((r) => r.userId!).filter(Boolean));
        const np = canManage(p, ctx) && !anonymous ? await repo.notPassed(tx, p.id, 500) : null;
        return {
          poll: pollOut(p, ctx),
          scope,
          questions,
          rows: page.rows.map((r) => answerRowOut(r, p.questions, anonymous, names, hidden)),
          rowsTotal: page.total,
          notPassed: np?.rows ?? null,
          notPassedTotal: np?.total ?? null,
        };
      }),

    /**
     * POST api/poll/{_id}/remind → { reminded }: publishes evt.polls.poll.reminded to the recipients who have not
     * answered (added route: the not-passed tab's "remind"). Errors: 404, 403 (not the author or an admin; anonymous
     * polls, which keep no such list), 400 'The poll is finished'.
     */
    remind: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        const p = managed(await repo.find(tx, params._id, userId), ctx);
        if (p.type === 'anonymous') throw Errors.noAccess();
        if (isClosed(p)) throw pollError('finished');
        const ids = await repo.notPassedIds(tx, p.id);
        if (ids.length) await outbox.add(tx, pollsEvents.reminded, clientId, { pollId: p.id, name: p.name, userIds: ids });
        return { reminded: ids.length };
      }),

    /** §7 DELETE api/poll/{id}: the poll with its answers (author or admin); evt.polls.poll.deleted. Errors: 404, 403. */
    remove: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        const cur = managed(await repo.find(tx, params.id, userId, 'update'), ctx);
        await repo.delete(tx, cur.id);
        await outbox.add(tx, pollsEvents.deleted, clientId, { pollId: cur.id });
        return { _id: cur.id };
      }),

    /**
     * §7 GET api/poll/{poll_id}/excel?uid → { url, fileName, size }: the results the caller may see (§6, as in
     * results) as .xlsx, written by exceljs's streaming writer straight into object storage (keyset pages of 1,000
     * answers: memory stays flat), answered with a signed download URL valid EXCEL_URL_TTL seconds. `uid` names the
     * user the export is for: the caller, or anyone for an admin. Errors: 404, 403, 500 'Excel export failed' (§8).
     */
    excel: async ({ params, query }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      if (query.uid && query.uid !== userId && !isAdmin(ctx.roles)) throw Errors.noAccess();
      const key = `${clientId}/polls/${randomUUID()}/poll-${params.poll_id.slice(0, 8)}-${today()}.xlsx`;
      const size = await db.inTenant(ctx, async (tx) => {
        const p = visible(await repo.find(tx, params.poll_id, userId), ctx);
        const scope = scopeOf(p, ctx);
        const anonymous = scope === 'anonymous';
        const own = scope === 'own' ? userId : undefined;
        const results = questionResults(p.questions, await repo.aggregate(tx, p.id, p.questions, own, TEXTS_IN_RESULTS), anonymous);
        const hidden = new Set(results.filter((q) => q.hidden).map((q) => q._id));
        const tooFew = anonymous && p.answersCount < ANONYMOUS_MIN_ANSWERS;
        const { stream, done } = writeResultsWorkbook({
          lang: ctx.lang,
          questions: p.questions,
          results,
          anonymous,
          hidden,
          names: (ids) => repo.recipientNames(tx, p.id, ids),
          pages: async function* () {
            if (tooFew) return;
            if (own) {
              const r = await repo.answerPage(tx, p.id, { userId: own, offset: 0, limit: 10 });
              yield r.rows;
              return;
            }
            let after: string | null = null;
            for (;;) {
              const rows = await repo.answersAfter(tx, p.id, after, 1000);
              if (!rows.length) return;
              yield rows;
              after = rows.at(-1)!.id;
            }
          },
        });
        try {
          const [put] = await Promise.all([
            storage.put(key, stream, { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
            done,
          ]);
          return put.size;
        } catch (err) {
          if (err instanceof DomainError) throw err;
          throw new DomainError('internal', POLL_TEXT.excelError, { code: POLL_CODES.excelError });
        }
      });
      return { url: signFileUrl(secret, key, EXCEL_URL_TTL), fileName: key.split('/').pop()!, size };
    },
  };
}
