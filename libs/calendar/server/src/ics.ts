import ical, { ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import { fromRrule, instant } from './recurrence.ts';
import type { FullEvent } from './repository.ts';

const FREQ = {
  day: ICalEventRepeatingFreq.DAILY,
  week: ICalEventRepeatingFreq.WEEKLY,
  month: ICalEventRepeatingFreq.MONTHLY,
  year: ICalEventRepeatingFreq.YEARLY,
};
const DAY: Record<string, ICalWeekday> = {
  MO: ICalWeekday.MO,
  TU: ICalWeekday.TU,
  WE: ICalWeekday.WE,
  TH: ICalWeekday.TH,
  FR: ICalWeekday.FR,
  SA: ICalWeekday.SA,
  SU: ICalWeekday.SU,
};

/**
 * Events as an RFC 5545 iCalendar text (ical-generator): each event a VEVENT with DTSTART/DTEND;TZID in its zone,
 * a series with its RRULE and EXDATEs, and each moved or edited occurrence a VEVENT of the same UID with its
 * RECURRENCE-ID. `name` is the calendar's X-WR-CALNAME. Output: the .ics text.
 */
export function buildIcs(name: string, list: FullEvent[], host = 'intranet'): string {
  const cal = ical({ name, prodId: { company: 'intranet', product: 'calendar', language: 'EN' } });
  for (const { row: r, overrides } of list) {
    const uid = `${r.id}@${host}`;
    const ev = cal.createEvent({
      id: uid,
      start: instant(r.date, r.startTime, r.tz),
      end: instant(r.date, r.endTime, r.tz),
      timezone: r.tz,
      summary: r.name,
      description: r.description || null,
      url: r.link || null,
      stamp: r.updatedAt,
      lastModified: r.updatedAt,
    });
    if (!r.rrule) continue;
    const rep = fromRrule(r.rrule);
    ev.repeating({
      freq: FREQ[rep.period],
      interval: rep.interval,
      ...(rep.weekdays.length ? { byDay: rep.weekdays.map((d) => DAY[d]!) } : {}),
      ...(rep.count != null ? { count: rep.count } : {}),
      ...(rep.count == null && rep.until ? { until: instant(rep.until, '23:59', r.tz).toJSDate() } : {}),
      ...(r.exdates.length ? { exclude: r.exdates.map((d) => instant(d, r.startTime, r.tz)), excludeTimezone: r.tz } : {}),
    });
    for (const o of overrides) {
      if (r.exdates.includes(o.recurrenceId)) continue;
      cal.createEvent({
        id: uid,
        recurrenceId: instant(o.recurrenceId, r.startTime, r.tz),
        start: instant(o.date, o.startTime, r.tz),
        end: instant(o.date, o.endTime, r.tz),
        timezone: r.tz,
        summary: o.name ?? r.name,
        description: (o.description ?? r.description) || null,
        url: (o.link ?? r.link) || null,
        stamp: r.updatedAt,
      });
    }
  }
  return cal.toString();
}
