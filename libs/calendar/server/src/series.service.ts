import { Inject, Injectable } from '@nestjs/common';
import { CALENDAR_ERRORS, type calendarRoutes, type SeriesDiff } from '@intranet/calendar-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { EventsRepository, type FullEvent } from './calendar.repository.ts';
import { assertNotPast, CalendarService } from './calendar.service.ts';
import { columns, diff, occurrencesOf } from './mapping.ts';
import { addDays, allDates, expandOne, isOccurrence, repeatOf, spanOf, toRrule } from './recurrence.ts';
import type { EventRow } from './schema.ts';

type In<K extends keyof typeof calendarRoutes> = RouteInput<(typeof calendarRoutes)[K]>;

const flag = (v: string) => v === 'true' || v === '1';
const deleteError = () => Errors.coded(CALENDAR_ERRORS.eventDeleteError);
const notPeriodic = () => Errors.coded(CALENDAR_ERRORS.eventNotPeriodic);

/** The occurrence `rid` must be a live one of the series. Errors: 400 occurrence. */
function assertOccurrence(row: EventRow, rid: string): void {
  if (!isOccurrence(row, rid) || row.exdates.includes(rid)) throw Errors.fieldCoded('occurrence', CALENDAR_ERRORS.eventNoOccurrence);
}

/**
 * Changes of periodic events (§4 periodic events, §7 PUT/DELETE api/event/periodic_event/{id}): one occurrence,
 * this and the following ones, or the whole series; each answers the {changed, deleted, added} occurrences.
 */
@Injectable()
export class SeriesService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: EventsRepository,
    private readonly events: CalendarService,
  ) {}

  /** Cuts a series before `rid` (UNTIL the day before; its exceptions from `rid` on dropped). */
  private async truncate(tx: Tx, ev: FullEvent, rid: string): Promise<void> {
    const rep = repeatOf(ev.row)!;
    const rrule = toRrule({ ...rep, count: null, until: addDays(rid, -1) });
    await this.repo.update(tx, ev.row.id, { rrule, exdates: ev.row.exdates.filter((d) => d < rid) });
    await this.repo.dropOverrides(tx, ev.row.id, (o) => o < rid);
  }

  /**
   * §7 PUT api/event/periodic_event/{id} {...fields, repeat, scope, occurrence} → {changed, deleted, added}:
   * 'one' moves or edits one occurrence (an override with its RECURRENCE-ID; the series' members stay);
   * 'following' ends the series the day before it and starts a new one from it with the new values (a COUNT
   * carries over what was left of it); 'all' changes the series, keeping the exceptions that still fall on its
   * dates. Errors: 404, 403, 400 (not a series, no such occurrence, §5 rules).
   */
  async updatePeriodic({ params, body }: In<'eventUpdatePeriodic'>, ctx: RequestContext): Promise<SeriesDiff> {
    const members = await this.events.checkMembers(ctx.clientId!, body.members);
    return this.db.inTenant(ctx, async (tx) => {
      const ev = await this.events.forChange(tx, ctx, params.id);
      const r = ev.row;
      if (!r.rrule) throw notPeriodic();
      const before = occurrencesOf(ev);
      let scope = body.scope;
      const rid = body.occurrence ?? null;
      if (scope !== 'all') assertOccurrence(r, rid!);
      if (scope === 'following' && rid === allDates(r)[0]) scope = 'all';

      if (scope === 'one') {
        const cur = expandOne(
          r,
          rid!,
          ev.overrides.find((o) => o.recurrenceId === rid),
        );
        if (body.date !== cur.date || body.start_time !== cur.startTime) assertNotPast(body.date, body.start_time, r.tz);
        await this.repo.upsertOverride(tx, {
          eventId: r.id,
          recurrenceId: rid!,
          clientId: r.clientId,
          date: body.date,
          startTime: body.start_time,
          endTime: body.end_time,
          name: body.name !== r.name ? body.name : null,
          description: body.description !== r.description ? body.description : null,
          color: body.color !== r.color ? body.color : null,
          link: body.link !== r.link ? body.link : null,
        });
        const after = (await this.events.settle(tx, r.id))!;
        const d = diff(before, occurrencesOf(after));
        await this.events.announce(tx, ctx, ev, after, 'one', rid, d);
        return d;
      }

      const repeat = body.repeat!;
      if (scope === 'following') {
        assertNotPast(body.date, body.start_time, body.tz);
        const old = repeatOf(r)!;
        const done = allDates(r, false).filter((d) => d < rid!).length;
        const count = repeat.count != null && old.count != null && repeat.count === old.count ? Math.max(old.count - done, 2) : repeat.count;
        await this.truncate(tx, ev, rid!);
        const id = uuidv7();
        const cols = { ...columns(body), rrule: toRrule({ ...repeat, count }), exdates: [] as string[] };
        const span = spanOf({ id, ...cols }, []);
        await this.repo.insert(
          tx,
          { id, clientId: r.clientId, seriesId: r.seriesId ?? r.id, organiserId: r.organiserId, ...cols, spanStart: span.start, spanEnd: span.end },
          members,
        );
        const oldAfter = await this.events.settle(tx, r.id);
        const added = (await this.events.settle(tx, id))!;
        const after = new Map([...occurrencesOf(oldAfter), ...occurrencesOf(added)]);
        const d = diff(before, after);
        await this.events.announce(tx, ctx, ev, added, 'following', rid, d);
        return d;
      }

      // scope 'all'
      if (body.date !== r.date || body.start_time !== r.startTime || body.tz !== r.tz) assertNotPast(body.date, body.start_time, body.tz);
      const rrule = toRrule(repeat);
      const next = { date: body.date, rrule, exdates: [] as string[] };
      if (allDates(next).length === 0) throw Errors.fieldCoded('repeat.until', CALENDAR_ERRORS.eventNoOccurrence);
      const keep = (d: string) => isOccurrence(next, d);
      await this.repo.update(tx, r.id, { ...columns(body), rrule, exdates: r.exdates.filter(keep) });
      await this.repo.dropOverrides(tx, r.id, keep);
      await this.repo.setMembers(tx, r.id, r.clientId, members);
      const after = await this.events.settle(tx, r.id);
      const d = diff(before, occurrencesOf(after));
      await this.events.announce(tx, ctx, ev, after, 'all', null, d);
      return d;
    });
  }

  /**
   * §7 DELETE api/event/periodic_event/{id}?all={flag}&following={flag}&occurrence={date} → {changed, deleted,
   * added}: all=true cancels the series; else the occurrence gets an EXDATE, or with following=true the series
   * ends before it. Errors: 404, 403, 400 'The event could not be deleted' (§8: no such live occurrence).
   */
  async removePeriodic({ params, query }: In<'eventRemovePeriodic'>, ctx: RequestContext): Promise<SeriesDiff> {
    return this.db.inTenant(ctx, async (tx) => {
      const ev = await this.events.forChange(tx, ctx, params.id);
      const r = ev.row;
      if (!r.rrule) throw notPeriodic();
      const before = occurrencesOf(ev);
      const all = flag(query.all) || (flag(query.following) && query.occurrence === allDates(r)[0]);
      if (all) {
        await this.repo.delete(tx, r.id);
        await this.events.announceDeleted(tx, ctx, ev);
        return diff(before, new Map());
      }
      const rid = query.occurrence;
      if (!rid) throw Errors.fieldCoded('occurrence', GENERIC.required);
      if (!isOccurrence(r, rid) || r.exdates.includes(rid)) throw deleteError();
      if (flag(query.following)) await this.truncate(tx, ev, rid);
      else {
        await this.repo.update(tx, r.id, { exdates: [...r.exdates, rid].sort() });
        await this.repo.dropOverrides(tx, r.id, (o) => o !== rid);
      }
      const after = await this.events.settle(tx, r.id);
      const d = diff(before, occurrencesOf(after));
      await this.events.announce(tx, ctx, ev, after, flag(query.following) ? 'following' : 'one', rid, d);
      return d;
    });
  }
}
