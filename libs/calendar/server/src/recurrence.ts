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
 * The RECURRENCE-IDs (dates) of a series between two local dates, both inclusive, EXDATEs left out; a single
 * event gives its own date when it falls in the window.
 */
export function occurrenceDates(ev: Pick<SeriesLike, 'date' | 'rrule' | 'exdates'>, from: string, to: string): string[] {
  if (!ev.rrule) return ev.date >= from && ev.date <= to ? [ev.date] : [];
  const ex = new Set(ev.exdates);
  return ruleOf(ev)
    .between(floating(from), floating(to), true)
    .map(dateOf)
    .filter((d) => !ex.has(d));
}

/** Every RECURRENCE-ID of a (finite) series, EXDATEs included unless `withoutExdates`. */
export function allDates(ev: Pick<SeriesLike, 'date' | 'rrule' | 'exdates'>, withoutExdates = true): string[] {
  if (!ev.rrule) return [ev.date];
  const ex = new Set(withoutExdates ? ev.exdates : []);
  return ruleOf(ev)
    .all((_, i) => i < 100_000)
    .map(dateOf)
    .filter((d) => !ex.has(d));
}

/** Whether `date` is an occurrence of the series (EXDATEs included: a cancelled one still is one of its dates). */
export function isOccurrence(ev: Pick<SeriesLike, 'date' | 'rrule' | 'exdates'>, date: string): boolean {
  if (!ev.rrule) return date === ev.date;
  return occurrenceDates({ ...ev, exdates: [] }, date, date).length === 1;
}

/** The instant of a wall-clock date and time in `tz` (a time skipped by a DST change moves forward, as RFC 5545 says). */
export function instant(date: string, time: string, tz: string): DateTime {
  return DateTime.fromISO(`${date}T${time}`, { zone: tz });
}

/** Today's date and the time now (HH:MM) in `tz`. */
export function nowIn(tz: string, now: Date = new Date()): { date: string; time: string } {
  const d = DateTime.fromJSDate(now, { zone: tz });
  return { date: d.toISODate()!, time: d.toFormat('HH:mm') };
}

/** A local date shifted by whole days. */
export const addDays = (date: string, days: number) => DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;

/** One expanded occurrence before presentation: its RECURRENCE-ID, its (possibly moved) wall-clock values and instants. */
export interface Expanded {
  occurrence: string | null;
  date: string;
  startTime: string;
  endTime: string;
  start: DateTime;
  end: DateTime;
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
    start: instant(date, startTime, ev.tz),
    end: instant(date, endTime, ev.tz),
    override: ov ?? null,
  };
}

/**
 * The occurrences of an event that overlap the instants [from, to): the rule expanded over the local dates around
 * the window (a day either side covers any zone difference), plus moved occurrences wherever they came from.
 */
export function expand(ev: SeriesLike, overrides: OverrideLike[], from: DateTime, to: DateTime): Expanded[] {
  const byRid = new Map(overrides.map((o) => [o.recurrenceId, o]));
  const lo = addDays(from.setZone(ev.tz).toISODate()!, -1);
  const hi = addDays(to.setZone(ev.tz).toISODate()!, 1);
  const rids = new Set(occurrenceDates(ev, lo, hi));
  const ex = new Set(ev.exdates);
  for (const o of overrides) if (!ex.has(o.recurrenceId)) rids.add(o.recurrenceId);
  const out: Expanded[] = [];
  for (const rid of rids) {
    const x = expandOne(ev, rid, byRid.get(rid));
    if (x.start < to && x.end > from) out.push(x);
  }
  return out.sort((a, b) => a.start.toMillis() - b.start.toMillis());
}

/** The first start and last end of every occurrence of an event (moved ones included): its span for range reads. */
export function spanOf(ev: SeriesLike, overrides: OverrideLike[]): { start: Date; end: Date } {
  const rids = allDates(ev);
  const byRid = new Map(overrides.map((o) => [o.recurrenceId, o]));
  let start = Infinity;
  let end = -Infinity;
  const consider = (x: Expanded) => {
    start = Math.min(start, x.start.toMillis());
    end = Math.max(end, x.end.toMillis());
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
