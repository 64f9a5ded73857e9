import {
  ANONYMOUS_MIN_ANSWERS,
  LIMITS,
  POLL_CODES,
  POLL_TEXT,
  type AnswerRow,
  type Poll,
  type PollListItem,
  type Question,
  type QuestionInput,
  type QuestionResult,
} from '@intranet/polls-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { DomainError, Errors, type FieldErrorInput } from '@intranet/platform-errors';
import { randomBytes } from 'node:crypto';
import { isAdmin } from './people.ts';
import type { PollWithMe } from './repository.ts';
import type { AnswerRowDb, PollRow } from './schema.ts';

/** A short random id for questions and options (stable across edits once given). */
export const shortId = () => randomBytes(6).toString('base64url');

/** Today's UTC date, YYYY-MM-DD (the only time an anonymous answer keeps). */
export const today = () => new Date().toISOString().slice(0, 10);

/** Whether the poll takes no more answers (finished, or past its end date). */
export const isClosed = (p: Pick<PollRow, 'status' | 'endDate'>) => p.status === 'finished' || (!!p.endDate && p.endDate < today());

/** The caller manages the poll: its author or an administrator (§6). */
export const canManage = (p: Pick<PollRow, 'authorId'>, ctx: RequestContext) => isAdmin(ctx.roles) || (!!ctx.userId && p.authorId === ctx.userId);

/** §6: managers always; recipients of opened and closed polls (closed: their own answers only); anonymous: managers only. */
export const canSeeResults = (p: PollWithMe, ctx: RequestContext) => canManage(p, ctx) || (p.recipient && p.type !== 'anonymous');

/** Errors of §5 rules with their codes: 400 validation, one field error per problem. */
export const pollError = (key: keyof typeof POLL_TEXT, field?: string, params?: Record<string, unknown>) =>
  field
    ? Errors.validation([{ field, message: POLL_TEXT[key], code: POLL_CODES[key], params }])
    : new DomainError(
        key === 'alreadyAnswered' ? 'conflict' : key === 'notRecipient' || key === 'resultsManagersOnly' ? 'forbidden' : 'bad_request',
        POLL_TEXT[key],
        {
          code: POLL_CODES[key],
          params,
        },
      );

/** Questions as stored: ids given to new questions and options, range only on range questions, options only on lists. */
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

/** A poll row as answers give it to `ctx`. */
export function pollOut(p: PollWithMe, ctx: RequestContext, recipientsCount = p.recipientsCount): Poll {
  const manage = canManage(p, ctx);
  return {
    _id: p.id,
    client_id: p.clientId,
    name: p.name,
    description: p.description,
    type: p.type,
    questions: p.questions,
    recipients: manage ? p.grants : [],
    status: isClosed(p) ? 'finished' : 'active',
    end_date: p.endDate,
    author: p.authorId,
    created: p.createdAt.toISOString(),
    finished: p.finishedAt?.toISOString() ?? null,
    recipientsCount,
    answersCount: p.answersCount,
    passed: p.passedByMe,
    recipient: p.recipient,
    canManage: manage,
    canSeeResults: canSeeResults(p, ctx),
    locked: p.answersCount > 0,
  };
}

export const listItemOut = (p: PollWithMe & { questionsCount: number }, ctx: RequestContext): PollListItem => {
  const { questions: _q, recipients: _r, ...rest } = pollOut(p, ctx);
  return { ...rest, questionsCount: p.questionsCount };
};

type Value = string | number | string[];

/**
 * §5 checks of one answer sheet against the questions: mandatory questions answered; a range answer a whole number
 * within 1..range; single/multiple answers options of the question; texts within their length. Output: the values to
 * store (empty optional answers dropped). Errors: 400 with a field error per problem (`answers.<question id>`).
 */
export function checkAnswers(questions: Question[], given: Record<string, Value | null>): Record<string, Value> {
  const out: Record<string, Value> = {};
  const errors: FieldErrorInput[] = [];
  const fail = (q: Question, key: keyof typeof POLL_TEXT, params?: Record<string, unknown>) =>
    errors.push({ field: `answers.${q._id}`, message: POLL_TEXT[key], code: POLL_CODES[key], params });
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

/** Most texts a short/long question's results list (the answers table and the Excel file hold all of them). */
export const TEXTS_IN_RESULTS = 200;

/**
 * Per-question results from the aggregate rows. `hideUnder`: an anonymous poll hides a question while fewer than
 * ANONYMOUS_MIN_ANSWERS answered it.
 */
export function questionResults(
  questions: Question[],
  agg: { values: { q: string; v: string | null; n: number }[]; answered: Map<string, number> },
  anonymous: boolean,
): QuestionResult[] {
  return questions.map((q) => {
    const answered = agg.answered.get(q._id) ?? 0;
    const hidden = anonymous && answered < ANONYMOUS_MIN_ANSWERS;
    const rows = hidden ? [] : agg.values.filter((r) => r.q === q._id && r.v !== null);
    const count = (key: string) => rows.filter((r) => r.v === key).reduce((s, r) => s + r.n, 0);
    let counts: QuestionResult['counts'] = [];
    let average: number | null = null;
    let texts: string[] = [];
    if (q.kind === 'single' || q.kind === 'multiple') counts = q.answers.map((a) => ({ key: a._id, label: a.text, count: count(a._id) }));
    else if (q.kind === 'range') {
      counts = Array.from({ length: q.range ?? 0 }, (_, i) => ({ key: String(i + 1), label: String(i + 1), count: count(String(i + 1)) }));
      const total = counts.reduce((s, c) => s + c.count, 0);
      average = hidden || !total ? null : Math.round((counts.reduce((s, c) => s + Number(c.key) * c.count, 0) / total) * 100) / 100;
    } else {
      texts = rows
        .flatMap((r) => Array.from({ length: Math.min(r.n, TEXTS_IN_RESULTS) }, () => r.v!))
        .sort((a, b) => a.localeCompare(b))
        .slice(0, TEXTS_IN_RESULTS);
    }
    return { _id: q._id, text: q.text, kind: q.kind, range: q.range, answered, hidden, counts, average, texts };
  });
}

/** One stored answer as text per question (options by their texts joined with '; '); hidden questions left out. */
export function answerTexts(questions: Question[], values: AnswerRowDb['values'], hidden: ReadonlySet<string> = new Set()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    if (hidden.has(q._id)) continue;
    const v = values[q._id];
    if (v === undefined || v === null) continue;
    if (q.kind === 'single') out[q._id] = q.answers.find((a) => a._id === v)?.text ?? '';
    else if (q.kind === 'multiple') out[q._id] = (Array.isArray(v) ? v : [v]).map((id) => q.answers.find((a) => a._id === id)?.text ?? '').join('; ');
    else out[q._id] = String(v);
  }
  return out;
}

/** An answers-table row: anonymous rows carry no user and no day. */
export function answerRowOut(r: AnswerRowDb, questions: Question[], anonymous: boolean, names: Map<string, string>, hidden: ReadonlySet<string>): AnswerRow {
  return {
    _id: r.id,
    user: anonymous || !r.userId ? null : { _id: r.userId, name: names.get(r.userId) ?? '' },
    day: anonymous ? '' : r.day,
    values: answerTexts(questions, r.values, hidden),
  };
}
