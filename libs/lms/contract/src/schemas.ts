import { Id, IsoDate, requiredString, V, z } from '@intranet/platform-contracts';

// §3 Course, lesson, test and IDP as zod schemas (the API shapes and the bodies), §4 states, §9 limits.

/** §4 course states. */
export const COURSE_STATUSES = ['draft', 'appointed', 'published', 'archived'] as const;
/** §4 learner progress. */
export const PROGRESS_STATUSES = ['not_started', 'in_progress', 'learned'] as const;
/** Test question kinds (issue 33 Web: single and multiple choice). */
export const QUESTION_KINDS = ['single', 'multiple'] as const;
/** §4 IDP states. */
export const IDP_STATUSES = ['active', 'finished'] as const;
/** Text limits (characters) and the longest time limit of a test (seconds, 24 h). */
export const LMS_LIMITS = { title: 200, short: 1000, content: 200_000, question: 1000, answer: 500, note: 5000, timeLimit: 86_400 } as const;

/**
 * The fields of an update: every field optional and without its create default, so that a field left out of a PUT
 * keeps its stored value (zod's `.partial()` would still fill the defaults in).
 */
export function patchShape<T extends z.ZodRawShape>(
  shape: T,
): { [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I extends z.ZodType> ? I : T[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional()]),
  ) as never;
}

const title = requiredString().max(LMS_LIMITS.title, V.max(LMS_LIMITS.title));
const optText = (max: number) => z.string().max(max, V.max(max)).default('');

/** An attached file of a lesson (uploaded first through POST api/upload). */
export const lessonFile = z.object({ src: z.string().min(1).max(1000), fileName: z.string().trim().min(1, V.required).max(255, V.max(255)) });
/** Course members: appointed people and departments (§3 Course members). */
export const members = z.object({ users: z.array(Id).max(10_000).default([]), departments: z.array(z.string().trim().min(1).max(200)).max(500).default([]) });
export type Members = z.infer<typeof members>;

/** §3 Course as the API gives it. */
export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  short_description: z.string(),
  cover: z.string().nullable(),
  status: z.enum(COURSE_STATUSES),
  public: z.boolean(),
  members,
  lessons: z.array(z.object({ _id: z.string(), title: z.string(), order: z.number() })),
  tests: z.array(z.object({ _id: z.string(), title: z.string(), order: z.number() })),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** The caller's own progress (§4), null for who is no learner of it. */
  my_status: z.enum(PROGRESS_STATUSES).nullable(),
  can_manage: z.boolean(),
});
export type Course = z.infer<typeof courseSchema>;

/** Course fields a create/update takes; the cover is an uploaded `cover` image (3420 px wide, ≥ 250 px high, §5, §9). */
export const courseFields = {
  title,
  short_description: optText(LMS_LIMITS.short),
  cover: z.string().max(1000).nullable().default(null),
  public: z.boolean().default(false),
};

/** §3 Lesson (content is rich text, sanitised by the platform's one policy before it is stored). */
export const lessonSchema = z.object({
  _id: z.string(),
  course_id: z.string(),
  title: z.string(),
  content: z.string(),
  files: z.array(lessonFile),
  videos: z.array(z.string()),
  order: z.number(),
  learned: z.boolean(),
});
export const lessonFields = {
  title,
  content: optText(LMS_LIMITS.content),
  files: z.array(lessonFile).max(50).default([]),
  videos: z.array(z.string().trim().url().max(1000)).max(20).default([]),
};

/** A test question as written by the builder: answers with their right marks. */
export const questionInput = z.object({
  _id: z.string().max(40).optional(),
  text: z.string().max(LMS_LIMITS.question, V.max(LMS_LIMITS.question)),
  kind: z.enum(QUESTION_KINDS).default('single'),
  answers: z
    .array(
      z.object({ _id: z.string().max(40).optional(), text: z.string().max(LMS_LIMITS.answer, V.max(LMS_LIMITS.answer)), right: z.boolean().default(false) }),
    )
    .max(20),
});
export type QuestionInput = z.infer<typeof questionInput>;
/** A stored question; `right` only for who manages the test, or after the attempt when the test shows right answers. */
export const questionSchema = z.object({
  _id: z.string(),
  text: z.string(),
  kind: z.enum(QUESTION_KINDS),
  answers: z.array(z.object({ _id: z.string(), text: z.string(), right: z.boolean().optional() })),
});
export type Question = z.infer<typeof questionSchema>;

/** §3 Test settings. */
export const testFields = {
  title,
  description: optText(LMS_LIMITS.short),
  show_right_answer: z.boolean().default(false),
  show_final_score: z.boolean().default(true),
  shuffle: z.boolean().default(false),
  /** Seconds; null: no limit. */
  time_limit: z.number().int().min(1).max(LMS_LIMITS.timeLimit).nullable().default(null),
  /** Attempts after the first (0: one attempt only). */
  retries: z.number().int().min(0).max(100).default(0),
};
export const testSchema = z.object({
  _id: z.string(),
  course_id: z.string(),
  title: z.string(),
  description: z.string(),
  show_right_answer: z.boolean(),
  show_final_score: z.boolean(),
  shuffle: z.boolean(),
  time_limit: z.number().nullable(),
  retries: z.number(),
  order: z.number(),
  questions: z.array(questionSchema),
  /** Finished attempts (a test with passes cannot be edited, §5). */
  passes: z.number(),
});

/** An attempt as the learner sees it: questions in the attempt's order, right marks only when allowed after the end. */
export const attemptSchema = z.object({
  _id: z.string(),
  test_id: z.string(),
  course_id: z.string(),
  user_id: z.string(),
  started_at: z.string(),
  deadline: z.string().nullable(),
  finished: z.boolean(),
  answered: z.number(),
  total: z.number(),
  answers: z.record(z.string(), z.array(z.string())),
  questions: z.array(questionSchema),
  /** Percent of questions answered right; null while running or when the test hides the final score. */
  score: z.number().nullable(),
  attempts_left: z.number(),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** One learner's progress in one course (§4). */
export const progressSchema = z.object({
  course_id: z.string(),
  user_id: z.string(),
  status: z.enum(PROGRESS_STATUSES),
  lessons_learned: z.array(z.string()),
  tests: z.array(z.object({ test_id: z.string(), title: z.string(), passed: z.boolean(), score: z.number().nullable(), attempts: z.number() })),
  percent: z.number(),
  learned_at: z.string().nullable(),
});

/** §3 IDP task, note and change-log entry. */
export const idpTask = z.object({ _id: z.string(), title: z.string(), deadline: z.string().nullable(), done: z.boolean() });
export const idpNote = z.object({ _id: z.string(), text: z.string(), author: z.string(), at: z.string() });
export const idpHistory = z.object({ at: z.string(), by: z.string(), action: z.string(), detail: z.string() });
export const idpSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  creator: z.string(),
  employee: z.string(),
  observer: z.string().nullable(),
  status: z.enum(IDP_STATUSES),
  tasks: z.array(idpTask),
  notes: z.array(idpNote),
  history: z.array(idpHistory),
  created_at: z.string(),
});
export type Idp = z.infer<typeof idpSchema>;
export const idpTaskInput = z.object({
  _id: z.string().max(40).optional(),
  title: requiredString().max(LMS_LIMITS.title, V.max(LMS_LIMITS.title)),
  deadline: IsoDate.nullable().default(null),
  done: z.boolean().default(false),
});
export const idpFields = {
  title,
  message: optText(LMS_LIMITS.note),
  employee: Id,
  observer: Id.nullable().default(null),
  tasks: z.array(idpTaskInput).max(200).default([]),
};
