// @slow 20s: several clients and a few hundred calls through the gateway.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { calendarRoutes, EVENT_TEXT, type Occurrence } from '@intranet/calendar-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/** The calendar routes through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): §5 rules, §6 access, §7. */
describe('calendar (§7 Events, §5 Event, §6 calendar/events_create)', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let org: { id: string; token: string };
  let mem: { id: string; token: string };
  let out: { id: string; token: string };
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const base = () => ({ name: 'Team planning', date: day(3), start_time: '10:00', end_time: '11:00', members: [mem.id], tz: 'UTC' });
  const range = (token: string, from: string, to: string, tz = 'UTC') =>
    t.call<{ result: Occurrence[] }>(calendarRoutes.eventByClient, { token, params: { id: a.client._id }, query: { from, to, tz } });
  const fieldCodes = (body: unknown) => ((body as { errors?: { field: string; code: string }[] }).errors ?? []).map((e) => `${e.field}:${e.code}`);

  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('cala');
    const e1 = await t.makeEmployee(a.adminToken, 'org@cala.test');
    const e2 = await t.makeEmployee(a.adminToken, 'mem@cala.test');
    const e3 = await t.makeEmployee(a.adminToken, 'out@cala.test');
    org = { id: e1.user._id, token: e1.token };
    mem = { id: e2.user._id, token: e2.token };
    out = { id: e3.user._id, token: e3.token };
  });
  afterAll(async () => {
    await t.close();
  });

  it('§5: every rule refused on the server with its text and code; a refused request stores nothing', async () => {
    const post = (body: Record<string, unknown>, route = calendarRoutes.eventCreate) => t.call(route, { token: org.token, body: { ...base(), ...body } });
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: '' }, 'name:required'],
      [{ name: 'Short' }, 'name:eventNameShort'],
      [{ name: 'x'.repeat(101) }, 'name:tooLong'],
      [{ date: '' }, 'date:required'],
      [{ date: day(-1) }, 'date:eventPastDate'],
      [{ start_time: '' }, 'start_time:required'],
      [{ end_time: '09:00' }, 'end_time:eventEndBeforeStart'],
      [{ members: [] }, 'members:required'],
      [{ members: ['0190f5e0-0000-7000-8000-000000000001'] }, 'members:user_not_found'],
      [{ link: 'not a link' }, 'link:url'],
      [{ description: 'x'.repeat(2001) }, 'description:tooLong'],
      [{ repeat: { count: 3 } }, 'repeat.period:required', 'periodic'],
      [{ repeat: { period: 'week', count: 3 } }, 'repeat.weekdays:eventWeekdays', 'periodic'],
      [{ repeat: { period: 'day' } }, 'repeat.until:eventRepeatEnd', 'periodic'],
      [{ repeat: { period: 'day', count: 1 } }, 'repeat.count:eventCountMin', 'periodic'],
    ];
    for (const [body, code, kind] of cases) {
      const r = await post(body, kind ? calendarRoutes.eventCreatePeriodic : calendarRoutes.eventCreate);
      assert.equal(r.status, 400, `${code}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.ok(fieldCodes(r.body).includes(code), `${code} not in ${JSON.stringify(r.body)}`);
    }
    // Time already passed today, in the event's zone: 00:00 today in UTC has always passed.
    const today = new Date().toISOString().slice(0, 10);
    const passed = await post({ date: today, start_time: '00:00', end_time: '00:01' });
    assert.equal(passed.status, 400);
    assert.deepEqual(fieldCodes(passed.body), ['start_time:eventTimePassed']);
    assert.equal(passed.body.errors[0].message, EVENT_TEXT.timePassed);
    assert.equal((await range(a.adminToken, day(-2), day(30))).body.result.length, 0);
  });

  it('§6: events_create to create; members, the organiser and administrators see; the organiser or an admin changes', async () => {
    const made = await t.call(calendarRoutes.eventCreate, { token: org.token, body: base() });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const id = made.body.result._id;
    assert.equal(made.body.result.organiser, org.id);
    assert.equal(made.body.result.remind, 10);
    for (const who of [org, mem])
      assert.deepEqual(
        (await range(who.token, day(0), day(10))).body.result.map((o) => o._id),
        [id],
      );
    assert.deepEqual(
      (await range(a.adminToken, day(0), day(10))).body.result.map((o) => o._id),
      [id],
    );
    assert.deepEqual((await range(out.token, day(0), day(10))).body.result, []);
    // access_for: oneself, or an admin for anyone; not someone else's.
    const af = (token: string, userId: string) =>
      t.call(calendarRoutes.eventAccessFor, { token, params: { clientId: a.client._id, userId }, query: { from: day(0), to: day(10) } });
    assert.equal((await af(mem.token, mem.id)).body.result.length, 1);
    assert.equal((await af(a.adminToken, mem.id)).body.result.length, 1);
    assert.equal((await af(a.adminToken, out.id)).body.result.length, 0);
    assert.equal((await af(out.token, mem.id)).status, 403);
    // A member may not change it, an outsider does not find it, the organiser and an admin do.
    const put = (token: string, name: string) => t.call(calendarRoutes.eventUpdate, { token, params: { id }, body: { ...base(), name } });
    assert.equal((await put(mem.token, 'Renamed by member')).status, 403);
    assert.equal((await put(out.token, 'Renamed by outsider')).status, 404);
    assert.equal((await t.call(calendarRoutes.eventRemove, { token: out.token, params: { id } })).status, 404);
    const renamed = await put(org.token, 'Renamed by organiser');
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal((await put(a.adminToken, 'Renamed by admin')).body.result.name, 'Renamed by admin');
    // Adding a member lets them see it.
    const withOut = await t.call(calendarRoutes.eventUpdate, { token: org.token, params: { id }, body: { ...base(), members: [mem.id, out.id] } });
    assert.deepEqual(withOut.body.result.members, [mem.id, out.id].sort());
    assert.equal((await range(out.token, day(0), day(10))).body.result.length, 1);
    // Without events_create: 403 on creating.
    assert.equal((await t.call(peopleRoutes.roleRemove, { token: a.adminToken, params: { userId: out.id, role: 'events_create' } })).status, 200);
    const outAgain = await t.login('out@cala.test', 'employee1');
    assert.equal((await t.call(calendarRoutes.eventCreate, { token: outAgain.token, body: base() })).status, 403);
    // A single event is not changed through the periodic call, and a series not through the single one.
    const asSeries = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id },
      body: { ...base(), repeat: { period: 'day', count: 3 }, scope: 'all' },
    });
    assert.equal(asSeries.status, 400);
    assert.equal(asSeries.body.code, 'eventNotPeriodic');
    const del = await t.call(calendarRoutes.eventRemove, { token: org.token, params: { id } });
    assert.equal(del.status, 200);
    assert.equal((await range(mem.token, day(0), day(10))).body.result.length, 0);
  });

  it('GET /api/event/{id}: the occurrence a notification link opens (the asked one of a series, else the next); hidden from others', async () => {
    const single = await t.call(calendarRoutes.eventCreate, { token: org.token, body: { ...base(), name: 'Linked single', date: day(20) } });
    const series = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...base(), name: 'Linked series', date: day(2), repeat: { period: 'day', count: 5 } },
    });
    const sid = series.body.result._id;
    const get = (token: string, id: string, occurrence?: string) =>
      t.call<{ result: Occurrence }>(calendarRoutes.eventGet, { token, params: { id }, query: occurrence ? { occurrence } : {} });
    const one = await get(mem.token, single.body.result._id);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.deepEqual([one.body.result.name, one.body.result.date, one.body.result.occurrence], ['Linked single', day(20), null]);
    // A series: the next occurrence without `occurrence`, the asked one with it (after a move, its new date).
    const next = await get(mem.token, sid);
    assert.deepEqual([next.body.result.occurrence, next.body.result.date], [day(2), day(2)]);
    const moved = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id: sid },
      body: { ...base(), name: 'Linked series', date: day(9), scope: 'one', occurrence: day(4) },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const asked = await get(mem.token, sid, day(4));
    assert.deepEqual([asked.body.result.occurrence, asked.body.result.date, asked.body.result.moved], [day(4), day(9), true]);
    const missing = await get(mem.token, sid, day(30));
    assert.equal(missing.status, 400);
    assert.deepEqual(fieldCodes(missing.body), ['occurrence:eventNoOccurrence']);
    // Someone not invited, or another client's id: 404.
    assert.equal((await get(out.token, sid)).status, 404);
    assert.equal((await get(out.token, '0190f5e0-0000-7000-8000-000000000001')).status, 404);

    // §5 limits hold on changes too: refused with the field's code, nothing stored.
    const tooLong: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(101) }, 'name:tooLong'],
      [{ description: 'x'.repeat(2001) }, 'description:tooLong'],
    ];
    for (const [body, code] of tooLong) {
      const put = await t.call(calendarRoutes.eventUpdate, {
        token: org.token,
        params: { id: single.body.result._id },
        body: { ...base(), date: day(20), ...body },
      });
      assert.equal(put.status, 400);
      assert.deepEqual(fieldCodes(put.body), [code]);
      const one2 = await t.call(calendarRoutes.eventUpdatePeriodic, {
        token: org.token,
        params: { id: sid },
        body: { ...base(), name: 'Linked series', date: day(3), scope: 'one', occurrence: day(3), ...body },
      });
      assert.equal(one2.status, 400);
      assert.deepEqual(fieldCodes(one2.body), [code]);
    }
    const after = (await get(mem.token, single.body.result._id)).body.result;
    assert.deepEqual([after.name, after.description], ['Linked single', '']);
    assert.equal((await get(mem.token, sid, day(3))).body.result.name, 'Linked series');
    for (const id of [single.body.result._id, sid]) await t.call(calendarRoutes.eventRemove, { token: org.token, params: { id } });
  });

  it('recurrence: the 31st of the month skips short months; 29 February yearly only in leap years', async () => {
    const monthly = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...base(), name: 'Month end report', date: '2030-01-31', repeat: { period: 'month', count: 6 } },
    });
    assert.equal(monthly.status, 200, JSON.stringify(monthly.body));
    const dates = (await range(org.token, '2030-01-01', '2030-12-31')).body.result.filter((o) => o._id === monthly.body.result._id).map((o) => o.date);
    assert.deepEqual(dates, ['2030-01-31', '2030-03-31', '2030-05-31', '2030-07-31', '2030-08-31', '2030-10-31']);
    assert.equal(monthly.body.result.repeat.rrule, 'FREQ=MONTHLY;INTERVAL=1;COUNT=6');

    const leap = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...base(), name: 'Leap day party', date: '2032-02-29', repeat: { period: 'year', count: 3 } },
    });
    assert.equal(leap.status, 200, JSON.stringify(leap.body));
    const leapIn = async (from: string, to: string) =>
      (await range(org.token, from, to)).body.result.filter((o) => o._id === leap.body.result._id).map((o) => o.date);
    assert.deepEqual(await leapIn('2033-02-01', '2033-03-10'), []);
    assert.deepEqual(await leapIn('2036-02-01', '2036-03-10'), ['2036-02-29']);
    assert.deepEqual(await leapIn('2040-02-01', '2040-03-10'), ['2040-02-29']);
    assert.deepEqual(await leapIn('2044-02-01', '2044-03-10'), []);
  });

  it('recurrence: weekly across DST keeps the wall-clock time in Europe/Kyiv; Europe/Moscow has no DST', async () => {
    const weekly = async (tz: string, date: string) => {
      const r = await t.call(calendarRoutes.eventCreatePeriodic, {
        token: org.token,
        body: { ...base(), name: `Weekly in ${tz}`, date, tz, repeat: { period: 'week', weekdays: ['MO'], count: 4 } },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return (await range(org.token, date, '2030-12-31', tz)).body.result.filter((o) => o._id === r.body.result._id);
    };
    const spring = await weekly('Europe/Kyiv', '2030-03-18');
    assert.deepEqual(
      spring.map((o) => [o.date, o.start_time, o.start]),
      [
        ['2030-03-18', '10:00', '2030-03-18T08:00:00.000Z'],
        ['2030-03-25', '10:00', '2030-03-25T08:00:00.000Z'],
        ['2030-04-01', '10:00', '2030-04-01T07:00:00.000Z'],
        ['2030-04-08', '10:00', '2030-04-08T07:00:00.000Z'],
      ],
    );
    const autumn = await weekly('Europe/Kyiv', '2030-10-14');
    assert.deepEqual(
      autumn.map((o) => o.start),
      ['2030-10-14T07:00:00.000Z', '2030-10-21T07:00:00.000Z', '2030-10-28T08:00:00.000Z', '2030-11-04T08:00:00.000Z'],
    );
    const moscow = await weekly('Europe/Moscow', '2030-03-18');
    assert.deepEqual(
      moscow.map((o) => o.start),
      ['2030-03-18T07:00:00.000Z', '2030-03-25T07:00:00.000Z', '2030-04-01T07:00:00.000Z', '2030-04-08T07:00:00.000Z'],
    );
  });

  it('recurrence: a count and an until give the same days; reads take a range, never the whole series', async () => {
    const mk = async (repeat: Record<string, unknown>) =>
      (
        await t.call(calendarRoutes.eventCreatePeriodic, {
          token: org.token,
          body: { ...base(), name: 'Daily standup', date: '2031-05-01', repeat: { period: 'day', ...repeat } },
        })
      ).body.result._id;
    const byCount = await mk({ count: 5 });
    const byUntil = await mk({ until: '2031-05-05' });
    const list = (await range(org.token, '2031-04-01', '2031-06-01')).body.result;
    const of = (id: string) => list.filter((o) => o._id === id).map((o) => o.date);
    assert.deepEqual(of(byCount), ['2031-05-01', '2031-05-02', '2031-05-03', '2031-05-04', '2031-05-05']);
    assert.deepEqual(of(byUntil), of(byCount));
    const year = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...base(), name: 'All year daily', date: '2032-01-01', repeat: { period: 'day', until: '2032-12-31' } },
    });
    const week = (await range(org.token, '2032-06-01', '2032-06-08')).body.result.filter((o) => o._id === year.body.result._id);
    assert.equal(week.length, 7);
    const tooLong = await range(org.token, '2032-01-01', '2033-06-01');
    assert.equal(tooLong.status, 400);
    assert.deepEqual(fieldCodes(tooLong.body), ['to:eventRangeTooLong']);
  });

  it('periodic changes: EXDATE one, move one, then change the series; this and following; answers changed, deleted, added', async () => {
    const made = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...base(), name: 'Weekly sync', date: '2031-03-03', repeat: { period: 'week', weekdays: ['MO'], count: 6 } },
    });
    const id = made.body.result._id;
    const list = async () => (await range(mem.token, '2031-03-01', '2031-05-01')).body.result.filter((o) => o.name !== 'x');
    const series = async () => (await list()).filter((o) => o._id === id || o.name.startsWith('Weekly'));

    // Cancel one occurrence (EXDATE): only it is gone; cancelling it again is §8's event delete error.
    const ex = await t.call(calendarRoutes.eventRemovePeriodic, { token: org.token, params: { id }, query: { occurrence: '2031-03-10' } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    assert.deepEqual(
      ex.body.result.deleted.map((d: { occurrence: string }) => d.occurrence),
      ['2031-03-10'],
    );
    assert.deepEqual(ex.body.result.changed, []);
    assert.deepEqual(ex.body.result.added, []);
    const again = await t.call(calendarRoutes.eventRemovePeriodic, { token: org.token, params: { id }, query: { occurrence: '2031-03-10' } });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'eventDeleteError');
    assert.equal(again.body.message, EVENT_TEXT.deleteError);
    assert.deepEqual(
      (await series()).map((o) => o.date),
      ['2031-03-03', '2031-03-17', '2031-03-24', '2031-03-31', '2031-04-07'],
    );

    // Move one occurrence: only it changes.
    const body = { ...base(), name: 'Weekly sync', date: '2031-03-03', repeat: { period: 'week', weekdays: ['MO'], count: 6 } };
    const moved = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id },
      body: { ...body, scope: 'one', occurrence: '2031-03-17', date: '2031-03-18', start_time: '15:00', end_time: '16:00' },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(
      moved.body.result.changed.map((o: Occurrence) => [o.occurrence, o.date, o.start_time, o.moved]),
      [['2031-03-17', '2031-03-18', '15:00', true]],
    );
    assert.deepEqual([moved.body.result.deleted, moved.body.result.added], [[], []]);

    // Then rename the series: the moved one keeps its day and time and takes the new name; the EXDATE stays.
    const renamed = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id },
      body: { ...body, name: 'Weekly sync (renamed)', scope: 'all' },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.result.changed.length, 5);
    const now = await series();
    assert.deepEqual(
      now.map((o) => [o.date, o.start_time, o.name]),
      [
        ['2031-03-03', '10:00', 'Weekly sync (renamed)'],
        ['2031-03-18', '15:00', 'Weekly sync (renamed)'],
        ['2031-03-24', '10:00', 'Weekly sync (renamed)'],
        ['2031-03-31', '10:00', 'Weekly sync (renamed)'],
        ['2031-04-07', '10:00', 'Weekly sync (renamed)'],
      ],
    );

    // This and following from 24 March at 12:00: the old part ends before it, a new series carries the rest of the count.
    const following = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id },
      body: {
        ...body,
        name: 'Weekly sync (new time)',
        scope: 'following',
        occurrence: '2031-03-24',
        date: '2031-03-24',
        start_time: '12:00',
        end_time: '13:00',
      },
    });
    assert.equal(following.status, 200, JSON.stringify(following.body));
    assert.deepEqual(
      following.body.result.deleted.map((d: { occurrence: string }) => d.occurrence),
      ['2031-03-24', '2031-03-31', '2031-04-07'],
    );
    assert.deepEqual(
      following.body.result.added.map((o: Occurrence) => [o.date, o.start_time]),
      [
        ['2031-03-24', '12:00'],
        ['2031-03-31', '12:00'],
        ['2031-04-07', '12:00'],
      ],
    );
    const newId = following.body.result.added[0]._id;
    assert.notEqual(newId, id);
    assert.deepEqual(
      (await series()).map((o) => [o.date, o.start_time]),
      [
        ['2031-03-03', '10:00'],
        ['2031-03-18', '15:00'],
        ['2031-03-24', '12:00'],
        ['2031-03-31', '12:00'],
        ['2031-04-07', '12:00'],
      ],
    );
    // Cancel the new part from 31 March on, then the old series whole.
    const cut = await t.call(calendarRoutes.eventRemovePeriodic, {
      token: org.token,
      params: { id: newId },
      query: { occurrence: '2031-03-31', following: 'true' },
    });
    assert.equal(cut.status, 200);
    assert.equal(cut.body.result.deleted.length, 2);
    const all = await t.call(calendarRoutes.eventRemovePeriodic, { token: org.token, params: { id }, query: { all: 'true' } });
    assert.equal(all.status, 200);
    assert.equal(all.body.result.deleted.length, 2);
    assert.deepEqual(
      (await series()).map((o) => o.date),
      ['2031-03-24'],
    );
    // An occurrence that is not one of the series: 400.
    const wrong = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: org.token,
      params: { id: newId },
      body: { ...body, scope: 'one', occurrence: '2031-03-25' },
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(fieldCodes(wrong.body), ['occurrence:eventNoOccurrence']);
  });

  it('isolation: another client gets 404 and no data for every id-taking route', async () => {
    const b = await t.makeClient('calb');
    const made = await t.call(calendarRoutes.eventCreatePeriodic, {
      token: org.token,
      body: { ...base(), name: 'Secret board meeting', repeat: { period: 'day', count: 3 } },
    });
    const id = made.body.result._id;
    const tok = b.adminToken;
    const calls = [
      t.call(calendarRoutes.eventByClient, { token: tok, params: { id: a.client._id }, query: { from: day(0), to: day(10) } }),
      t.call(calendarRoutes.eventAccessFor, { token: tok, params: { clientId: a.client._id, userId: org.id }, query: { from: day(0), to: day(10) } }),
      t.call(calendarRoutes.eventUpdate, { token: tok, params: { id }, body: { ...base(), members: [b.admin._id] } }),
      t.call(calendarRoutes.eventUpdatePeriodic, {
        token: tok,
        params: { id },
        body: { ...base(), members: [b.admin._id], repeat: { period: 'day', count: 2 } },
      }),
      t.call(calendarRoutes.eventRemove, { token: tok, params: { id } }),
      t.call(calendarRoutes.eventRemovePeriodic, { token: tok, params: { id }, query: { all: 'true' } }),
      t.call(calendarRoutes.eventIcs, { token: tok, params: { id } }),
    ];
    for (const r of await Promise.all(calls)) {
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.ok(!JSON.stringify(r.body).includes('Secret board meeting'));
    }
    // Their own client's calendar holds nothing of client A; A's series is intact.
    assert.deepEqual(
      (await t.call(calendarRoutes.eventByClient, { token: tok, params: { id: b.client._id }, query: { from: day(0), to: day(10) } })).body.result,
      [],
    );
    assert.equal((await range(org.token, day(0), day(10))).body.result.filter((o) => o._id === id).length, 3);
    // A member of another client cannot be invited.
    const foreign = await t.call(calendarRoutes.eventCreate, { token: org.token, body: { ...base(), members: [b.admin._id] } });
    assert.deepEqual(fieldCodes(foreign.body), ['members:user_not_found']);
  });
});
