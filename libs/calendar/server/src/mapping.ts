import type { CalendarEvent, Occurrence, SeriesDiff } from '@intranet/calendar-contract';
import type { FullEvent } from './calendar.repository.ts';
import { expand, repeatOf, spanOf, type Expanded } from './recurrence.ts';

/** An occurrence as the API returns it (§3 Event). */
export function present(ev: FullEvent, x: Expanded): Occurrence {
  const r = ev.row;
  const o = x.override;
  return {
    _id: r.id,
    occurrence: x.occurrence,
    name: o?.name ?? r.name,
    description: o?.description ?? r.description,
    color: o?.color ?? r.color,
    link: o?.link ?? r.link,
    organiser: r.organiserId,
    members: ev.members,
    date: x.date,
    start_time: x.startTime,
    end_time: x.endTime,
    tz: r.tz,
    start: new Date(x.start).toISOString(),
    end: new Date(x.end).toISOString(),
    remind: r.remind,
    periodic: !!r.rrule,
    series_date: r.rrule ? r.date : null,
    moved: !!o,
    repeat: repeatOf(r),
  };
}

/** An event as stored (first occurrence's values and the recurrence). */
export function presentEvent(ev: FullEvent): CalendarEvent {
  const r = ev.row;
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    color: r.color,
    link: r.link,
    organiser: r.organiserId,
    members: ev.members,
    date: r.date,
    start_time: r.startTime,
    end_time: r.endTime,
    tz: r.tz,
    remind: r.remind,
    periodic: !!r.rrule,
    repeat: repeatOf(r),
    created_at: r.createdAt.toISOString(),
  };
}

/** Every occurrence of an event, presented, keyed `<id>|<RECURRENCE-ID>`. */
export function occurrencesOf(ev: FullEvent | undefined): Map<string, Occurrence> {
  const out = new Map<string, Occurrence>();
  if (!ev) return out;
  const span = spanOf(ev.row, ev.overrides);
  const from = span.start.getTime() - 60_000;
  const to = span.end.getTime() + 60_000;
  for (const x of expand(ev.row, ev.overrides, from, to)) out.set(`${ev.row.id}|${x.occurrence}`, present(ev, x));
  return out;
}

/** What makes an occurrence itself differ (the series' recurrence text, e.g. a new EXDATE elsewhere, does not). */
const own = (o: Occurrence) => JSON.stringify({ ...o, repeat: o.repeat ? { ...o.repeat, exdates: [], rrule: '', count: null, until: null } : null });

/** §3 "changed, deleted and new lists": the difference of two sets of occurrences. */
export function diff(before: Map<string, Occurrence>, after: Map<string, Occurrence>): SeriesDiff {
  const out: SeriesDiff = { changed: [], deleted: [], added: [] };
  for (const [k, b] of before) {
    const a = after.get(k);
    if (!a) out.deleted.push({ _id: b._id, occurrence: b.occurrence, start: b.start });
    else if (own(a) !== own(b)) out.changed.push(a);
  }
  for (const [k, a] of after) if (!before.has(k)) out.added.push(a);
  const byStart = (x: { start: string }, y: { start: string }) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0);
  out.changed.sort(byStart);
  out.deleted.sort(byStart);
  out.added.sort(byStart);
  return out;
}

/** The fields of the event forms (§5 Event), as the contract parses them. */
export type EventFields = {
  name: string;
  date: string;
  start_time: string;
  end_time: string;
  color: string;
  description: string;
  members: string[];
  link: string;
  remind: number | null;
  tz: string;
};

/** The stored columns of a form's fields. */
export const columns = (b: EventFields) => ({
  name: b.name,
  date: b.date,
  startTime: b.start_time,
  endTime: b.end_time,
  color: b.color,
  description: b.description,
  link: b.link,
  remind: b.remind,
  tz: b.tz,
});
