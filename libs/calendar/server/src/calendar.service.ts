import { Inject, Injectable } from '@nestjs/common';
import {
  calendarEvents,
  CALENDAR_ERRORS,
  pastIssue,
  type CalendarEvent,
  type calendarRoutes,
  type Occurrence,
  type Repeat,
  type SeriesDiff,
  type SeriesScope,
} from '@intranet/calendar-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { requireCaller, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { DateTime } from 'luxon';
import { calendarAccess, canEdit, canSee, rangeOwner } from './access.ts';
import { EventsRepository, type FullEvent } from './calendar.repository.ts';
import { CalendarJobs } from './jobs.ts';
import { columns, diff, occurrencesOf, present, presentEvent, type EventFields } from './mapping.ts';
import { allDates, expand, instant, spanOf, toRrule } from './recurrence.ts';

type In<K extends keyof typeof calendarRoutes> = RouteInput<(typeof calendarRoutes)[K]>;

/** §5 "date not in the past; time not already passed today", in the event's zone. Errors: 400 validation. */
export function assertNotPast(date: string, startTime: string, tz: string): void {
  const issue = pastIssue(date, startTime, tz);
  if (issue) throw Errors.validation([issue]);
}

/**
 * The calendar's events (§7 Events, §5 Event, §6 calendar/events_create): reads of a range, single events, and
 * the steps every change shares (members check, lock for a change, settle, announce). Input is validated by the
 * contract; each change is one transaction (event rows, members, overrides, reminder jobs and outbox events).
 */
@Injectable()
export class CalendarService {
  private readonly people: PeopleClient;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) bus: Bus,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly repo: EventsRepository,
    private readonly reminders: CalendarJobs,
  ) {
    this.people = peopleClient(bus);
  }

  /**
   * Members must be users of the caller's client (asked of people before the transaction). Output: the ids
   * deduplicated. Errors: 400 members 'User not found'; a failing people service stays 503.
   */
  async checkMembers(clientId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => this.people.user(clientId, id)));
    if (found.some((u) => !u)) throw Errors.fieldCoded('members', GENERIC.user_not_found);
    return unique;
  }

  /** The event for a change: 404 when missing or not visible, 403 'No access' when the caller may not change it. */
  async forChange(tx: Tx, ctx: RequestContext, id: string): Promise<FullEvent> {
    const ev = await this.repo.find(tx, id, true);
    if (!ev || !canSee(ctx, ev)) throw Errors.notFound();
    if (!canEdit(ctx, ev)) throw Errors.noAccess();
    return ev;
  }

  /** Re-reads an event, stores its span and queues its reminders. Output: the event as now stored (none: all cancelled). */
  async settle(tx: Tx, id: string): Promise<FullEvent | undefined> {
    let ev = await this.repo.find(tx, id);
    if (!ev) return undefined;
    if (ev.row.rrule && allDates(ev.row).length === 0 && ev.overrides.length === 0) {
      // Every occurrence cancelled: nothing is left of the series.
      await this.repo.delete(tx, id);
      return undefined;
    }
    const span = spanOf(ev.row, ev.overrides);
    await this.repo.update(tx, id, { spanStart: span.start, spanEnd: span.end });
    ev = (await this.repo.find(tx, id))!;
    await this.reminders.plan(tx, ev);
    return ev;
  }

  /** Publishes a change: updated to everyone concerned (before and after), invited to the new members. */
  async announce(
    tx: Tx,
    ctx: RequestContext,
    before: FullEvent,
    after: FullEvent | undefined,
    scope: SeriesScope,
    occurrence: string | null,
    d: SeriesDiff,
  ): Promise<void> {
    const clientId = before.row.clientId;
    const concerned = [...new Set([...before.members, before.row.organiserId, ...(after?.members ?? []), ctx.userId!])];
    await this.outbox.add(tx, calendarEvents.updated, clientId, {
      _id: before.row.id,
      name: after?.row.name ?? before.row.name,
      scope,
      occurrence,
      changed: d.changed.length,
      deleted: d.deleted.length,
      added: d.added.length,
      userIds: concerned,
      actorId: ctx.userId,
    });
    const invited = (after?.members ?? []).filter((m) => !before.members.includes(m) && m !== ctx.userId);
    if (after && invited.length) {
      await this.outbox.add(tx, calendarEvents.invited, clientId, {
        _id: after.row.id,
        name: after.row.name,
        date: after.row.date,
        start_time: after.row.startTime,
        userIds: invited,
        actorId: ctx.userId,
      });
    }
  }

  /** Publishes a cancellation (an event or a series whole) to everyone concerned. */
  async announceDeleted(tx: Tx, ctx: RequestContext, ev: FullEvent): Promise<void> {
    const userIds = [...new Set([...ev.members, ev.row.organiserId, ctx.userId!])];
    await this.outbox.add(tx, calendarEvents.deleted, ev.row.clientId, { _id: ev.row.id, name: ev.row.name, userIds, actorId: ctx.userId });
  }

  /** Occurrences of a read range the caller (or `of`) may see, in [from, to) (local dates in tz; default this month). */
  private async range(ctx: RequestContext, q: { from?: string; to?: string; tz: string }, of: string | null): Promise<Occurrence[]> {
    const month = DateTime.now().setZone(q.tz).startOf('month');
    const from = q.from ? instant(q.from, '00:00', q.tz) : month;
    const to = q.to ? instant(q.to, '00:00', q.tz) : month.plus({ months: 1 });
    return this.db.inTenant(ctx, async (tx) => {
      const list = await this.repo.inRange(tx, from.toJSDate(), to.toJSDate(), of);
      const out: Occurrence[] = [];
      for (const ev of list) for (const x of expand(ev.row, ev.overrides, from.toMillis(), to.toMillis())) out.push(present(ev, x));
      return out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a._id < b._id ? -1 : 1));
    });
  }

  /**
   * §7 GET /api/event/byClient/{id}?from&to&tz → the occurrences in [from, to) (local dates in tz): all of the
   * client for an administrator, else those the caller organises or is a member of. Errors: 404 another client.
   */
  async byClient({ params, query }: In<'eventByClient'>, ctx: RequestContext): Promise<Occurrence[]> {
    if (params.id !== ctx.clientId) throw Errors.notFound();
    return this.range(ctx, query, rangeOwner(ctx));
  }

  /**
   * §7 GET api/user/{clientId}/events/access_for/{userId}?from&to&tz → the occurrences {userId} organises or is a
   * member of. Oneself, or an administrator for anyone of the client. Errors: 404 (another client, unknown
   * user), 403 'No access' (someone else, not an administrator).
   */
  async accessFor({ params, query }: In<'eventAccessFor'>, ctx: RequestContext): Promise<Occurrence[]> {
    if (params.clientId !== ctx.clientId || !ctx.clientId) throw Errors.notFound();
    const access = calendarAccess(ctx, params.userId);
    if (access === 'denied') throw Errors.noAccess();
    if (access === 'admin' && !(await this.people.user(ctx.clientId, params.userId))) throw Errors.userNotFound();
    return this.range(ctx, query, params.userId);
  }

  /**
   * §7 POST api/event/ and POST api/event/periodic_event {...fields, repeat?} → the event (a single one or a
   * series). Errors: 403 (no client or user), 400 (§5 rules, members, a series without occurrences).
   */
  async create(body: EventFields & { repeat?: Repeat }, ctx: RequestContext): Promise<CalendarEvent> {
    const { clientId, userId } = requireCaller(ctx);
    assertNotPast(body.date, body.start_time, body.tz);
    const members = await this.checkMembers(clientId, body.members);
    const rrule = body.repeat ? toRrule(body.repeat) : null;
    if (rrule && allDates({ date: body.date, rrule, exdates: [] }).length === 0) {
      throw Errors.fieldCoded('repeat.until', CALENDAR_ERRORS.eventNoOccurrence);
    }
    return this.db.inTenant(ctx, async (tx) => {
      const id = uuidv7();
      const cols = { ...columns(body), rrule, exdates: [] as string[] };
      const span = spanOf({ id, ...cols }, []);
      await this.repo.insert(tx, { id, clientId, organiserId: userId, ...cols, spanStart: span.start, spanEnd: span.end }, members);
      const ev = (await this.settle(tx, id))!;
      const userIds = [...new Set([...members, userId])];
      await this.outbox.add(tx, calendarEvents.created, clientId, { _id: id, name: body.name, date: body.date, periodic: !!rrule, userIds, actorId: userId });
      const invited = members.filter((m) => m !== userId);
      if (invited.length) {
        await this.outbox.add(tx, calendarEvents.invited, clientId, {
          _id: id,
          name: body.name,
          date: body.date,
          start_time: body.start_time,
          userIds: invited,
          actorId: userId,
        });
      }
      return presentEvent(ev);
    });
  }

  /**
   * §7 PUT api/event/{id}: changes a single event (organiser or administrator). The §5 past-date rules hold when
   * the date or start changes. Errors: 404, 403, 400 (a series: use the periodic call).
   */
  async update({ params, body }: In<'eventUpdate'>, ctx: RequestContext): Promise<CalendarEvent> {
    const members = await this.checkMembers(ctx.clientId!, body.members);
    return this.db.inTenant(ctx, async (tx) => {
      const ev = await this.forChange(tx, ctx, params.id);
      if (ev.row.rrule) throw Errors.coded(CALENDAR_ERRORS.eventPeriodicOnly);
      if (body.date !== ev.row.date || body.start_time !== ev.row.startTime || body.tz !== ev.row.tz) assertNotPast(body.date, body.start_time, body.tz);
      const before = occurrencesOf(ev);
      await this.repo.update(tx, ev.row.id, columns(body));
      await this.repo.setMembers(tx, ev.row.id, ev.row.clientId, members);
      const after = (await this.settle(tx, ev.row.id))!;
      await this.announce(tx, ctx, ev, after, 'all', null, diff(before, occurrencesOf(after)));
      return presentEvent(after);
    });
  }

  /** §7 DELETE api/event/{id}: cancels an event (a series whole). Organiser or administrator. Errors: 404, 403. */
  async remove({ params }: In<'eventRemove'>, ctx: RequestContext): Promise<{ _id: string }> {
    return this.db.inTenant(ctx, async (tx) => {
      const ev = await this.forChange(tx, ctx, params.id);
      await this.repo.delete(tx, ev.row.id);
      await this.announceDeleted(tx, ctx, ev);
      return { _id: ev.row.id };
    });
  }

  /**
   * GET /api/event/{id}?occurrence={date} → one occurrence: of a series the one whose RECURRENCE-ID is `occurrence`
   * (moved or not), without it the next one not yet ended (the last when all have); a single event itself.
   * Errors: 404 (unknown, or the caller is neither organiser, member nor administrator), 400 occurrence (no such
   * live occurrence of the series).
   */
  async get({ params, query }: In<'eventGet'>, ctx: RequestContext): Promise<Occurrence> {
    return this.db.inTenant(ctx, async (tx) => {
      const ev = await this.repo.find(tx, params.id);
      if (!ev || !canSee(ctx, ev)) throw Errors.notFound();
      const all = [...occurrencesOf(ev).values()].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
      if (ev.row.rrule && query.occurrence) {
        const asked = all.find((o) => o.occurrence === query.occurrence);
        if (!asked) throw Errors.fieldCoded('occurrence', CALENDAR_ERRORS.eventNoOccurrence);
        return asked;
      }
      const now = new Date().toISOString();
      const next = all.find((o) => o.end > now) ?? all.at(-1);
      if (!next) throw Errors.notFound();
      return next;
    });
  }
}
