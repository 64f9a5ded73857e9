import type { Occurrence, Repeat, WEEKDAYS } from '@intranet/calendar-contract';
import { DateTime } from 'luxon';
import * as rruleNs from 'rrule';

// rrule ships CommonJS (UMD) only: under Node's ESM loader its exports sit on the default export.
const { RRule } = ((rruleNs as unknown as { default?: typeof rruleNs }).default ?? rruleNs) as typeof rruleNs;

/**
 * RFC 5545 recurrence of the calendar (§3 Event, §4 periodic events), expanded with the `rrule` library in
 * floating (wall-clock) time: DTSTART is the series' local date, each occurrence's date comes from the rule and
 * its start and end are then placed in the event's IANA zone with Luxon. So a weekly 10:00 meeting in Europe/Kyiv
 * stays at 10:00 local on both sides of a daylight-saving change (its UTC instant moves by an hour), as RFC 5545
 * DTSTART;TZID requires.
 */

/** What expansion needs of a stored event. */
export interface SeriesLike {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  tz: string;
  rrule: string | null;
  exdates: string[];
}
/** An occurrence moved or edited on its own (RECURRENCE-ID). */
export interface OverrideLike {
  recurrenceId: string;
  date: string;
  startTime: string;
  endTime: string;
  name: string | null;
  description: string | null;
  color: string | null;
  link: string | null;
}

const FREQ = { day: RRule.DAILY, week: RRule.WEEKLY, month: RRule.MONTHLY, year: RRule.YEARLY } as const;
const FREQ_NAME = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' } as const;
const PERIOD_OF: Record<string, Repeat['period']> = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' };
const WEEKDAY = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU } as const;
type Weekday = (typeof WEEKDAYS)[number];

/** The RRULE value (without the `RRULE:` prefix) of a repeat: `FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;UNTIL=20270131`. */
export function toRrule(r: Pick<Repeat, 'period' | 'interval' | 'weekdays' | 'until' | 'count'>): string {
  const parts = [`FREQ=${FREQ_NAME[r.period]}`, `INTERVAL=${r.interval}`];
  if (r.period === 'week' && r.weekdays.length) parts.push(`BYDAY=${[...new Set(r.weekdays)].join(',')}`);
  if (r.count != null) parts.push(`COUNT=${r.count}`);
  else if (r.until) parts.push(`UNTIL=${r.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/** The repeat a stored RRULE stands for (the inverse of toRrule). */
export function fromRrule(rrule: string): Pick<Repeat, 'period' | 'interval' | 'weekdays' | 'until' | 'count'> {
  const kv = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const until = kv.UNTIL ? `${kv.UNTIL.slice(0, 4)}-${kv.UNTIL.slice(4, 6)}-${kv.UNTIL.slice(6, 8)}` : null;
  return {
    period: PERIOD_OF[kv.FREQ!] ?? 'day',
    interval: Number(kv.INTERVAL ?? 1),
    weekdays: kv.BYDAY ? (kv.BYDAY.split(',') as Weekday[]) : [],
    until,
    count: kv.COUNT ? Number(kv.COUNT) : null,
  };
}

/** `YYYY-MM-DD` as a floating Date (UTC midnight stands for the wall-clock date). */
const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** The rrule object of a series (floating DTSTART on its date). */
function ruleOf(ev: Pick<SeriesLike, 'date' | 'rrule'>) {
  const r = fromRrule(ev.rrule!);
  return new RRule({
    freq: FREQ[r.period],
    interval: r.interval,
    dtstart: floating(ev.date),
    byweekday: r.period === 'week' && r.weekdays.length ? r.weekdays.map((w) => WEEKDAY[w]) : null,
    count: r.count,
    until: r.count == null && r.until ? new Date(`${r.until}T23:59:59Z`) : null,
  });
}

/**
 * Every date of a (finite: §5 needs an end date or a count) series, computed once by rrule and kept in a bounded
 * LRU keyed by DTSTART date and RRULE: rrule walks from DTSTART on every call (tens of microseconds per
 * occurrence), so a range read of many series would pay for their whole past each time. Up to CACHE_DATES dates
 * are kept; the array returned is shared and must not be changed.
 */
const CACHE_DATES = 2_000_000;
const cache = new Map<string, string[]>();
let cached = 0;
function datesOf(date: string, rrule: string): string[] {
  const key = `${date}|${rrule}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const dates = ruleOf({ date, rrule })
    .all((_, i) => i < 100_000)
    .map(dateOf);
  cache.set(key, dates);
  cached += dates.length;
  while (cached > CACHE_DATES && cache.size > 1) {
    const [k, v] = cache.entries().next().value!;
    cache.delete(k);
    cached -= v.length;
  }
  return dates;
}

/** Index of the first element of sorted `xs` that is >= `x`. */
function lowerBound(xs: string[], x: string): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The RECURRENCE-IDs (dates) of a series between two local dates, both inclusive, EXDATEs left out; a single
 * event gives its own date when it falls in the window.
 */
export function occurrenceDates(ev: Pick<SeriesLike, 'date' | 'rrule' | 'exdates'>, from: string, to: string): string[] {
  if (!ev.rrule) return ev.date >= from && ev.date <= to ? [ev.date] : [];
  const all = datesOf(ev.date, ev.rrule);
  const out = all.slice(lowerBound(all, from), lowerBound(all, `${to}\uffff`));
  if (!ev.exdates.length) return out;
  const ex = new Set(ev.exdates);
  return out.filter((d) => !ex.has(d));
}

/** Every RECURRENCE-ID of a (finite) series, EXDATEs left out unless `withoutExdates` is false. */
export function allDates(ev: Pick<SeriesLike, 'date' | 'rrule' | 'exdates'>, withoutExdates = true): string[] {
  if (!ev.rrule) return [ev.date];
  const all = datesOf(ev.date, ev.rrule);
  if (!withoutExdates || !ev.exdates.length) return [...all];
  const ex = new Set(ev.exdates);
  return all.filter((d) => !ex.has(d));
}

/** Whether `date` is an occurrence of the series (EXDATEs included: a cancelled one still is one of its dates). */
export function isOccurrence(ev: Pick<SeriesLike, 'date' | 'rrule' | 'exdates'>, date: string): boolean {
  if (!ev.rrule) return date === ev.date;
  const all = datesOf(ev.date, ev.rrule);
  return all[lowerBound(all, date)] === date;
}

/** The instant of a wall-clock date and time in `tz` (a time skipped by a DST change moves forward, as RFC 5545 says). */
export function instant(date: string, time: string, tz: string): DateTime {
  return DateTime.fromISO(`${date}T${time}`, { zone: tz });
}

/**
 * `instant` as epoch milliseconds, memoised (Luxon's zone arithmetic costs tens of microseconds, and the same
 * wall-clock times come back on every read of a series). At most INSTANTS entries; the memo is dropped when full.
 */
const INSTANTS = 200_000;
const instants = new Map<string, number>();
export function instantMs(date: string, time: string, tz: string): number {
  const key = `${tz}|${date}T${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= INSTANTS) instants.clear();
    ms = instant(date, time, tz).toMillis();
    instants.set(key, ms);
  }
  return ms;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const localDates = new Map<string, string>();
/** The local date (YYYY-MM-DD) of an instant in `tz` (memoised: a range read asks it for the same bounds per event). */
export function localDate(ms: number, tz: string): string {
  const key = `${tz}|${ms}`;
  const hit = localDates.get(key);
  if (hit) return hit;
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(tz, f);
  }
  if (localDates.size >= 10_000) localDates.clear();
  const d = f.format(ms);
  localDates.set(key, d);
  return d;
}

/** A local date shifted by whole days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One expanded occurrence before presentation: its RECURRENCE-ID, its (possibly moved) wall-clock values and instants (epoch ms). */
export interface Expanded {
  occurrence: string | null;
  date: string;
  startTime: string;
  endTime: string;
  start: number;
  end: number;
  override: OverrideLike | null;
}

/** The occurrence of RECURRENCE-ID `rid`, with its override applied. */
export function expandOne(ev: SeriesLike, rid: string, ov: OverrideLike | undefined): Expanded {
  const date = ov?.date ?? rid;
  const startTime = ov?.startTime ?? ev.startTime;
  const endTime = ov?.endTime ?? ev.endTime;
  return {
    occurrence: ev.rrule ? rid : null,
    date,
    startTime,
    endTime,
    start: instantMs(date, startTime, ev.tz),
    end: instantMs(date, endTime, ev.tz),
    override: ov ?? null,
  };
}

/**
 * The occurrences of an event that overlap the instants [from, to) (epoch ms): the rule expanded over the local
 * dates around the window (a day either side covers any zone difference), plus moved occurrences wherever they
 * came from.
 */
export function expand(ev: SeriesLike, overrides: OverrideLike[], from: number, to: number): Expanded[] {
  const lo = addDays(localDate(from, ev.tz), -1);
  const hi = addDays(localDate(to, ev.tz), 1);
  const rids = occurrenceDates(ev, lo, hi);
  let list = rids;
  if (overrides.length) {
    const set = new Set(rids);
    const ex = new Set(ev.exdates);
    for (const o of overrides) if (!ex.has(o.recurrenceId)) set.add(o.recurrenceId);
    list = [...set];
  }
  const byRid = overrides.length ? new Map(overrides.map((o) => [o.recurrenceId, o])) : null;
  const out: Expanded[] = [];
  for (const rid of list) {
    const x = expandOne(ev, rid, byRid?.get(rid));
    if (x.start < to && x.end > from) out.push(x);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The first start and last end of every occurrence of an event (moved ones included): its span for range reads. */
export function spanOf(ev: SeriesLike, overrides: OverrideLike[]): { start: Date; end: Date } {
  const rids = allDates(ev);
  const byRid = new Map(overrides.map((o) => [o.recurrenceId, o]));
  let start = Infinity;
  let end = -Infinity;
  const consider = (x: Expanded) => {
    start = Math.min(start, x.start);
    end = Math.max(end, x.end);
  };
  if (rids.length) {
    consider(expandOne(ev, rids[0]!, byRid.get(rids[0]!)));
    consider(expandOne(ev, rids.at(-1)!, byRid.get(rids.at(-1)!)));
  }
  const ex = new Set(ev.exdates);
  for (const o of overrides) if (!ex.has(o.recurrenceId)) consider(expandOne(ev, o.recurrenceId, o));
  if (!Number.isFinite(start)) {
    // Every occurrence cancelled: an empty span at the series' start.
    const s = instant(ev.date, ev.startTime, ev.tz).toJSDate();
    return { start: s, end: s };
  }
  return { start: new Date(start), end: new Date(end) };
}

/** The `repeat` of an occurrence or event as the API returns it. */
export function repeatOf(ev: Pick<SeriesLike, 'rrule' | 'exdates'>): Occurrence['repeat'] {
  if (!ev.rrule) return null;
  return { ...fromRrule(ev.rrule), rrule: ev.rrule, exdates: [...ev.exdates].sort() };
}
