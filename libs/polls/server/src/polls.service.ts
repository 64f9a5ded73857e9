import { Inject, Injectable } from '@nestjs/common';
import { POLL_ERRORS, pollIssues, pollsEvents, type pollsRoutes, type Question, type QuestionInput } from '@intranet/polls-contract';
import { isAdmin, requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database } from '@intranet/platform-db';
import { Errors, fieldOf } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { randomBytes } from 'node:crypto';
import { canListFor, isPollManager, managedPoll, remindablePoll, visiblePoll } from './access.ts';
import { listItemOut, pollOut } from './mapping.ts';
import { PollsRepository } from './polls.repository.ts';
import { RecipientsService, type Recipient } from './recipients.service.ts';
import type { PollRow } from './schema.ts';

/** A short random id for questions and options (stable across edits once given). */
const shortId = () => randomBytes(6).toString('base64url');

/**
 * Questions as stored: ids kept when given (and unique, URL-safe), new ones for the rest; texts trimmed; range only
 * on range questions, options only on list questions.
 */
export function normalizeQuestions(qs: QuestionInput[]): Question[] {
  const seen = new Set<string>();
  const fresh = (id?: string) => {
    let v = id && /^[A-Za-z0-9_-]{1,40}$/.test(id) && !seen.has(id) ? id : shortId();
    while (seen.has(v)) v = shortId();
    seen.add(v);
    return v;
  };
  return qs.map((q) => {
    const list = q.kind === 'single' || q.kind === 'multiple';
    return {
      _id: fresh(q._id),
      text: q.text.trim(),
      mandatory: !!q.mandatory,
      kind: q.kind,
      range: q.kind === 'range' ? (q.range ?? null) : null,
      answers: list ? (q.answers ?? []).map((a) => ({ _id: fresh(a._id), text: a.text.trim() })) : [],
    };
  });
}

/** §5 Poll rules on the whole poll (the contract's `pollIssues`). Errors: 400 with one field error per problem. */
function checkPoll(p: Parameters<typeof pollIssues>[0]): void {
  const issues = pollIssues(p);
  if (issues.length) throw Errors.validation(issues);
}

/**
 * The polls' lifecycle (§7 Polls): the /polls tabs, one poll, publish, edit, finish, remind, delete. Each change is
 * one tenant transaction that writes its events to the outbox in it; recipients are resolved through people before
 * the transaction (embedded PGlite has one connection, and people answers through its own).
 */
@Injectable()
export class PollsService {
  constructor(
    private readonly repo: PollsRepository,
    private readonly recipients: RecipientsService,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /**
   * §7 GET api/user/{clientId}/polls/access_for/{userId}?tab&search&page&limit → { polls, total, page, limit,
   * canCreate }: the /polls tabs of a user (oneself; an admin may ask for anyone of the client). Errors: 404 other
   * client, 403 'No access' for someone else's list, 404 'User not found'.
   */
  async accessFor({ params, query }: RouteInput<typeof pollsRoutes.pollAccessFor>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (params.clientId !== caller.clientId) throw Errors.notFound();
    if (!canListFor(caller, params.userId)) throw Errors.noAccess();
    const roles = params.userId === caller.userId ? caller.roles : await this.recipients.rolesOf(caller.clientId, params.userId);
    const w = pageWindow(query.page, query.limit, 100);
    const { rows, total } = await this.db.inTenant(ctx, (tx) =>
      this.repo.list(tx, { userId: params.userId, admin: isAdmin(roles), tab: query.tab, search: query.search || undefined, ...w }),
    );
    const as = { userId: params.userId, roles };
    return { polls: rows.map((r) => listItemOut(r, as)), total, page: query.page, limit: w.limit, canCreate: isPollManager(roles) };
  }

  /** §7 GET api/poll/{id} → the poll and the caller's own answer (personal polls). Errors: 404, 403 not a recipient. */
  async get({ params }: RouteInput<typeof pollsRoutes.pollGet>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const p = visiblePoll(await this.repo.find(tx, params.id, caller.userId), caller);
      const mine = p.type !== 'anonymous' && p.passedByMe ? await this.repo.answerOf(tx, p.id, caller.userId) : undefined;
      return { ...pollOut(p, caller), myAnswer: mine?.values ?? null };
    });
  }

  /**
   * §7 POST api/poll {name, description, type, questions, recipients, end_date} → the published poll (poll managers:
   * administrators and holders of poll_manager). §5 rules on the server; recipients resolved from the grants through
   * people; publishes evt.polls.poll.published to them. Errors: 403 'No access', 400 §5 field errors.
   */
  async create({ body }: RouteInput<typeof pollsRoutes.pollCreate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (!isPollManager(caller.roles)) throw Errors.noAccess();
    const questions = normalizeQuestions(body.questions);
    checkPoll({ ...body, questions });
    const list = await this.recipients.resolve(caller.clientId, body.recipients);
    return this.db.inTenant(ctx, async (tx) => {
      const row = await this.repo.insert(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        name: body.name,
        description: body.description?.trim() || null,
        type: body.type,
        questions,
        grants: body.recipients,
        endDate: body.end_date ?? null,
        authorId: caller.userId,
        recipientsCount: list.length,
      });
      await this.repo.setRecipients(tx, caller.clientId, row.id, list);
      await this.outbox.add(tx, pollsEvents.published, caller.clientId, {
        pollId: row.id,
        name: row.name,
        type: row.type,
        authorId: caller.userId,
        userIds: list.map((r) => r.userId),
      });
      return pollOut({ ...row, answersCount: 0, passedByMe: false, recipient: list.some((r) => r.userId === caller.userId) }, caller);
    });
  }

  /**
   * §7 PUT api/poll/{_id}: its author or an admin. Until the first answer anything (re-targeting resolves the
   * recipients again and publishes to them); afterwards only name, description and end date — anything else is
   * 400 'The poll has answers: …'. §5 rules on the merged poll. Errors: 404, 403, 400.
   */
  async update({ params, body }: RouteInput<typeof pollsRoutes.pollUpdate>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const list: Recipient[] | null = body.recipients !== undefined ? await this.recipients.resolve(caller.clientId, body.recipients) : null;
    return this.db.inTenant(ctx, async (tx) => {
      const cur = managedPoll(await this.repo.find(tx, params._id, caller.userId, 'update'), caller);
      const structural = (['type', 'questions', 'recipients'] as const).filter((k) => body[k] !== undefined);
      if (cur.answersCount > 0 && structural.length) {
        throw Errors.validation(structural.map((field) => fieldOf(field, POLL_ERRORS.pollLocked)));
      }
      const questions = body.questions !== undefined ? normalizeQuestions(body.questions) : cur.questions;
      const merged = { name: body.name ?? cur.name, type: body.type ?? cur.type, questions, recipients: body.recipients ?? cur.grants };
      checkPoll(merged);
      const set: Partial<PollRow> = { name: merged.name, type: merged.type, questions, grants: merged.recipients };
      if (body.description !== undefined) set.description = body.description?.trim() || null;
      if (body.end_date !== undefined) set.endDate = body.end_date;
      if (list) set.recipientsCount = list.length;
      const saved = await this.repo.update(tx, cur.id, set);
      if (list) {
        await this.repo.setRecipients(tx, caller.clientId, cur.id, list);
        await this.outbox.add(tx, pollsEvents.published, caller.clientId, {
          pollId: cur.id,
          name: saved.name,
          type: saved.type,
          authorId: cur.authorId,
          userIds: list.map((r) => r.userId),
        });
      }
      const recipient = list ? list.some((r) => r.userId === caller.userId) : cur.recipient;
      return pollOut({ ...saved, answersCount: cur.answersCount, passedByMe: cur.passedByMe, recipient }, caller);
    });
  }

  /** §7 PUT api/poll/{_id}/finish: no more answers; publishes evt.polls.poll.finished (once). Errors: 404, 403. */
  async finish({ params }: RouteInput<typeof pollsRoutes.pollFinish>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = managedPoll(await this.repo.find(tx, params._id, caller.userId, 'update'), caller);
      if (cur.status === 'finished') return pollOut(cur, caller);
      const saved = await this.repo.update(tx, cur.id, { status: 'finished', finishedAt: new Date() });
      await this.outbox.add(tx, pollsEvents.finished, caller.clientId, { pollId: cur.id, authorId: cur.authorId });
      return pollOut({ ...cur, ...saved }, caller);
    });
  }

  /**
   * POST api/poll/{_id}/remind → { reminded }: publishes evt.polls.poll.reminded to the recipients who have not
   * answered (added route: the not-passed tab's "remind"). Errors: 404, 403 (not the author or an admin; anonymous
   * polls, which keep no such list), 400 'The poll is finished'.
   */
  async remind({ params }: RouteInput<typeof pollsRoutes.pollRemind>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const p = remindablePoll(await this.repo.find(tx, params._id, caller.userId), caller);
      const ids = await this.repo.notPassedIds(tx, p.id);
      if (ids.length) await this.outbox.add(tx, pollsEvents.reminded, caller.clientId, { pollId: p.id, name: p.name, userIds: ids });
      return { reminded: ids.length };
    });
  }

  /** §7 DELETE api/poll/{id}: the poll with its answers (author or admin); evt.polls.poll.deleted. Errors: 404, 403. */
  async remove({ params }: RouteInput<typeof pollsRoutes.pollDelete>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = managedPoll(await this.repo.find(tx, params.id, caller.userId, 'update'), caller);
      await this.repo.delete(tx, cur.id);
      await this.outbox.add(tx, pollsEvents.deleted, caller.clientId, { pollId: cur.id });
      return { _id: cur.id };
    });
  }
}
