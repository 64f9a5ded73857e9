import { codedIssue, Id, IsoDate, isSafeUrl, V, z } from '@intranet/platform-contracts';
import { ADAPT_ERRORS as E } from './codes.ts';

/** §9-style limits of the adaptation domain. */
export const ADAPT_LIMITS = { name: 100, description: 2000, stageName: 100, stages: 500, stepName: 200, coins: 100_000, days: 3650, url: 2000 } as const;

/** §3 step kinds: a task to do, a reward in coins, an article or a link to read, a poll to answer, a course to learn. */
export const STEP_TYPES = ['task', 'reward', 'article', 'link', 'poll', 'course'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** §6 contextual roles of an adaptation: the scenarios of a track (what each of them sees and does). */
export const ADAPT_ROLES = ['newcomer', 'mentor', 'hr', 'chief'] as const;
export type AdaptRole = (typeof ADAPT_ROLES)[number];

/** §4 track states: not running, running (start/stop), ended/completed, contains errors. */
export const TRACK_STATES = ['not_running', 'running', 'completed', 'errors'] as const;
/** An adaptation's state: running, finished (every step done), probation passed. */
export const ADAPTATION_STATES = ['active', 'finished', 'passed'] as const;
/** A step of an adaptation: not open yet (its day has not come), open, done. */
export const PROGRESS_STATES = ['pending', 'open', 'done'] as const;

const nameOf = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, V.max(max));

/** A problem of a track (§4 "contains errors"): its code, the English text and the step it concerns. */
export const trackProblem = z.object({ code: z.string(), text: z.string(), step_id: z.string().nullable() });

export const stageSchema = z.object({ _id: z.string(), name: z.string(), order: z.number().int() });
export type Stage = z.infer<typeof stageSchema>;

export const stepSchema = z.object({
  _id: z.string(),
  stage_id: z.string(),
  /** The role whose scenario the step belongs to (who finishes it). */
  scenario: z.enum(ADAPT_ROLES),
  type: z.enum(STEP_TYPES),
  name: z.string(),
  description: z.string(),
  /** §3 "days before run": the step opens this many days after the adaptation's start (0: on the start date). */
  days: z.number().int(),
  order: z.number().int(),
  coins: z.number().int().nullable(),
  article_id: z.string().nullable(),
  link_title: z.string().nullable(),
  url: z.string().nullable(),
  poll_id: z.string().nullable(),
  course_id: z.string().nullable(),
  /** §3 start notification: the roles told when the step opens (section `adapt`). */
  notify: z.array(z.enum(ADAPT_ROLES)),
});
export type Step = z.infer<typeof stepSchema>;

/** The track list's row. */
export const trackListItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  state: z.enum(TRACK_STATES),
  stages: z.number().int(),
  steps: z.number().int(),
  /** Adaptations on the track: all and unfinished. */
  members: z.number().int(),
  running: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type TrackListItem = z.infer<typeof trackListItem>;

/** §3 Adaptation track with its stages, steps (scenarios = steps by role) and problems. */
export const trackSchema = trackListItem.extend({
  stagesList: z.array(stageSchema),
  stepsList: z.array(stepSchema),
  problems: z.array(trackProblem),
});
export type Track = z.infer<typeof trackSchema>;

export const trackBody = z.object({
  name: nameOf(ADAPT_LIMITS.name, E.adaptTrackNameRequired.text),
  description: z.string().trim().max(ADAPT_LIMITS.description, V.max(ADAPT_LIMITS.description)).default(''),
});
export const trackUpdateBody = z.object({
  name: nameOf(ADAPT_LIMITS.name, E.adaptTrackNameRequired.text).optional(),
  description: z.string().trim().max(ADAPT_LIMITS.description, V.max(ADAPT_LIMITS.description)).optional(),
});

export const stageBody = z.object({ name: nameOf(ADAPT_LIMITS.stageName, E.adaptStageNameRequired.text) });
/**
 * PUT api/adaptation/track/{track}/stage: rename a stage (`_id` with its `name`) and/or reorder the track's stages
 * (`stages`: every stage of the track once, in the new order — a drag in the basic tab). At least one of the two.
 */
export const stageUpdateBody = z
  .object({
    _id: Id.optional(),
    name: nameOf(ADAPT_LIMITS.stageName, E.adaptStageNameRequired.text).optional(),
    stages: z.array(Id).max(ADAPT_LIMITS.stages, V.max(ADAPT_LIMITS.stages)).optional(),
  })
  .superRefine((b, ctx) => {
    // A rename needs both halves; a body with neither a rename nor an order changes nothing and is refused.
    if (b._id !== undefined && b.name === undefined) ctx.addIssue(codedIssue(E.adaptStageNameRequired, ['name']));
    if (b._id === undefined && (b.name !== undefined || b.stages === undefined)) ctx.addIssue(codedIssue(E.adaptStageRequired, ['_id']));
  });

const stepFields = {
  stage_id: z.string({ error: E.adaptStageRequired.text }).uuid(E.adaptStageRequired.text),
  scenario: z.enum(ADAPT_ROLES).default('newcomer'),
  type: z.enum(STEP_TYPES),
  name: nameOf(ADAPT_LIMITS.stepName, E.adaptStepNameRequired.text),
  description: z.string().trim().max(ADAPT_LIMITS.description, V.max(ADAPT_LIMITS.description)).default(''),
  days: z.coerce.number().int().min(0).max(ADAPT_LIMITS.days).default(0),
  coins: z.number().int().nullish(),
  article_id: Id.nullish(),
  link_title: z.string().trim().max(ADAPT_LIMITS.stepName, V.max(ADAPT_LIMITS.stepName)).nullish(),
  url: z.string().trim().max(ADAPT_LIMITS.url, V.max(ADAPT_LIMITS.url)).nullish(),
  poll_id: Id.nullish(),
  course_id: Id.nullish(),
  notify: z.array(z.enum(ADAPT_ROLES)).max(ADAPT_ROLES.length).optional(),
};

/** The §5 rules of one step that need no stored state: what each kind needs. */
export function checkStep(
  s: {
    type: StepType;
    coins?: number | null;
    article_id?: string | null;
    link_title?: string | null;
    url?: string | null;
    poll_id?: string | null;
    course_id?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (s.type === 'reward' && (s.coins == null || s.coins < 1 || s.coins > ADAPT_LIMITS.coins))
    ctx.addIssue(codedIssue(E.adaptCoinsRange, ['coins'], { max: ADAPT_LIMITS.coins }));
  if (s.type === 'article' && !s.article_id) ctx.addIssue(codedIssue(E.adaptArticleRequired, ['article_id']));
  if (s.type === 'poll' && !s.poll_id) ctx.addIssue(codedIssue(E.adaptPollRequired, ['poll_id']));
  if (s.type === 'course' && !s.course_id) ctx.addIssue(codedIssue(E.adaptCourseRequired, ['course_id']));
  if (s.type === 'link') {
    if (!s.link_title) ctx.addIssue(codedIssue(E.adaptLinkTitleRequired, ['link_title']));
    if (!s.url) ctx.addIssue(codedIssue(E.adaptLinkUrlRequired, ['url']));
    else if (!isSafeUrl(s.url) || s.url.startsWith('/')) ctx.addIssue({ code: 'custom', path: ['url'], message: V.url });
  }
}

/** POST api/adaptation/track/{track}/step: a new step in a stage. */
export const stepBody = z.object(stepFields).superRefine(checkStep);
/** PUT api/adaptation/track/{track}/step: the whole step again with its `_id`. */
export const stepUpdateBody = z.object({ ...stepFields, _id: Id }).superRefine(checkStep);

/** POST api/adaptation/add_user: a newcomer on a track with the start date and the people around them. */
export const addUserBody = z
  .object({
    track_id: Id,
    user_id: z.string({ error: E.adaptEmployeeRequired.text }).uuid(E.adaptEmployeeRequired.text),
    mentor_id: z.string({ error: E.adaptMentorRequired.text }).uuid(E.adaptMentorRequired.text),
    hr_id: Id.nullish(),
    chief_id: Id.nullish(),
    /** The first day (YYYY-MM-DD, the client's calendar). */
    start_date: IsoDate,
  })
  .superRefine((b, ctx) => {
    if (b.mentor_id === b.user_id) ctx.addIssue(codedIssue(E.adaptMentorIsNewcomer, ['mentor_id']));
    if (b.hr_id && b.hr_id === b.user_id) ctx.addIssue(codedIssue(E.adaptHrIsNewcomer, ['hr_id']));
  });

/** One step of an adaptation with its progress. */
export const progressStep = stepSchema.extend({
  status: z.enum(PROGRESS_STATES),
  /** The day it opens (YYYY-MM-DD): start date + days. */
  opens_on: z.string(),
  opened_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  finished_by: z.string().nullable(),
});
export type ProgressStep = z.infer<typeof progressStep>;

/** An adaptation (a newcomer on a track): §3 user_progress. */
export const adaptationSchema = z.object({
  _id: z.string(),
  track_id: z.string(),
  track_name: z.string(),
  user_id: z.string(),
  mentor_id: z.string(),
  hr_id: z.string().nullable(),
  chief_id: z.string().nullable(),
  start_date: z.string(),
  state: z.enum(ADAPTATION_STATES),
  /** Steps done and all steps. */
  done: z.number().int(),
  total: z.number().int(),
  finished_at: z.string().nullable(),
  passed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Adaptation = z.infer<typeof adaptationSchema>;

/** An adaptation with its stages and every step's progress (the journey). */
export const adaptationFull = adaptationSchema.extend({
  stages: z.array(stageSchema),
  steps: z.array(progressStep),
  /** The caller's roles in it (an HR with the `adaptation` right who is none of them: []). */
  my_roles: z.array(z.enum(ADAPT_ROLES)),
});
export type AdaptationFull = z.infer<typeof adaptationFull>;

/** §3 settings per client: the hour steps open at in the client's time zone, probation length. */
export const settingsSchema = z.object({
  time_zone: z.string().max(64),
  open_hour: z.number().int().min(0).max(23),
  probation_days: z.number().int().min(1).max(365),
});
export type AdaptSettings = z.infer<typeof settingsSchema>;

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const settingsBody = z.object({
  time_zone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: E.adaptTimeZoneInvalid.text, params: { code: E.adaptTimeZoneInvalid.code } })
    .optional(),
  open_hour: z.number().int().min(0).max(23).optional(),
  probation_days: z.number().int().min(1).max(365).optional(),
});

/** The track's analytics tab: counts and per-step completion. */
export const trackAnalytics = z.object({
  started: z.number().int(),
  active: z.number().int(),
  finished: z.number().int(),
  passed: z.number().int(),
  /** Mean days from start to finish of the finished ones (null: none). */
  avgDays: z.number().nullable(),
  steps: z.array(z.object({ _id: z.string(), name: z.string(), scenario: z.enum(ADAPT_ROLES), open: z.number().int(), done: z.number().int() })),
  /** Adaptations started per day of the period. */
  days: z.array(z.object({ day: z.string(), started: z.number().int(), finished: z.number().int() })),
});
