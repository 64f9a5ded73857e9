import ical, { ICalAlarmType, ICalAttendeeRole, ICalEventRepeatingFreq, ICalWeekday, type ICalEvent } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { fromRrule, instant } from './recurrence.ts';
import type { FullEvent } from './calendar.repository.ts';

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

/** A person named in a file: the ORGANIZER or an ATTENDEE (CN and mailto). */
export interface IcsPerson {
  name: string;
  email: string;
}

/**
 * The RFC 5545 VTIMEZONE of an IANA zone (timezones-ical-library's current tz data), under the TZID the events use:
 * the library answers an alias (Europe/Kiev) with its canonical zone's block (TZID Europe/Kyiv), and a TZID
 * parameter must name a VTIMEZONE of the file. Null for a zone it does not know (the times stay in that TZID).
 */
export function vtimezone(tz: string): string | null {
  const block = tzlib_get_ical_block(tz);
  if (!Array.isArray(block) || !block[0]) return null;
  return block[0].replace(/^TZID:.*$/m, `TZID:${tz}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${tz}`);
}

/** Organiser, members (attendees) and the reminder (VALARM) of one VEVENT. */
function addPeople(ev: ICalEvent, full: FullEvent, people: ReadonlyMap<string, IcsPerson>, summary: string): void {
  const org = people.get(full.row.organiserId);
  if (org) ev.organizer({ name: org.name, email: org.email });
  for (const id of full.members) {
    const p = people.get(id);
    if (p) ev.createAttendee({ name: p.name, email: p.email, role: ICalAttendeeRole.REQ });
  }
  // ical-generator's trigger is seconds before the start.
  if (full.row.remind != null) ev.createAlarm({ type: ICalAlarmType.display, trigger: full.row.remind * 60, description: summary });
}

/**
 * Events as an RFC 5545 iCalendar text (ical-generator): each event a VEVENT with DTSTART/DTEND;TZID in its zone
 * and a VTIMEZONE for every zone used, its ORGANIZER, an ATTENDEE per member (CN, mailto) and a VALARM when it has
 * a reminder; a series with its RRULE and EXDATEs, and each moved or edited occurrence a VEVENT of the same UID
 * with its RECURRENCE-ID. `name` is the calendar's X-WR-CALNAME; `people` names users by id (those missing are
 * left out). Output: the .ics text.
 */
export function buildIcs(name: string, list: FullEvent[], people: ReadonlyMap<string, IcsPerson> = new Map(), host = 'intranet'): string {
  const cal = ical({ name, prodId: { company: 'intranet', product: 'calendar', language: 'EN' }, timezone: { name: null, generator: vtimezone } });
  for (const full of list) {
    const { row: r, overrides } = full;
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
    addPeople(ev, full, people, r.name);
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
      const summary = o.name ?? r.name;
      const moved = cal.createEvent({
        id: uid,
        recurrenceId: instant(o.recurrenceId, r.startTime, r.tz),
        start: instant(o.date, o.startTime, r.tz),
        end: instant(o.date, o.endTime, r.tz),
        timezone: r.tz,
        summary,
        description: (o.description ?? r.description) || null,
        url: (o.link ?? r.link) || null,
        stamp: r.updatedAt,
      });
      addPeople(moved, full, people, summary);
    }
  }
  return cal.toString();
}
