import { Errors } from '@intranet/platform-errors';
import { ANALYTICS_ERRORS } from '@intranet/analytics-contract';

const DAY_MS = 86_400_000;

/** The ISO day (UTC) of a date. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * A report's period from the optional dateFrom/dateTo days (inclusive): defaults to the 30 days ending today.
 * Errors: 400 periodInvalid when dateTo is before dateFrom.
 */
export function resolvePeriod(q: { dateFrom?: string; dateTo?: string }, now = new Date()): { dateFrom: string; dateTo: string; days: number } {
  const dateTo = q.dateTo ?? isoDay(now);
  const dateFrom = q.dateFrom ?? isoDay(new Date(Date.parse(dateTo) - 29 * DAY_MS));
  if (dateTo < dateFrom) throw Errors.coded(ANALYTICS_ERRORS.periodInvalid);
  return { dateFrom, dateTo, days: Math.round((Date.parse(dateTo) - Date.parse(dateFrom)) / DAY_MS) + 1 };
}

/**
 * The first day of the mood analysis period (§9: one or two weeks) holding `day`: periods start on Mondays, two-week
 * ones on every other Monday counted from 1970-01-05.
 */
export function moodPeriodStart(day: Date, weeks: 1 | 2): string {
  const epochMonday = Date.UTC(1970, 0, 5);
  const days = Math.floor((Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - epochMonday) / DAY_MS);
  const start = days - (((days % (7 * weeks)) + 7 * weeks) % (7 * weeks));
  return isoDay(new Date(epochMonday + start * DAY_MS));
}

/** §9 turnover: deactivations / average active users × 100, two decimals; 0 without active users. */
export function turnoverPercent(deactivations: number, activeAtStart: number, activeAtEnd: number): number {
  const avg = (activeAtStart + activeAtEnd) / 2;
  return avg > 0 ? Math.round((deactivations / avg) * 10_000) / 100 : 0;
}

/** Bits of `session_year_users.days`: one per day of a (leap) year. */
export const YEAR_BITS = 366;

/**
 * For each year the period [from, to] (ISO days) touches, the mask of its days in `session_year_users.days`' layout
 * (bit n - 1 set for day-of-year n) as a '0'/'1' string.
 */
export function yearMasks(from: string, to: string): { year: number; mask: string }[] {
  const out: { year: number; mask: string }[] = [];
  const doy = (d: string) => (Date.parse(d) - Date.UTC(Number(d.slice(0, 4)), 0, 1)) / DAY_MS;
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    const a = from.startsWith(String(y)) ? doy(from) : 0;
    const b = to.startsWith(String(y)) ? doy(to) : YEAR_BITS - 1;
    out.push({ year: y, mask: '0'.repeat(a) + '1'.repeat(b - a + 1) + '0'.repeat(YEAR_BITS - 1 - b) });
  }
  return out;
}
