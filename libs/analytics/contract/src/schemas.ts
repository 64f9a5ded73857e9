import { z } from '@intranet/platform-contracts';

/** §9 mood scale. */
export const MOOD_MIN = 1;
export const MOOD_MAX = 10;
/** Statistics hide any group (department, period, filter) with fewer ratings than this (issue 35). */
export const MOOD_MIN_GROUP = 5;
/** §9 inactivity time-out after which a session is reported, in milliseconds. */
export const SESSION_IDLE_MS = 10 * 60_000;

/** §2 the tracked module list (leaving one reports a module visit). */
export const TRACKED_MODULES = [
  'wall',
  'company',
  'addressBook',
  'groups',
  'calendar',
  'kb',
  'articles',
  'vacancies',
  'services',
  'polls',
  'structure',
  'noSilent',
  'ideas',
  'shop',
  'tasks',
  'adaptation',
  'vacations',
  'courses',
  'coursesAnalytics',
  'idp',
] as const;
export const trackedModule = z.enum(TRACKED_MODULES);

/** An ISO day `YYYY-MM-DD` that exists in the calendar (2020-02-30 is refused, not sent to the database). */
export const isoDay = z.iso.date({ message: 'YYYY-MM-DD' });
/** The optional dateFrom/dateTo query of every report (days, inclusive). Without them: the last 30 days. */
export const periodQuery = z.object({ dateFrom: isoDay.optional(), dateTo: isoDay.optional() });
export const periodSchema = z.object({ dateFrom: z.string(), dateTo: z.string() });

/** §3 session report (batched by the shell; user and client come from the session, never the body). */
export const sessionReport = z.object({ sessionStart: z.string().datetime(), currentTime: z.string().datetime() });
/** §3 module visit (user and client from the session). */
export const moduleVisitReport = z.object({ moduleName: trackedModule, date: z.string().datetime() });

export const countRow = z.object({ key: z.string(), count: z.number().int() });
export type CountRow = z.infer<typeof countRow>;

export const visitorsReport = periodSchema.extend({
  sessions: z.number().int(),
  /** Average session length in minutes. */
  avgSessionMinutes: z.number(),
  /** Mean daily active users over the period's days, and distinct users over the period (monthly when a month). */
  dau: z.number(),
  activeUsers: z.number().int(),
  byDay: z.array(z.object({ day: z.string(), sessions: z.number().int(), users: z.number().int() })),
});
export const modulesReport = periodSchema.extend({
  /** Per module: visits, and visitor-days (each person counted once a day: the sum of the days' distinct visitors). */
  modules: z.array(z.object({ moduleName: z.string(), visits: z.number().int(), visitorDays: z.number().int() })),
});
export const turnoverReport = periodSchema.extend({
  deactivations: z.number().int(),
  activeAtStart: z.number().int(),
  activeAtEnd: z.number().int(),
  averageActive: z.number(),
  /** §9 deactivations / average active users × 100, two decimals. */
  turnover: z.number(),
});
export const demographyQuery = periodQuery.extend({
  workingTime: z.enum(['lt3m', '3m1y', '1y5y', '5y10y', '10y']).optional(),
  department: z.string().max(200).optional(),
});
export const demographyReport = z.object({
  total: z.number().int(),
  workingTime: z.array(countRow),
  age: z.array(countRow),
});
export const groupsReport = z.object({ total: z.number().int(), groups: z.array(countRow) });
export const adaptationsReport = periodSchema.extend({
  started: z.number().int(),
  finished: z.number().int(),
  /** Passed probation in the period. */
  probationPassed: z.number().int(),
  /** Started by dateTo and not finished by then. */
  inProgress: z.number().int(),
});
/** Coin movements: accrued (accruals less their cancellations), spent (purchases), nullified (balances zeroed). */
export const coinsReport = periodSchema.extend({
  accrued: z.number(),
  spent: z.number(),
  nullified: z.number(),
  byDay: z.array(z.object({ day: z.string(), accrued: z.number(), spent: z.number(), nullified: z.number() })),
});

export const moodBody = z.object({ rating: z.number().int() });
export const moodCheck = z.object({ need: z.boolean() });
/** §9 the client's mood analysis period: one or two weeks (a rating and "who answered" are per period). */
export const moodSettings = z.object({ periodWeeks: z.union([z.literal(1), z.literal(2)]) });
export const moodStatQuery = z.object({ department: z.string().max(200).optional() });
/** One group's mood: `hidden` with no average when fewer than MOOD_MIN_GROUP ratings. */
export const moodGroup = z.object({ key: z.string(), count: z.number().int().nullable(), average: z.number().nullable(), hidden: z.boolean() });
export const moodStat = z.object({
  minGroup: z.number().int(),
  total: moodGroup,
  byPeriod: z.array(moodGroup),
  byDepartment: z.array(moodGroup),
});
