import { grantSchema } from '@intranet/kb-contract';
import { access, defineEvent, defineRoute, Id, IsoDate, V, z, type EventPayload } from '@intranet/platform-contracts';

/**
 * The polls domain's API as data (DESIGN §4): §3 Poll, the §7 Polls routes (exact paths) plus the answer route the
 * spec does not show (POST api/poll/{_id}/answer), the §5 texts and the events. Recipients are the knowledge base's
 * §6 access grant targets (all, all heads, head, position, department, city, working time, chosen people): the
 * same `grantSchema` (a recipient is anyone a grant gives read or write).
 */

/** §5 / §8 poll texts (server and web say the same thing); each has a stable code in POLL_CODES. */
export const POLL_TEXT = {
  titleRequired: 'Title is required',
  questionsRequired: 'Add at least one question',
  questionEmpty: 'Fill in the question',
  mandatoryRequired: 'At least one question must be mandatory',
  answersRequired: 'A list question needs answers',
  answerEmpty: 'Answer cannot be empty',
  answersMax: 'Max 15 answers',
  recipientsRequired: 'A closed poll needs recipients',
  mandatoryAnswer: 'Answer this question',
  outOfRange: 'The answer is out of range',
  notAnOption: 'Choose one of the answers',
  alreadyAnswered: 'You have already answered this poll',
  finished: 'The poll is finished',
  notRecipient: 'This poll is not for you',
  /** §6 anonymous: the results are depersonalised for the poll's managers; its recipients do not see them. */
  resultsManagersOnly: 'Results of this anonymous poll are visible to its author and administrators only',
  lockedAfterAnswer: 'The poll has answers: only the title, description and end date can change',
  /** §8 Polls: load with no response. */
  noResponse: 'No response from server',
  /** §8 Excel export errors. */
  excelError: 'Excel export failed',
} as const;

/** Stable codes of the §5 poll texts (the web words them in ru, uk, en). */
export const POLL_CODES = {
  titleRequired: 'pollTitleRequired',
  questionsRequired: 'pollQuestionsRequired',
  questionEmpty: 'pollQuestionEmpty',
  mandatoryRequired: 'pollMandatoryRequired',
  answersRequired: 'pollAnswersRequired',
  answerEmpty: 'pollAnswerEmpty',
  answersMax: 'pollAnswersMax',
  recipientsRequired: 'pollRecipientsRequired',
  mandatoryAnswer: 'pollMandatoryAnswer',
  outOfRange: 'pollOutOfRange',
  notAnOption: 'pollNotAnOption',
  alreadyAnswered: 'pollAlreadyAnswered',
  finished: 'pollFinished',
  notRecipient: 'pollNotRecipient',
  resultsManagersOnly: 'pollResultsManagersOnly',
  lockedAfterAnswer: 'pollLocked',
  noResponse: 'noResponse',
  excelError: 'pollExcelError',
} as const satisfies Record<keyof typeof POLL_TEXT, string>;

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
  for (const i of pollIssues(p)) ctx.addIssue({ code: 'custom', path: i.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: i.message });
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

const pollIdParams = z.object({ _id: Id });
const idParam = z.object({ id: Id });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (max: number, def: number) => z.coerce.number().int().min(1).max(max).default(def);

export const pollsRoutes = {
  accessFor: defineRoute({
    method: 'GET',
    path: '/api/user/{clientId}/polls/access_for/{userId}',
    subject: 'polls.poll.accessFor',
    summary:
      'The polls a user may see (/polls tabs: active — to answer, passed — answered or finished, mine — managed), searchable and paged, and whether the user may create polls. Oneself, or any user for an admin.',
    spec: '§7 Polls, §6 polls right, poll managers',
    access: access.feature('polls'),
    params: z.object({ clientId: Id, userId: Id }),
    query: z.object({
      tab: z.enum(['active', 'passed', 'mine']).default('active'),
      search: z.string().trim().max(100).optional(),
      page,
      limit: limit(100, 20),
    }),
    result: z.object({ polls: z.array(pollListItem), total: z.number(), page: z.number(), limit: z.number(), canCreate: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/poll/{id}',
    subject: 'polls.poll.get',
    summary: 'One poll with its questions (recipients and managers); the caller’s own answer when the poll is not anonymous',
    spec: '§7 Polls, §6',
    access: access.feature('polls'),
    params: idParam,
    result: pollSchema.extend({ myAnswer: z.record(z.string(), answerValue).nullable() }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/poll',
    subject: 'polls.poll.create',
    summary: 'Create and publish a poll (poll managers: admins and heads); publishes evt.polls.poll.published to its recipients',
    spec: '§7 Polls, §5 Poll',
    access: access.feature('polls'),
    body: pollCreate,
    result: pollSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/poll/{_id}',
    subject: 'polls.poll.update',
    summary: 'Edit a poll (its author or an admin): everything until the first answer, then only name, description and end date',
    spec: '§7 Polls, §5 Poll',
    access: access.feature('polls'),
    params: pollIdParams,
    body: pollUpdate,
    result: pollSchema,
  }),
  finish: defineRoute({
    method: 'PUT',
    path: '/api/poll/{_id}/finish',
    subject: 'polls.poll.finish',
    summary: 'Finish a poll (no more answers); publishes evt.polls.poll.finished',
    spec: '§7 Polls, §4',
    access: access.feature('polls'),
    params: pollIdParams,
    result: pollSchema,
  }),
  answer: defineRoute({
    method: 'POST',
    path: '/api/poll/{_id}/answer',
    subject: 'polls.poll.answer',
    summary:
      'Answer a poll once (a recipient, while it is active): mandatory questions answered, ranges within bounds, options of the question. Not in §7 (the spec shows no path): added in the style of PUT api/poll/{_id}/finish',
    spec: '§7 Polls (added), §5 Poll',
    access: access.feature('polls'),
    params: pollIdParams,
    body: answerBody,
    result: z.object({ _id: z.string(), passed: z.literal(true), answersCount: z.number() }),
  }),
  results: defineRoute({
    method: 'GET',
    path: '/api/poll/{id}/results',
    subject: 'polls.poll.results',
    summary:
      'Results (§2 tabs general, table, not passed): per-question counts, the answers table (paged) and who has not passed; what the caller sees follows §6 per poll type (403 pollResultsManagersOnly: a recipient of an anonymous poll)',
    spec: '§7 Polls, §6 closed and anonymous visibility',
    access: access.feature('polls'),
    params: idParam,
    query: z.object({ page, limit: limit(500, 50) }),
    result: resultsSchema,
  }),
  remind: defineRoute({
    method: 'POST',
    path: '/api/poll/{_id}/remind',
    subject: 'polls.poll.remind',
    summary:
      "Remind the recipients who have not answered (the not-passed tab's action; author or admin; not for anonymous polls): publishes evt.polls.poll.reminded to them. Not in §7: added in the style of the other poll routes",
    spec: '§7 Polls (added), §2 not passed',
    access: access.feature('polls'),
    params: pollIdParams,
    result: z.object({ reminded: z.number() }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/poll/{id}',
    subject: 'polls.poll.delete',
    summary: 'Delete a poll with its answers (its author or an admin)',
    spec: '§7 Polls',
    access: access.feature('polls'),
    params: idParam,
    result: z.object({ _id: z.string() }),
  }),
  excel: defineRoute({
    method: 'GET',
    path: '/api/poll/{poll_id}/excel',
    subject: 'polls.poll.excel',
    summary:
      'Excel (.xlsx, exceljs streaming writer) of the results the caller may see: a sheet per summary and the answers. The workbook is streamed to object storage; the answer is a short-lived signed download URL (GET /api/files/…). `uid`: the user the export is for (the caller; an admin may name another).',
    spec: '§7 Polls, §8 Excel export errors',
    access: access.feature('polls'),
    params: z.object({ poll_id: Id }),
    query: z.object({ uid: Id.optional() }),
    timeoutMs: 120_000,
    result: z.object({ url: z.string(), fileName: z.string(), size: z.number() }),
  }),
};

/** Events of the polls domain (DESIGN §6); consumers import these definitions. `userIds`: whose sockets get it. */
export const pollsEvents = {
  /** A poll was published: the recipients (notifications, the wall widget). */
  published: defineEvent(
    'evt.polls.poll.published',
    z.object({ pollId: z.string(), name: z.string(), type: z.enum(POLL_TYPES), authorId: z.string().nullable(), userIds: z.array(z.string()) }),
    'A poll was published to its recipients',
  ),
  /**
   * Someone answered (the shop accrues coins to `userId`). Goes to the answering user's sockets only and carries no
   * answer and nothing else of the answer row, so for an anonymous poll it tells no more than "who has passed".
   */
  answered: defineEvent(
    'evt.polls.poll.answered',
    z.object({ pollId: z.string(), userId: z.string(), userIds: z.array(z.string()) }),
    'A recipient answered a poll',
  ),
  /** The results moved (live charts): no person in it. Sent to the client's sockets. */
  resultsChanged: defineEvent('evt.polls.results.changed', z.object({ pollId: z.string(), answersCount: z.number() }), 'The results of a poll changed'),
  finished: defineEvent('evt.polls.poll.finished', z.object({ pollId: z.string(), authorId: z.string().nullable() }), 'A poll was finished'),
  /** A manager reminded those who have not answered (notifications words it); goes to their sockets. */
  reminded: defineEvent(
    'evt.polls.poll.reminded',
    z.object({ pollId: z.string(), name: z.string(), userIds: z.array(z.string()) }),
    'Recipients who have not answered were reminded',
  ),
  deleted: defineEvent('evt.polls.poll.deleted', z.object({ pollId: z.string() }), 'A poll was deleted'),
};
export type PollPublishedEvent = EventPayload<typeof pollsEvents.published>;
export type PollAnsweredEvent = EventPayload<typeof pollsEvents.answered>;
