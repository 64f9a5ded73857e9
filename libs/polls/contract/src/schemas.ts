import { grantSchema } from '@intranet/kb-contract';
import { IsoDate, V, z } from '@intranet/platform-contracts';
import { POLL_CODES, POLL_ERRORS as E } from './codes.ts';

// §3 Poll and its questions, answers and results as zod schemas, with the §5 rules of a whole poll (`pollIssues`).

/** §3 Poll types: opened (recipients see results), closed (employees see their own), anonymous (depersonalised). */
export const POLL_TYPES = ['opened', 'closed', 'anonymous'] as const;
export type PollType = (typeof POLL_TYPES)[number];
/** §3 question kinds. */
export const QUESTION_KINDS = ['short', 'long', 'range', 'single', 'multiple'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
/** §9 ranges 1-5, 1-10, 1-100. */
export const RANGES = [5, 10, 100] as const;
/** §9 at most 15 answers per list question. */
export const MAX_ANSWERS = 15;
/** Most questions a poll holds. */
export const MAX_QUESTIONS = 100;
/** Anonymous polls hide a question's results while fewer people answered it (k-anonymity threshold). */
export const ANONYMOUS_MIN_ANSWERS = 3;
/** Longest short answer, long answer, question and option texts. */
export const LIMITS = { title: 200, description: 5000, question: 500, option: 200, short: 500, long: 5000 } as const;

/** §5 / §8 poll texts (server and web say the same thing): the texts of POLL_ERRORS, by the keys of POLL_CODES. */
export const POLL_TEXT = {
  titleRequired: E.pollTitleRequired.text,
  questionsRequired: E.pollQuestionsRequired.text,
  questionEmpty: E.pollQuestionEmpty.text,
  mandatoryRequired: E.pollMandatoryRequired.text,
  answersRequired: E.pollAnswersRequired.text,
  answerEmpty: E.pollAnswerEmpty.text,
  answersMax: `Max ${MAX_ANSWERS} answers`,
  recipientsRequired: E.pollRecipientsRequired.text,
  mandatoryAnswer: E.pollMandatoryAnswer.text,
  outOfRange: E.pollOutOfRange.text,
  notAnOption: E.pollNotAnOption.text,
  alreadyAnswered: E.pollAlreadyAnswered.text,
  finished: E.pollFinished.text,
  notRecipient: E.pollNotRecipient.text,
  /** §6 anonymous: the results are depersonalised for the poll's managers; its recipients do not see them. */
  resultsManagersOnly: E.pollResultsManagersOnly.text,
  lockedAfterAnswer: E.pollLocked.text,
  /** §8 Polls: load with no response. */
  noResponse: E.noResponse.text,
  /** §8 Excel export errors. */
  excelError: E.pollExcelError.text,
} as const satisfies Record<keyof typeof POLL_CODES, string>;

const text = (max: number) => z.string().trim().max(max, V.max(max));

/** One answer option of a list question; `_id` kept across edits (answers refer to it). */
export const optionSchema = z.object({
  _id: z.string().max(40).optional(),
  text: z.string({ error: POLL_TEXT.answerEmpty }).trim().max(LIMITS.option, V.max(LIMITS.option)),
});

/** One question as a manager writes it (§3: text, mandatory flag, kind, range, answers). */
export const questionInput = z.object({
  _id: z.string().max(40).optional(),
  text: z.string({ error: POLL_TEXT.questionEmpty }).trim().max(LIMITS.question, V.max(LIMITS.question)),
  mandatory: z.boolean().default(false),
  kind: z.enum(QUESTION_KINDS, { error: V.required }),
  /** range questions: 5, 10 or 100 (the scale is 1..range). */
  range: z
    .union([z.literal(5), z.literal(10), z.literal(100)])
    .nullable()
    .optional(),
  /** single / multiple questions: 1..15 options. */
  answers: z.array(optionSchema).max(1000).optional(),
});
export type QuestionInput = z.input<typeof questionInput>;

/** A §5 problem of a poll: the field path, the text and its code. */
export interface PollIssue {
  field: string;
  message: string;
  code: string;
  params?: Record<string, unknown>;
}

const issue = (field: string, key: keyof typeof POLL_TEXT, params?: Record<string, unknown>): PollIssue => ({
  field,
  message: POLL_TEXT[key],
  code: POLL_CODES[key],
  ...(params ? { params } : {}),
});

/**
 * §5 Poll rules on a whole poll (create, or an update merged with the stored poll): title required; at least one
 * question; every question filled; at least one mandatory; list questions need answers; answers not empty; at most
 * 15 answers; range questions a §9 range; a closed poll needs recipients. Output: every problem (empty when valid).
 */
export function pollIssues(p: {
  name?: string | null;
  type?: string;
  questions?: { text?: string | null; mandatory?: boolean; kind?: string; range?: number | null; answers?: { text?: string | null }[] }[];
  recipients?: unknown[] | null;
}): PollIssue[] {
  const out: PollIssue[] = [];
  if (!p.name?.trim()) out.push(issue('name', 'titleRequired'));
  const qs = p.questions ?? [];
  if (!qs.length) out.push(issue('questions', 'questionsRequired'));
  else if (!qs.some((q) => q.mandatory)) out.push(issue('questions', 'mandatoryRequired'));
  qs.forEach((q, i) => {
    if (!q.text?.trim()) out.push(issue(`questions.${i}.text`, 'questionEmpty'));
    if (q.kind === 'range' && !RANGES.includes(q.range as (typeof RANGES)[number]))
      out.push({ field: `questions.${i}.range`, message: V.required, code: 'required' });
    if (q.kind === 'single' || q.kind === 'multiple') {
      const answers = q.answers ?? [];
      if (!answers.length) out.push(issue(`questions.${i}.answers`, 'answersRequired'));
      if (answers.length > MAX_ANSWERS) out.push(issue(`questions.${i}.answers`, 'answersMax', { max: MAX_ANSWERS }));
      answers.forEach((a, j) => {
        if (!a.text?.trim()) out.push(issue(`questions.${i}.answers.${j}.text`, 'answerEmpty'));
      });
    }
  });
  if (p.type === 'closed' && !p.recipients?.length) out.push(issue('recipients', 'recipientsRequired'));
  return out;
}

const pollFields = z.object({
  /** §3 name: the poll's title (§5 "title required"). */
  name: z.string({ error: POLL_TEXT.titleRequired }).trim().max(LIMITS.title, V.max(LIMITS.title)),
  description: text(LIMITS.description).nullable().optional(),
  type: z.enum(POLL_TYPES, { error: V.required }),
  questions: z.array(questionInput).max(MAX_QUESTIONS, `Max ${MAX_QUESTIONS} questions`),
  /** §6 grants (the knowledge base's targets); empty: everyone of the client (not allowed for closed polls). */
  recipients: z.array(grantSchema).max(200).default([]),
  /** Last day answers are taken (YYYY-MM-DD, inclusive), or null for no end. */
  end_date: IsoDate.nullable().optional(),
});

/** POST api/poll body: every §5 rule checked here and again on the server (one answer lists every problem). */
export const pollCreate = pollFields.superRefine((p, ctx) => {
  // Each issue carries its contract code (`params.code`), so the field error needs no look-up by text.
  for (const i of pollIssues(p))
    ctx.addIssue({
      code: 'custom',
      path: i.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      message: i.message,
      params: { ...i.params, code: i.code },
    });
});
/** PUT api/poll/{_id} body: any fields; after the first answer only name, description and end_date may change. */
export const pollUpdate = pollFields.partial().extend({ recipients: z.array(grantSchema).max(200).optional() });

/** A question as answers give it: options carry their ids. */
export const questionSchema = z.object({
  _id: z.string(),
  text: z.string(),
  mandatory: z.boolean(),
  kind: z.enum(QUESTION_KINDS),
  range: z.number().nullable(),
  answers: z.array(z.object({ _id: z.string(), text: z.string() })),
});
export type Question = z.infer<typeof questionSchema>;

export const POLL_STATUSES = ['active', 'finished'] as const;

/** §3 Poll as answers give it; `passed`, `canManage` and `answered` describe the caller. */
export const pollSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(POLL_TYPES),
  questions: z.array(questionSchema),
  /** The grants (shown to managers; others get an empty list). */
  recipients: z.array(grantSchema),
  status: z.enum(POLL_STATUSES),
  end_date: z.string().nullable(),
  author: z.string().nullable(),
  created: z.string(),
  finished: z.string().nullable(),
  /** How many recipients the poll was sent to (resolved when published or re-targeted). */
  recipientsCount: z.number(),
  /** How many answered. */
  answersCount: z.number(),
  /** The caller answered. */
  passed: z.boolean(),
  /** The caller is one of the recipients (may answer). */
  recipient: z.boolean(),
  /** The caller may edit, finish, delete and see all results (author or admin). */
  canManage: z.boolean(),
  /** The caller may see results now (§6 per type). */
  canSeeResults: z.boolean(),
  /** After the first answer only name, description and end date may change. */
  locked: z.boolean(),
});
export type Poll = z.infer<typeof pollSchema>;
export const pollListItem = pollSchema.omit({ questions: true, recipients: true }).extend({ questionsCount: z.number() });
export type PollListItem = z.infer<typeof pollListItem>;

/** One answer value: text (short, long), a number (range), an option id (single) or option ids (multiple). */
export const answerValue = z.union([z.string().max(LIMITS.long, V.max(LIMITS.long)), z.number(), z.array(z.string().max(40)).max(MAX_ANSWERS)]);
/** POST api/poll/{_id}/answer body: question id → value; unanswered optional questions may be left out. */
export const answerBody = z.object({ answers: z.record(z.string().max(40), answerValue.nullable()) });

/** Per-question results: counts per option / value, or the texts; `hidden` when too few answered an anonymous poll. */
export const questionResult = z.object({
  _id: z.string(),
  text: z.string(),
  kind: z.enum(QUESTION_KINDS),
  range: z.number().nullable(),
  /** How many answered this question. */
  answered: z.number(),
  hidden: z.boolean(),
  /** single/multiple: one per option (in option order); range: one per value 1..range. */
  counts: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
  /** range: the mean. */
  average: z.number().nullable(),
  /** short/long: the texts (personal polls: newest last; anonymous: in random-key order). */
  texts: z.array(z.string()),
});
export type QuestionResult = z.infer<typeof questionResult>;

/** One row of the answers table: `user` null for anonymous polls (depersonalised). */
export const answerRow = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Day of the answer (YYYY-MM-DD): never a finer time. */
  day: z.string(),
  /** question id → the answer as text (options by their texts, joined with '; '). */
  values: z.record(z.string(), z.string()),
});
export type AnswerRow = z.infer<typeof answerRow>;

/** GET api/poll/{id}/results. `scope` says what the caller sees (§6). */
export const resultsSchema = z.object({
  poll: pollSchema,
  /** all: every answer; own: the caller's answers only (closed polls, employees); anonymous: depersonalised. */
  scope: z.enum(['all', 'own', 'anonymous']),
  questions: z.array(questionResult),
  rows: z.array(answerRow),
  rowsTotal: z.number(),
  /** The not-passed tab (managers of non-anonymous polls): recipients who have not answered; null when not offered. */
  notPassed: z.array(z.object({ _id: z.string(), name: z.string(), department: z.string().nullable() })).nullable(),
  notPassedTotal: z.number().nullable(),
});
export type PollResults = z.infer<typeof resultsSchema>;
