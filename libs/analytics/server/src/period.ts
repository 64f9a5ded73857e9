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
