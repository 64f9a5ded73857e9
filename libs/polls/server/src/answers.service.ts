import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, POLL_DEFS, pollsEvents, type pollsRoutes, type Question } from '@intranet/polls-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors, type FieldErrorInput } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { randomUUID } from 'node:crypto';
import { answerablePoll, pollError, utcDay } from './access.ts';
import { PollsRepository } from './polls.repository.ts';

/** One answer as the web sends it and the sheet stores it: text, a range number, an option id or ids. */
type Value = string | number | string[];

/**
 * §5 checks of one answer sheet against the questions: mandatory questions answered; a range answer a whole number
 * within 1..range; single/multiple answers options of the question; texts within their length. Output: the values to
 * store (empty optional answers dropped). Errors: 400 with a field error per problem (`answers.<question id>`).
 */
export function checkAnswers(questions: Question[], given: Record<string, Value | null>): Record<string, Value> {
  const out: Record<string, Value> = {};
  const errors: FieldErrorInput[] = [];
  const fail = (q: Question, key: 'mandatoryAnswer' | 'outOfRange' | 'notAnOption', params?: Record<string, unknown>) =>
    errors.push({ field: `answers.${q._id}`, message: POLL_DEFS[key].text, code: POLL_DEFS[key].code, params });
  for (const q of questions) {
    const v = given[q._id];
    const empty = v === null || v === undefined || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);
    if (empty) {
      if (q.mandatory) fail(q, 'mandatoryAnswer');
      continue;
    }
    switch (q.kind) {
      case 'short':
      case 'long': {
        const max = q.kind === 'short' ? LIMITS.short : LIMITS.long;
        if (typeof v !== 'string') fail(q, 'mandatoryAnswer');
        else if (v.trim().length > max) errors.push({ field: `answers.${q._id}`, message: `Max ${max} symbols`, code: 'tooLong', params: { max } });
        else out[q._id] = v.trim();
        break;
      }
      case 'range': {
        const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > (q.range ?? 0)) fail(q, 'outOfRange', { min: 1, max: q.range });
        else out[q._id] = n;
        break;
      }
      case 'single': {
        if (typeof v !== 'string' || !q.answers.some((a) => a._id === v)) fail(q, 'notAnOption');
        else out[q._id] = v;
        break;
      }
      case 'multiple': {
        const ids = Array.isArray(v) ? [...new Set(v)] : typeof v === 'string' ? [v] : null;
        if (!ids || !ids.every((id) => q.answers.some((a) => a._id === id))) fail(q, 'notAnOption');
        else out[q._id] = q.answers.filter((a) => ids.includes(a._id)).map((a) => a._id);
        break;
      }
    }
  }
  if (errors.length) throw Errors.validation(errors);
  return out;
}

/**
 * Answering a poll (§5, §6 anonymous): one write path, one tenant transaction. The answer is checked against the
 * questions, "who has passed" is written apart from the sheet, and the events go to the outbox in the transaction.
 */
@Injectable()
export class AnswersService {
  constructor(
    private readonly repo: PollsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /**
   * POST api/poll/{_id}/answer {answers: {questionId: value}} → { _id, passed, answersCount } (added route, §5):
   * a recipient answers once while the poll is open. Anonymous polls store the sheet with no user and the day only,
   * under a random key; "who has passed" is written apart. Publishes evt.polls.poll.answered (to the answering user:
   * the shop accrues coins) and evt.polls.results.changed (live charts, no person in it).
   * Errors: 404; 403 'This poll is not for you'; 400 'The poll is finished'; 409 'You have already answered this
   * poll'; 400 field errors 'Answer this question', 'The answer is out of range', 'Choose one of the answers'.
   */
  async answer({ params, body }: RouteInput<typeof pollsRoutes.pollAnswer>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const day = utcDay();
      // FOR SHARE: answers run side by side, an edit (FOR UPDATE) waits for them and then sees them.
      const p = answerablePoll(await this.repo.find(tx, params._id, userId, 'share'), day);
      const values = checkAnswers(p.questions, body.answers);
      // The primary key of "passed" is what refuses a second answer that raced this one.
      if (!(await this.repo.markPassed(tx, clientId, p.id, userId))) throw pollError('alreadyAnswered');
      const anonymous = p.type === 'anonymous';
      const id = randomUUID();
      await this.repo.insertAnswer(tx, {
        id,
        clientId,
        pollId: p.id,
        userId: anonymous ? null : userId,
        day,
        answeredAt: anonymous ? null : new Date(),
        values,
      });
      const answersCount = await this.repo.countPassed(tx, p.id);
      await this.outbox.add(tx, pollsEvents.answered, clientId, { pollId: p.id, userId, userIds: [userId] });
      await this.outbox.add(tx, pollsEvents.resultsChanged, clientId, { pollId: p.id, answersCount });
      // The answer's key is not given back for anonymous polls (nothing may link a person to it).
      return { _id: anonymous ? p.id : id, passed: true as const, answersCount };
    });
  }
}
