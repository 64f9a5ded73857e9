import { WEEKDAYS } from '@intranet/calendar-contract';

/** The browser's IANA time zone (the zone events are created in and ranges are read in). */
export const zoneOfBrowser = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Weekdays (MO..SU) moved by `days` (a weekly series dragged to another day keeps its pattern). */
export function shiftWeekdays(days: (typeof WEEKDAYS)[number][], by: number): (typeof WEEKDAYS)[number][] {
  return days.map((d) => WEEKDAYS[(((WEEKDAYS.indexOf(d) + by) % 7) + 7) % 7]!);
}
