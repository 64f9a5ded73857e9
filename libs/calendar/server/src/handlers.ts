import { randomBytes } from 'node:crypto';
import {
  calendarEvents,
  EVENT_TEXT,
  pastIssue,
  type CalendarEvent,
  type calendarRoutes,
  type Occurrence,
  type Repeat,
  type SeriesDiff,
  type SeriesScope,
} from '@intranet/calendar-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { systemContext, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { DateTime } from 'luxon';
import { buildIcs, type IcsPerson } from './ics.ts';
import { addDays, allDates, expand, expandOne, instant, isOccurrence, repeatOf, spanOf, toRrule, type Expanded } from './recurrence.ts';
import { planReminders } from './reminders.ts';
import { eventsRepository as repo, feedsRepository, type FullEvent } from './repository.ts';
import type { EventRow } from './schema.ts';

const isAdmin = (ctx: RequestContext) => ctx.roles.includes('admin') || ctx.roles.includes('superadmin');
const canSee = (ctx: RequestContext, ev: FullEvent) => isAdmin(ctx) || ev.row.organiserId === ctx.userId || ev.members.includes(ctx.userId!);
const canEdit = (ctx: RequestContext, ev: FullEvent) => isAdmin(ctx) || ev.row.organiserId === ctx.userId;
const flag = (v: string) => v === 'true' || v === '1';
const deleteError = () => new DomainError('bad_request', EVENT_TEXT.deleteError, { code: 'eventDeleteError' });

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
function occurrencesOf(ev: FullEvent | undefined): Map<string, Occurrence> {
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
function diff(before: Map<string, Occurrence>, after: Map<string, Occurrence>): SeriesDiff {
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

/** §5 "date not in the past; time not already passed today", in the event's zone. */
function assertNotPast(date: string, startTime: string, tz: string): void {
  const issue = pastIssue(date, startTime, tz);
  if (issue) throw Errors.validation([issue]);
}

type EventFields = {
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
const columns = (b: EventFields) => ({
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

/**
 * Handlers of the calendar routes (§7 Events, §5 Event, §6 calendar/events_create). Input is validated by the
 * contract; each change is one transaction (event rows, members, overrides, the reminder schedule and the outbox
 * events together).
 */
export function calendarHandlers({ db, bus, outbox }: DomainDeps): RouteHandlers<typeof calendarRoutes> {
  /** Members must be users of the caller's client (asked of people before the transaction). Errors: 400 members. */
  async function checkMembers(clientId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(
      unique.map((id) =>
        bus.request<User>(peopleRoutes.get.subject, { ctx: systemContext(clientId), input: { params: { id } } }).then(
          (u) => u.client_id === clientId,
          () => false,
        ),
      ),
    );
    if (found.some((ok) => !ok)) throw Errors.validation([{ field: 'members', message: 'User not found' }]);
    return unique;
  }

  /** Names and e-mails of the organisers and members of `list` for an .ics file (those people cannot find are left out). */
  async function peopleOf(clientId: string, list: FullEvent[]): Promise<Map<string, IcsPerson>> {
    const ids = [...new Set(list.flatMap((e) => [e.row.organiserId, ...e.members]))];
    const found = await Promise.all(
      ids.map((id) =>
        bus.request<User>(peopleRoutes.get.subject, { ctx: systemContext(clientId), input: { params: { id } } }).then(
          (u): [string, IcsPerson] | null => (u.client_id === clientId ? [id, { name: u.fullName, email: u.email }] : null),
          () => null,
        ),
      ),
    );
    return new Map(found.filter((p) => p !== null));
  }

  /** The event for a change: 404 when missing or not visible, 403 'No access' when the caller may not change it. */
  async function forChange(tx: Tx, ctx: RequestContext, id: string): Promise<FullEvent> {
    const ev = await repo.find(tx, id, true);
    if (!ev || !canSee(ctx, ev)) throw Errors.notFound();
    if (!canEdit(ctx, ev)) throw Errors.noAccess();
    return ev;
  }

  /** Re-reads an event, stores its span and re-plans its reminders. Output: the event as now stored. */
  async function settle(tx: Tx, id: string): Promise<FullEvent | undefined> {
    let ev = await repo.find(tx, id);
    if (!ev) return undefined;
    if (ev.row.rrule && allDates(ev.row).length === 0 && ev.overrides.length === 0) {
      // Every occurrence cancelled: nothing is left of the series.
      await repo.delete(tx, id);
      return undefined;
    }
    const span = spanOf(ev.row, ev.overrides);
    await repo.update(tx, id, { spanStart: span.start, spanEnd: span.end });
    ev = (await repo.find(tx, id))!;
    await planReminders(tx, ev);
    return ev;
  }

  /** Creates a single event or a series (POST api/event/, POST api/event/periodic_event). */
  async function create(ctx: RequestContext, body: EventFields & { repeat?: Repeat }): Promise<CalendarEvent> {
    const clientId = ctx.clientId;
    if (!clientId || !ctx.userId) throw Errors.noAccess();
    assertNotPast(body.date, body.start_time, body.tz);
    const members = await checkMembers(clientId, body.members);
    const rrule = body.repeat ? toRrule(body.repeat) : null;
    if (rrule && allDates({ date: body.date, rrule, exdates: [] }).length === 0) {
      throw Errors.validation([{ field: 'repeat.until', message: EVENT_TEXT.noOccurrence }]);
    }
    return db.inTenant(ctx, async (tx) => {
      const id = uuidv7();
      const cols = { ...columns(body), rrule, exdates: [] as string[] };
      const span = spanOf({ id, ...cols }, []);
      await repo.insert(tx, { id, clientId, organiserId: ctx.userId!, ...cols, spanStart: span.start, spanEnd: span.end }, members);
      const ev = (await settle(tx, id))!;
      const userIds = [...new Set([...members, ctx.userId!])];
      await outbox.add(tx, calendarEvents.created, clientId, { _id: id, name: body.name, date: body.date, periodic: !!rrule, userIds, actorId: ctx.userId });
      const invited = members.filter((m) => m !== ctx.userId);
      if (invited.length) {
        await outbox.add(tx, calendarEvents.invited, clientId, {
          _id: id,
          name: body.name,
          date: body.date,
          start_time: body.start_time,
          userIds: invited,
          actorId: ctx.userId,
        });
      }
      return presentEvent(ev);
    });
  }

  /** Publishes a change: updated to everyone concerned (before and after), invited to the new members. */
  async function announce(
    tx: Tx,
    ctx: RequestContext,
    before: FullEvent,
    after: FullEvent | undefined,
    scope: SeriesScope,
    occurrence: string | null,
    d: SeriesDiff,
  ) {
    const clientId = before.row.clientId;
    const concerned = [...new Set([...before.members, before.row.organiserId, ...(after?.members ?? []), ctx.userId!])];
    await outbox.add(tx, calendarEvents.updated, clientId, {
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
      await outbox.add(tx, calendarEvents.invited, clientId, {
        _id: after.row.id,
        name: after.row.name,
        date: after.row.date,
        start_time: after.row.startTime,
        userIds: invited,
        actorId: ctx.userId,
      });
    }
  }

  /** Occurrences of a read range the caller (or `of`) may see. */
  async function range(ctx: RequestContext, q: { from?: string; to?: string; tz: string }, of: string | null): Promise<Occurrence[]> {
    const month = DateTime.now().setZone(q.tz).startOf('month');
    const from = q.from ? instant(q.from, '00:00', q.tz) : month;
    const to = q.to ? instant(q.to, '00:00', q.tz) : month.plus({ months: 1 });
    return db.inTenant(ctx, async (tx) => {
      const list = await repo.inRange(tx, from.toJSDate(), to.toJSDate(), of);
      const out: Occurrence[] = [];
      for (const ev of list) for (const x of expand(ev.row, ev.overrides, from.toMillis(), to.toMillis())) out.push(present(ev, x));
      return out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a._id < b._id ? -1 : 1));
    });
  }

  /** The occurrence `rid` must be a live one of the series. Errors: 400 occurrence. */
  function assertOccurrence(row: EventRow, rid: string): void {
    if (!isOccurrence(row, rid) || row.exdates.includes(rid)) throw Errors.validation([{ field: 'occurrence', message: EVENT_TEXT.noOccurrence }]);
  }

  /** Cuts a series before `rid` (UNTIL the day before; its exceptions from `rid` on dropped). */
  async function truncate(tx: Tx, ev: FullEvent, rid: string): Promise<void> {
    const rep = repeatOf(ev.row)!;
    const rrule = toRrule({ ...rep, count: null, until: addDays(rid, -1) });
    await repo.update(tx, ev.row.id, { rrule, exdates: ev.row.exdates.filter((d) => d < rid) });
    await repo.dropOverrides(tx, ev.row.id, (o) => o < rid);
  }

  return {
    /**
     * §7 GET /api/event/byClient/{id}?from&to&tz → the occurrences in [from, to) (local dates in tz): all of the
     * client for an administrator, else those the caller organises or is a member of. Errors: 404 another client.
     */
    byClient: async ({ params, query }, ctx) => {
      if (params.id !== ctx.clientId) throw Errors.notFound();
      return range(ctx, query, isAdmin(ctx) ? null : ctx.userId);
    },

    /**
     * §7 GET api/user/{clientId}/events/access_for/{userId}?from&to&tz → the occurrences {userId} organises or is a
     * member of. Oneself, or an administrator for anyone of the client. Errors: 404 (another client, unknown
     * user), 403 'No access' (someone else, not an administrator).
     */
    accessFor: async ({ params, query }, ctx) => {
      if (params.clientId !== ctx.clientId || !ctx.clientId) throw Errors.notFound();
      if (params.userId !== ctx.userId) {
        if (!isAdmin(ctx)) throw Errors.noAccess();
        await checkMembers(ctx.clientId, [params.userId]).catch(() => {
          throw Errors.userNotFound();
        });
      }
      return range(ctx, query, params.userId);
    },

    /** §7 POST api/event/ {name, date, start_time, end_time, color, description, members, link, remind, tz} → the event. */
    create: ({ body }, ctx) => create(ctx, body),

    /** §7 POST api/event/periodic_event {...the event, repeat {period, interval, weekdays, until | count}} → the event. */
    createPeriodic: ({ body }, ctx) => create(ctx, body),

    /**
     * §7 PUT api/event/{id}: changes a single event (organiser or administrator). The §5 past-date rules hold when
     * the date or start changes. Errors: 404, 403, 400 (a series: use the periodic call).
     */
    update: async ({ params, body }, ctx) => {
      const members = await checkMembers(ctx.clientId!, body.members);
      return db.inTenant(ctx, async (tx) => {
        const ev = await forChange(tx, ctx, params.id);
        if (ev.row.rrule) throw new DomainError('bad_request', EVENT_TEXT.periodicOnly, { code: 'eventPeriodicOnly' });
        if (body.date !== ev.row.date || body.start_time !== ev.row.startTime || body.tz !== ev.row.tz) assertNotPast(body.date, body.start_time, body.tz);
        const before = occurrencesOf(ev);
        await repo.update(tx, ev.row.id, columns(body));
        await repo.setMembers(tx, ev.row.id, ev.row.clientId, members);
        const after = (await settle(tx, ev.row.id))!;
        await announce(tx, ctx, ev, after, 'all', null, diff(before, occurrencesOf(after)));
        return presentEvent(after);
      });
    },

    /**
     * §7 PUT api/event/periodic_event/{id} {...fields, repeat, scope, occurrence} → {changed, deleted, added}:
     * 'one' moves or edits one occurrence (an override with its RECURRENCE-ID; the series' members stay);
     * 'following' ends the series the day before it and starts a new one from it with the new values (a COUNT
     * carries over what was left of it); 'all' changes the series, keeping the exceptions that still fall on its
     * dates. Errors: 404, 403, 400 (not a series, no such occurrence, §5 rules).
     */
    updatePeriodic: async ({ params, body }, ctx) => {
      const members = await checkMembers(ctx.clientId!, body.members);
      return db.inTenant(ctx, async (tx) => {
        const ev = await forChange(tx, ctx, params.id);
        const r = ev.row;
        if (!r.rrule) throw new DomainError('bad_request', EVENT_TEXT.notPeriodic, { code: 'eventNotPeriodic' });
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
          await repo.upsertOverride(tx, {
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
          const after = (await settle(tx, r.id))!;
          const d = diff(before, occurrencesOf(after));
          await announce(tx, ctx, ev, after, 'one', rid, d);
          return d;
        }

        const repeat = body.repeat!;
        if (scope === 'following') {
          assertNotPast(body.date, body.start_time, body.tz);
          const old = repeatOf(r)!;
          const done = allDates(r, false).filter((d) => d < rid!).length;
          const count = repeat.count != null && old.count != null && repeat.count === old.count ? Math.max(old.count - done, 2) : repeat.count;
          await truncate(tx, ev, rid!);
          const id = uuidv7();
          const cols = { ...columns(body), rrule: toRrule({ ...repeat, count }), exdates: [] as string[] };
          const span = spanOf({ id, ...cols }, []);
          await repo.insert(
            tx,
            { id, clientId: r.clientId, seriesId: r.seriesId ?? r.id, organiserId: r.organiserId, ...cols, spanStart: span.start, spanEnd: span.end },
            members,
          );
          const oldAfter = await settle(tx, r.id);
          const added = (await settle(tx, id))!;
          const after = new Map([...occurrencesOf(oldAfter), ...occurrencesOf(added)]);
          const d = diff(before, after);
          await announce(tx, ctx, ev, added, 'following', rid, d);
          return d;
        }

        // scope 'all'
        if (body.date !== r.date || body.start_time !== r.startTime || body.tz !== r.tz) assertNotPast(body.date, body.start_time, body.tz);
        const rrule = toRrule(repeat);
        const next = { date: body.date, rrule, exdates: [] as string[] };
        if (allDates(next).length === 0) throw Errors.validation([{ field: 'repeat.until', message: EVENT_TEXT.noOccurrence }]);
        const keep = (d: string) => isOccurrence(next, d);
        await repo.update(tx, r.id, { ...columns(body), rrule, exdates: r.exdates.filter(keep) });
        await repo.dropOverrides(tx, r.id, keep);
        await repo.setMembers(tx, r.id, r.clientId, members);
        const after = await settle(tx, r.id);
        const d = diff(before, occurrencesOf(after));
        await announce(tx, ctx, ev, after, 'all', null, d);
        return d;
      });
    },

    /** §7 DELETE api/event/{id}: cancels an event (a series whole). Organiser or administrator. Errors: 404, 403. */
    remove: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const ev = await forChange(tx, ctx, params.id);
        await repo.delete(tx, ev.row.id);
        const userIds = [...new Set([...ev.members, ev.row.organiserId, ctx.userId!])];
        await outbox.add(tx, calendarEvents.deleted, ev.row.clientId, { _id: ev.row.id, name: ev.row.name, userIds, actorId: ctx.userId });
        return { _id: ev.row.id };
      }),

    /**
     * §7 DELETE api/event/periodic_event/{id}?all={flag}&following={flag}&occurrence={date} → {changed, deleted,
     * added}: all=true cancels the series; else the occurrence gets an EXDATE, or with following=true the series
     * ends before it. Errors: 404, 403, 400 'The event could not be deleted' (§8: no such live occurrence).
     */
    removePeriodic: async ({ params, query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const ev = await forChange(tx, ctx, params.id);
        const r = ev.row;
        if (!r.rrule) throw new DomainError('bad_request', EVENT_TEXT.notPeriodic, { code: 'eventNotPeriodic' });
        const before = occurrencesOf(ev);
        const all = flag(query.all) || (flag(query.following) && query.occurrence === allDates(r)[0]);
        if (all) {
          await repo.delete(tx, r.id);
          const userIds = [...new Set([...ev.members, r.organiserId, ctx.userId!])];
          await outbox.add(tx, calendarEvents.deleted, r.clientId, { _id: r.id, name: r.name, userIds, actorId: ctx.userId });
          return diff(before, new Map());
        }
        const rid = query.occurrence;
        if (!rid) throw Errors.validation([{ field: 'occurrence', message: EVENT_TEXT.required }]);
        if (!isOccurrence(r, rid) || r.exdates.includes(rid)) throw deleteError();
        if (flag(query.following)) await truncate(tx, ev, rid);
        else {
          await repo.update(tx, r.id, { exdates: [...r.exdates, rid].sort() });
          await repo.dropOverrides(tx, r.id, (o) => o !== rid);
        }
        const after = await settle(tx, r.id);
        const d = diff(before, occurrencesOf(after));
        await announce(tx, ctx, ev, after, flag(query.following) ? 'following' : 'one', rid, d);
        return d;
      }),

    /**
     * GET /api/event/{id}?occurrence={date} → one occurrence: of a series the one whose RECURRENCE-ID is `occurrence`
     * (moved or not), without it the next one not yet ended (the last when all have); a single event itself.
     * Errors: 404 (unknown, or the caller is neither organiser, member nor administrator), 400 occurrence (no such
     * live occurrence of the series).
     */
    get: async ({ params, query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const ev = await repo.find(tx, params.id);
        if (!ev || !canSee(ctx, ev)) throw Errors.notFound();
        const all = [...occurrencesOf(ev).values()].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
        if (ev.row.rrule && query.occurrence) {
          const asked = all.find((o) => o.occurrence === query.occurrence);
          if (!asked) throw Errors.validation([{ field: 'occurrence', message: EVENT_TEXT.noOccurrence }]);
          return asked;
        }
        const now = new Date().toISOString();
        const next = all.find((o) => o.end > now) ?? all.at(-1);
        if (!next) throw Errors.notFound();
        return next;
      }),

    /** GET /api/event/{id}/ics: one event (a series with its RRULE, EXDATEs and moved occurrences) as .ics text. */
    ics: async ({ params }, ctx) => {
      const ev = await db.inTenant(ctx, (tx) => repo.find(tx, params.id));
      if (!ev || !canSee(ctx, ev)) throw Errors.notFound();
      // People are asked after the transaction (a bus round trip should not hold a connection).
      return buildIcs(ev.row.name, [ev], await peopleOf(ev.row.clientId, [ev]));
    },

    /** GET /api/event/feed → {token, path} of the caller's private feed, or nulls when none is issued. */
    feedGet: async (_input, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const f = await feedsRepository.get(tx, ctx.userId!);
        return { token: f?.token ?? null, path: f ? `/api/event/feed/${f.token}` : null };
      }),

    /** POST /api/event/feed → a new secret link (the previous one stops working). */
    feedIssue: async (_input, ctx) =>
      db.inTenant(ctx, async (tx) => {
        if (!ctx.clientId || !ctx.userId) throw Errors.noAccess();
        const token = randomBytes(24).toString('base64url');
        await feedsRepository.set(tx, ctx.userId, ctx.clientId, token);
        return { token, path: `/api/event/feed/${token}` };
      }),

    /** DELETE /api/event/feed → {revoked}: the caller's link stops working. */
    feedRevoke: async (_input, ctx) => db.inTenant(ctx, async (tx) => ({ revoked: await feedsRepository.revoke(tx, ctx.userId!) })),

    /**
     * GET /api/event/feed/{token} (public, the token is the secret): the token owner's events as an .ics feed.
     * Errors: 404 for an unknown or revoked token.
     */
    feed: async ({ params }) => {
      const owner = await db.asSystem('calendar feed token', (tx) => feedsRepository.byToken(tx, params.token));
      if (!owner) throw Errors.notFound();
      const list = await db.inTenant({ clientId: owner.clientId, userId: owner.userId }, (tx) => repo.ofUser(tx, owner.userId));
      return buildIcs('Intranet', list, await peopleOf(owner.clientId, list));
    },
  };
}
