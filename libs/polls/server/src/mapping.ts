import { ANONYMOUS_MIN_ANSWERS, type AnswerRow, type Poll, type PollListItem, type Question, type QuestionResult } from '@intranet/polls-contract';
import { canManage, canSeeResults, isClosed, type PollWithMe, type Who } from './access.ts';
import type { AnswerRowDb } from './schema.ts';

/** Rows → the §7 Polls API shapes (pure: the rows, the caller and the questions as given). */

/** A poll row as the API gives it to `who` (grants only to its managers; `canManage`/`canSeeResults` for the web). */
export function pollOut(p: PollWithMe, who: Who): Poll {
  const manage = canManage(p, who);
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
    recipientsCount: p.recipientsCount,
    answersCount: p.answersCount,
    passed: p.passedByMe,
    recipient: p.recipient,
    canManage: manage,
    canSeeResults: canSeeResults(p, who),
    locked: p.answersCount > 0,
  };
}

/** A poll of the /polls tabs: the poll without its questions and grants, with how many questions it has. */
export const listItemOut = (p: PollWithMe & { questionsCount: number }, who: Who): PollListItem => {
  const { questions: _q, recipients: _r, ...rest } = pollOut(p, who);
  return { ...rest, questionsCount: p.questionsCount };
};

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
