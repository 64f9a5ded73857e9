import { codedIssue, Id, IsoDate, requiredString, safeUrl, V, z } from '@intranet/platform-contracts';
import { GENERIC } from '@intranet/platform-errors';
import { CALENDAR_ERRORS as E } from './codes.ts';

/** §9 event name limit, §5 "more than 5 symbols", the description ("comment length limited"). */
export const EVENT_NAME_MAX = 100;
export const EVENT_NAME_MIN = 6;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_LINK_MAX = 500;
/** Most members of one event, most repeats of a series (a count), the longest series (years) and read range (days). */
export const EVENT_MEMBERS_MAX = 500;
export const EVENT_COUNT_MAX = 1000;
export const EVENT_SERIES_YEARS_MAX = 10;
export const EVENT_RANGE_DAYS_MAX = 400;
/** §9 "Event reminder under 10 minutes": the default offset of a reminder before the start, minutes. */
export const EVENT_REMIND_DEFAULT = 10;
/** Offsets the form offers (minutes before the start); any whole number 0..10080 is accepted. */
export const EVENT_REMIND_CHOICES = [0, 5, 10, 15, 30, 60, 1440] as const;
/** The colours the form's picker offers; any #rrggbb is accepted. */
export const EVENT_COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'] as const;

/** §5 Event and §8 event texts (server and web say the same thing): the texts of CALENDAR_ERRORS, by old key. */
export const EVENT_TEXT = {
  required: V.required,
  nameShort: E.eventNameShort.text,
  pastDate: E.eventPastDate.text,
  timePassed: E.eventTimePassed.text,
  endBeforeStart: E.eventEndBeforeStart.text,
  invalidTime: E.eventTime.text,
  weekdays: E.eventWeekdays.text,
  repeatEnd: E.eventRepeatEnd.text,
  countMin: E.eventCountMin.text,
  untilBeforeStart: E.eventUntilBeforeStart.text,
  seriesTooLong: `A series may last at most ${EVENT_SERIES_YEARS_MAX} years`,
  timeZone: E.eventTimeZone.text,
  rangeTooLong: `The range may be at most ${EVENT_RANGE_DAYS_MAX} days`,
  rangeOrder: E.eventRangeOrder.text,
  deleteError: E.eventDeleteError.text,
  noOccurrence: E.eventNoOccurrence.text,
  periodicOnly: E.eventPeriodicOnly.text,
  notPeriodic: E.eventNotPeriodic.text,
} as const;

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Today's date and the wall-clock time (YYYY-MM-DD, HH:MM) in zone `tz` at instant `now`. */
function wallClock(tz: string, now: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * §5 "date not in the past; time not already passed today" for an event starting `date` `startTime` (wall-clock in
 * `tz`), at `now`: the field and §5 text it breaks, or null. The server and the web form apply this one rule.
 */
export function pastIssue(
  date: string,
  startTime: string,
  tz: string,
  now = new Date(),
): { field: 'date' | 'start_time'; message: string; code: string } | null {
  const today = wallClock(isTimeZone(tz) ? tz : 'UTC', now);
  if (date < today.date) return { field: 'date', message: E.eventPastDate.text, code: E.eventPastDate.code };
  if (date === today.date && startTime <= today.time) return { field: 'start_time', message: E.eventTimePassed.text, code: E.eventTimePassed.code };
  return null;
}

const HHMM = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENT_TEXT.invalidTime);
const TimeZone = z.string().max(64).refine(isTimeZone, EVENT_TEXT.timeZone);
const RequiredDate = z.string({ error: V.required }).trim().min(1, V.required).pipe(IsoDate);

/** §3 recurrence: RFC 5545 FREQ (day, week, month, year), its interval, BYDAY weekdays (week), UNTIL or COUNT. */
export const REPEAT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const repeatSchema = z
  .object({
    period: z.enum(REPEAT_PERIODS, { error: V.required }),
    interval: z.number().int().min(1).max(99).default(1),
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    until: IsoDate.nullable().default(null),
    count: z.number().int().max(EVENT_COUNT_MAX).nullable().default(null),
  })
  .superRefine((r, ctx) => {
    if (r.period === 'week' && r.weekdays.length === 0) ctx.addIssue(codedIssue(E.eventWeekdays, ['weekdays']));
    if (r.until == null && r.count == null) ctx.addIssue(codedIssue(E.eventRepeatEnd, ['until']));
    if (r.count != null && r.count <= 1) ctx.addIssue(codedIssue(E.eventCountMin, ['count']));
  });
export type Repeat = z.output<typeof repeatSchema>;

/** The fields of an event a form sends (§3 Event, §5 Event). Date and times are wall-clock in `tz`. */
const eventFields = {
  name: requiredString().min(EVENT_NAME_MIN, EVENT_TEXT.nameShort).max(EVENT_NAME_MAX, V.max(EVENT_NAME_MAX)),
  date: RequiredDate,
  start_time: HHMM,
  end_time: HHMM,
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid value')
    .default(EVENT_COLORS[0]),
  description: z.string().max(EVENT_DESCRIPTION_MAX, V.max(EVENT_DESCRIPTION_MAX)).default(''),
  members: z.array(Id, { error: V.required }).min(1, V.required).max(EVENT_MEMBERS_MAX),
  link: z.union([z.literal(''), safeUrl(EVENT_LINK_MAX)]).default(''),
  /** Minutes before the start a reminder goes to the members; null: none. */
  remind: z.number().int().min(0).max(10080).nullable().default(EVENT_REMIND_DEFAULT),
  /** The IANA zone the date and times are in (the creator's browser zone); recurrence expands in it. */
  tz: TimeZone.default('UTC'),
};

/**
 * The rules across fields run even while another field is wrong (zod skips a refinement after any failed field by
 * default), so a form shows every broken rule on the first submit; they check the types they read themselves.
 */
export const ALWAYS = { when: () => true } as const;
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';
const endAfterStart = (v: { start_time: string; end_time: string }, ctx: z.RefinementCtx) => {
  if (isText(v.start_time) && isText(v.end_time) && v.end_time <= v.start_time) ctx.addIssue(codedIssue(E.eventEndBeforeStart, ['end_time']));
};
const untilAfterDate = (v: { date: string; repeat?: Repeat | null }, ctx: z.RefinementCtx) => {
  const until = v.repeat?.until;
  if (!isText(until) || !isText(v.date)) return;
  if (until < v.date) ctx.addIssue(codedIssue(E.eventUntilBeforeStart, ['repeat', 'until']));
  if (Number(until.slice(0, 4)) - Number(v.date.slice(0, 4)) > EVENT_SERIES_YEARS_MAX) ctx.addIssue(codedIssue(E.eventSeriesTooLong, ['repeat', 'until']));
};

/** POST api/event/ and PUT api/event/{id}: a single (non-repeating) event. */
export const eventBody = z.object(eventFields).superRefine(endAfterStart);
/** POST api/event/periodic_event: a repeating event (§5: repeat needs its period, weekdays, end date or count > 1). */
export const periodicEventBody = z
  .object({ ...eventFields, repeat: repeatSchema })
  .superRefine(endAfterStart)
  .superRefine(untilAfterDate);

/**
 * The event form of the web (one schema for a single event and a series): `repeat` null for a single event, and
 * for a change of a series the scope it applies to. The same §5 texts as the routes' bodies.
 */
export const eventFormSchema = z
  .object({ ...eventFields, repeat: repeatSchema.nullable().default(null) })
  .superRefine(endAfterStart, ALWAYS)
  .superRefine(untilAfterDate, ALWAYS);
export type EventForm = z.input<typeof eventFormSchema>;

/** What a change of a series touches: one occurrence, it and the following ones, or the whole series (§4). */
export const SERIES_SCOPES = ['one', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/**
 * PUT api/event/periodic_event/{id}: the fields as for a new periodic event, the scope, and the occurrence
 * (its RECURRENCE-ID: the date it had in the series) for 'one' and 'following'. `repeat` may be left out for 'one'.
 */
export const periodicUpdateBody = z
  .object({ ...eventFields, repeat: repeatSchema.optional(), scope: z.enum(SERIES_SCOPES).default('all'), occurrence: IsoDate.optional() })
  .superRefine(endAfterStart)
  .superRefine(untilAfterDate)
  .superRefine((v, ctx) => {
    if (v.scope !== 'all' && !v.occurrence) ctx.addIssue({ code: 'custom', path: ['occurrence'], message: V.required });
    if (v.scope !== 'one' && !v.repeat) ctx.addIssue({ code: 'custom', path: ['repeat', 'period'], message: V.required });
  });

/**
 * A date range of a read: `from` inclusive, `to` exclusive, as local dates in `tz` (the viewer's zone); without
 * them, the current month in `tz`.
 */
export const rangeQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional(), tz: TimeZone.default('UTC') }).superRefine((v, ctx) => {
  if (!v.from !== !v.to) ctx.addIssue(codedIssue(GENERIC.required, [v.from ? 'to' : 'from']));
  else if (!v.from || !v.to) return;
  else if (v.to <= v.from) ctx.addIssue(codedIssue(E.eventRangeOrder, ['to']));
  else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > EVENT_RANGE_DAYS_MAX) ctx.addIssue(codedIssue(E.eventRangeTooLong, ['to']));
});

/** The recurrence of a series as the API returns it (and the RFC 5545 RRULE it stands for). */
export const repeatOut = z.object({
  period: z.enum(REPEAT_PERIODS),
  interval: z.number(),
  weekdays: z.array(z.enum(WEEKDAYS)),
  until: z.string().nullable(),
  count: z.number().nullable(),
  rrule: z.string(),
  exdates: z.array(z.string()),
});

/**
 * One occurrence in a range (§3 Event): a single event, or one instance of a series with its RECURRENCE-ID
 * (`occurrence`, the date it has in the series; null for a single event). `date`, `start_time`, `end_time` are
 * wall-clock in `tz` (after a move, the moved values); `start`/`end` are the instants (ISO, UTC).
 */
export const occurrenceSchema = z.object({
  _id: z.string(),
  occurrence: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  link: z.string(),
  organiser: z.string(),
  members: z.array(z.string()),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  tz: z.string(),
  start: z.string(),
  end: z.string(),
  remind: z.number().nullable(),
  periodic: z.boolean(),
  /** The first date of the series (its DTSTART date); null for a single event. */
  series_date: z.string().nullable(),
  /** This occurrence was changed on its own (an override with RECURRENCE-ID). */
  moved: z.boolean(),
  repeat: repeatOut.nullable(),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

/** An event as stored (its first occurrence's date and times, and the recurrence of a series). */
export const eventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  link: z.string(),
  organiser: z.string(),
  members: z.array(z.string()),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  tz: z.string(),
  remind: z.number().nullable(),
  periodic: z.boolean(),
  repeat: repeatOut.nullable(),
  created_at: z.string(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;

/** §3 "Periodic events return changed, deleted and new lists": the occurrences a series change touched. */
export const seriesDiff = z.object({
  changed: z.array(occurrenceSchema),
  deleted: z.array(z.object({ _id: z.string(), occurrence: z.string().nullable(), start: z.string() })),
  added: z.array(occurrenceSchema),
});
export type SeriesDiff = z.infer<typeof seriesDiff>;
