import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { calendarEvents, calendarRoutes, type Occurrence } from '@intranet/calendar-contract';
import { CalendarJobs, REMINDER_QUEUE, type ReminderJob } from '@intranet/calendar-server';
import { peopleRoutes } from '@intranet/people-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import type { EventDef } from '@intranet/platform-contracts';
import { sql } from '@intranet/platform-db';
import { eventuallyPasses } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';
import ICAL from 'ical.js';

/**
 * The reminders as durable jobs (exactly once per occurrence and member, however often a change is saved or a job
 * is run), the domain events, and the .ics download and feed parsed back with ical.js (an independent RFC 5545
 * implementation).
 */
describe('calendar reminders, events and .ics', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let org: { id: string; token: string };
  let mem: { id: string; token: string };
  const seen: BusEvent<Record<string, unknown>>[] = [];
  const unsubs: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await testPortal();
    a = await t.makeClient('calr');
    const e1 = await t.makeEmployee(a.adminToken, 'org@calr.test');
    const e2 = await t.makeEmployee(a.adminToken, 'mem@calr.test');
    org = { id: e1.user._id, token: e1.token };
    mem = { id: e2.user._id, token: e2.token };
    for (const def of Object.values(calendarEvents)) {
      unsubs.push(await on(t.portal.platform.bus, def as EventDef, async (e) => void seen.push(e as BusEvent<Record<string, unknown>>)));
    }
  });
  afterAll(async () => {
    for (const u of unsubs) await u();
    await t.close();
  });

  const soon = (minutes: number) => {
    const d = new Date(Date.now() + minutes * 60_000);
    // The events below end at 23:59 of the day they start, and an end must come after the start: a run at 23:55 UTC
    // would start them at 23:59 (a CI run of 2026-11-29 did). The next minute is the next day, still due at once.
    if (d.toISOString().slice(11, 16) === '23:59') d.setTime(d.getTime() + 60_000);
    return { date: d.toISOString().slice(0, 10), start_time: d.toISOString().slice(11, 16) };
  };
  /** Waits until the outbox is relayed and `check` holds of the events seen. */
  const seenPasses = (check: () => void, ms = 10_000) =>
    eventuallyPasses(async () => {
      await t.portal.platform.relay.flush();
      check();
    }, ms);
  /** The reminder jobs of the given events that are due now (the queue's own rows). */
  const dueJobs = async (eventIds: string[]) => {
    const res = await t.portal.platform.db.asSystem('spec', (tx) =>
      tx.execute(
        sql`SELECT data FROM pgboss.job WHERE name = ${REMINDER_QUEUE} AND start_after <= now() AND data->>'eventId' IN (${sql.join(
          eventIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    return (res as unknown as { rows: { data: ReminderJob }[] }).rows.map((r) => r.data);
  };

  it('invitations, changes and cancellations raise evt.calendar.event.* for the people concerned', async () => {
    seen.length = 0;
    const made = await t.call(calendarRoutes.eventCreate, {
      token: org.token,
      body: { name: 'Quarterly review', date: '2031-06-02', start_time: '09:00', end_time: '10:00', members: [mem.id], tz: 'UTC' },
    });
    const id = made.body.result._id;
    await t.call(calendarRoutes.eventRemove, { token: org.token, params: { id } });
    await seenPasses(() => {
      const subjects = seen.filter((e) => e.data._id === id).map((e) => [e.subject, e.clientId, e.data.userIds]);
      assert.deepEqual(subjects, [
        ['evt.calendar.event.created', a.client._id, [mem.id, org.id]],
        ['evt.calendar.event.invited', a.client._id, [mem.id]],
        ['evt.calendar.event.deleted', a.client._id, [mem.id, org.id]],
      ]);
    });
  });

  it('reminders fire exactly once per occurrence and member: a re-save or a new plan queues nothing twice, a job run again sends nothing', async () => {
    seen.length = 0;
    const start = soon(4);
    // Default offset 10 minutes: due at once. A daily series: only its first occurrence is due now.
    const single = await t.call(calendarRoutes.eventCreate, {
      token: org.token,
      body: { name: 'Stand-up soon', ...start, end_time: '23:59', members: [mem.id, a.admin._id], tz: 'UTC' },
    });
    assert.equal(single.status, 200, JSON.stringify(single.body));
    const series = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { name: 'Daily check-in', ...start, end_time: '23:59', members: [mem.id], tz: 'UTC', repeat: { period: 'day', count: 3 } },
    });
    assert.equal(series.status, 200, JSON.stringify(series.body));
    const none = await t.call(calendarRoutes.eventCreate, {
      token: org.token,
      body: { name: 'No reminder please', ...start, end_time: '23:59', members: [mem.id], tz: 'UTC', remind: null },
    });
    assert.equal(none.status, 200);
    const ids = [single.body.result._id as string, series.body.result._id as string, none.body.result._id as string];
    const expected = [
      `${ids[0]}||${a.admin._id}`,
      `${ids[0]}||${mem.id}`,
      `${ids[0]}||${org.id}`,
      `${ids[1]}|${start.date}|${mem.id}`,
      `${ids[1]}|${start.date}|${org.id}`,
    ].sort();
    const reminderKeys = () =>
      seen
        .filter((e) => e.subject === calendarEvents.reminder.subject)
        .map((e) => `${e.data._id}|${e.data.occurrence ?? ''}|${(e.data.userIds as string[]).join()}`)
        .sort();

    // The service's queue worker runs the due jobs: one reminder per occurrence and member.
    await seenPasses(() => assert.deepEqual(reminderKeys(), expected), 30_000);
    const jobKeys = async () => (await dueJobs(ids)).map((j) => `${j.eventId}|${j.occurrence}|${j.userId}`).sort();
    assert.deepEqual(await jobKeys(), expected);

    // Saving the event again with the same fields, and the planner's sweep from a later instant, queue no second
    // job for a reminder already queued (one cause key per occurrence, member and due time).
    const again = await t.call(calendarRoutes.eventUpdate, {
      token: org.token,
      params: { id: ids[0] },
      body: { name: 'Stand-up soon', ...start, end_time: '23:59', members: [mem.id, a.admin._id], tz: 'UTC' },
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const jobs = t.portal.domains.get(CalendarJobs, { strict: false });
    await jobs.planDue(new Date(Date.now() + 30 * 3600_000));
    assert.deepEqual(await jobKeys(), expected);

    // Each job run again (a retry after a crash, a second replica, a job queued twice) sends nothing more.
    for (const job of await dueJobs(ids)) assert.equal(await jobs.fire(job), false);
    await t.portal.platform.relay.flush();
    assert.deepEqual(reminderKeys(), expected);
    assert.ok(seen.filter((e) => e.subject === calendarEvents.reminder.subject).every((e) => e.data.minutes === 10 && e.clientId === a.client._id));
  });

  it('one event as .ics: parsed back by ical.js, its occurrences are the API occurrences (RRULE, EXDATE, RECURRENCE-ID)', async () => {
    const made = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: {
        name: 'Kyiv weekly',
        date: '2030-03-18',
        start_time: '10:00',
        end_time: '11:00',
        members: [mem.id],
        tz: 'Europe/Kyiv',
        description: 'Across the spring DST change',
        link: 'https://meet.example.com/kyiv',
        repeat: { period: 'week', weekdays: ['MO', 'TH'], count: 8 },
      },
    });
    const id = made.body.result._id;
    const body = { ...made.body.result, repeat: { period: 'week', weekdays: ['MO', 'TH'], count: 8 } };
    delete body._id;
    delete body.organiser;
    delete body.created_at;
    delete body.periodic;
    await t.call(calendarRoutes.eventRemovePeriodic, { token: org.token, params: { id }, query: { occurrence: '2030-03-21' } });
    await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id },
      body: { ...body, scope: 'one', occurrence: '2030-03-28', date: '2030-03-29', start_time: '14:30', end_time: '15:30', name: 'Kyiv weekly (moved)' },
    });
    const api: Occurrence[] = (
      await t.call(calendarRoutes.eventByClient, {
        token: org.token,
        params: { id: a.client._id },
        query: { from: '2030-03-01', to: '2030-05-01', tz: 'Europe/Kyiv' },
      })
    ).body.result.filter((o: Occurrence) => o._id === id);

    const res = await t.call(calendarRoutes.eventIcs, { token: mem.token, params: { id } });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/calendar/);
    const text = res.body as string;
    const comp = new ICAL.Component(ICAL.parse(text));
    const vevents = comp.getAllSubcomponents('vevent');
    assert.equal(vevents.length, 2);
    const master = new ICAL.Event(vevents.find((v) => !v.hasProperty('recurrence-id'))!);
    const exception = new ICAL.Event(vevents.find((v) => v.hasProperty('recurrence-id'))!);
    assert.equal(master.summary, 'Kyiv weekly');
    assert.equal(master.description, 'Across the spring DST change');
    assert.equal(master.component.getFirstPropertyValue('url'), 'https://meet.example.com/kyiv');
    assert.equal(master.component.getFirstProperty('dtstart')!.getParameter('tzid'), 'Europe/Kyiv');
    const recur = master.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    assert.deepEqual([recur.freq, recur.count, recur.parts.BYDAY], ['WEEKLY', 8, ['MO', 'TH']]);
    master.relateException(exception);
    // ical.js expands the series itself (wall-clock in the event's zone), EXDATE and the moved one applied.
    const it = master.iterator();
    const viaIcal: string[] = [];
    for (let next = it.next(); next; next = it.next()) {
      if (master.component.getAllProperties('exdate').some((p) => p.getValues().some((v) => v.toString() === next!.toString()))) continue;
      const d = master.getOccurrenceDetails(next);
      viaIcal.push(`${d.startDate.toString().slice(0, 16)} ${d.item.summary}`);
    }
    assert.deepEqual(
      viaIcal,
      api.map((o) => `${o.date}T${o.start_time} ${o.name}`),
    );
    assert.ok(viaIcal.includes('2030-03-29T14:30 Kyiv weekly (moved)'));
    assert.ok(!viaIcal.some((v) => v.startsWith('2030-03-21')));
    // Round trip: what ical.js reads back it writes out again with the same recurrence.
    const again = new ICAL.Component(ICAL.parse(comp.toString()));
    assert.equal(String(again.getFirstSubcomponent('vevent')!.getFirstPropertyValue('rrule')), String(recur));
    assert.equal(again.getAllSubcomponents('vevent').length, 2);
    // Not a member: no file.
    const stranger = await t.makeEmployee(a.adminToken, 'stranger@calr.test');
    assert.equal((await t.call(calendarRoutes.eventIcs, { token: stranger.token, params: { id } })).status, 404);
  });

  it('.ics is valid RFC 5545: a VTIMEZONE for every TZID (an alias zone too), the ORGANIZER, an ATTENDEE per member, a VALARM for the reminder', async () => {
    const body = { date: '2030-10-21', start_time: '09:30', end_time: '10:30', members: [mem.id, a.admin._id], tz: 'Europe/Kiev' };
    const withAlarm = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...body, name: 'Kiev alias weekly', remind: 15, repeat: { period: 'week', weekdays: ['MO'], count: 3 } },
    });
    assert.equal(withAlarm.status, 200, JSON.stringify(withAlarm.body));
    const silent = await t.call(calendarRoutes.eventCreate, { token: org.token, body: { ...body, name: 'No alarm here', remind: null } });
    assert.equal(silent.status, 200, JSON.stringify(silent.body));
    const api: Occurrence[] = (
      await t.call(calendarRoutes.eventByClient, { token: org.token, params: { id: a.client._id }, query: { from: '2030-10-20', to: '2030-11-10', tz: 'UTC' } })
    ).body.result.filter((o: Occurrence) => o._id === withAlarm.body.result._id);

    const parse = async (id: string) => {
      const res = await t.call(calendarRoutes.eventIcs, { token: mem.token, params: { id } });
      assert.equal(res.status, 200);
      return new ICAL.Component(ICAL.parse(res.body as string));
    };
    const cal = await parse(withAlarm.body.result._id);
    // Every TZID a property names has its VTIMEZONE in the file (RFC 5545 §3.2.19).
    const zones = new Map(cal.getAllSubcomponents('vtimezone').map((z) => [String(z.getFirstPropertyValue('tzid')), new ICAL.Timezone(z)]));
    const vevent = cal.getFirstSubcomponent('vevent')!;
    const used = new Set(vevent.getAllProperties().flatMap((p) => (p.getParameter('tzid') ? [String(p.getParameter('tzid'))] : [])));
    assert.deepEqual([...used], ['Europe/Kiev']);
    assert.deepEqual([...zones.keys()], ['Europe/Kiev']);
    // The zone's rules put the occurrences (across the October DST change) at the instants the API has.
    const ev = new ICAL.Event(vevent);
    const it = ev.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next; next = it.next()) {
      const local = next.clone();
      local.zone = zones.get('Europe/Kiev')!;
      starts.push(local.toJSDate().toISOString());
    }
    assert.deepEqual(
      starts,
      api.map((o) => o.start),
    );
    assert.deepEqual(starts, ['2030-10-21T06:30:00.000Z', '2030-10-28T07:30:00.000Z', '2030-11-04T07:30:00.000Z']);
    // ORGANIZER and ATTENDEEs: mailto with the user's e-mail, CN the name.
    const person = (p: ICAL.Property) => `${String(p.getParameter('cn'))} <${String(p.getFirstValue()).toLowerCase()}>`;
    assert.equal(
      person(vevent.getFirstProperty('organizer')!),
      `${(await t.call(peopleRoutes.userGet, { token: org.token, params: { id: org.id } })).body.result.fullName} <mailto:org@calr.test>`,
    );
    const attendees = vevent.getAllProperties('attendee').map(person).sort();
    const names = await Promise.all(
      [mem.id, a.admin._id].map(async (id) => (await t.call(peopleRoutes.userGet, { token: org.token, params: { id } })).body.result),
    );
    assert.deepEqual(attendees, names.map((u: { fullName: string; email: string }) => `${u.fullName} <mailto:${u.email.toLowerCase()}>`).sort());
    // The reminder: a DISPLAY alarm 15 minutes before the start.
    const alarms = vevent.getAllSubcomponents('valarm');
    assert.equal(alarms.length, 1);
    assert.equal(String(alarms[0]!.getFirstPropertyValue('action')), 'DISPLAY');
    assert.equal(String(alarms[0]!.getFirstPropertyValue('trigger')), '-PT15M');
    assert.equal(String(alarms[0]!.getFirstPropertyValue('description')), 'Kiev alias weekly');
    // No reminder: no VALARM.
    assert.equal((await parse(silent.body.result._id)).getFirstSubcomponent('vevent')!.getAllSubcomponents('valarm').length, 0);
  });

  it('the private feed: issued, read without signing in, revoked, and an old link stops when a new one is issued', async () => {
    const none = await t.call(calendarRoutes.feedGet, { token: mem.token });
    assert.deepEqual(none.body.result, { token: null, path: null });
    const issued = await t.call(calendarRoutes.feedIssue, { token: mem.token });
    assert.equal(issued.status, 200);
    const token = issued.body.result.token as string;
    assert.ok(token.length >= 32);
    assert.equal((await t.call(calendarRoutes.feedGet, { token: mem.token })).body.result.path, `/api/event/feed/${token}`);
    const feed = await t.call(calendarRoutes.feedIcs, { params: { token } });
    assert.equal(feed.status, 200);
    assert.match(String(feed.headers['content-type']), /^text\/calendar/);
    const summaries = new ICAL.Component(ICAL.parse(feed.body as string)).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('summary'));
    assert.ok(summaries.includes('Kyiv weekly'));
    assert.ok(summaries.includes('Daily check-in'));
    const rotated = await t.call(calendarRoutes.feedIssue, { token: mem.token });
    assert.equal((await t.call(calendarRoutes.feedIcs, { params: { token } })).status, 404);
    const token2 = rotated.body.result.token as string;
    assert.equal((await t.call(calendarRoutes.feedIcs, { params: { token: token2 } })).status, 200);
    assert.deepEqual((await t.call(calendarRoutes.feedRevoke, { token: mem.token })).body.result, { revoked: true });
    assert.equal((await t.call(calendarRoutes.feedIcs, { params: { token: token2 } })).status, 404);
  });
});
