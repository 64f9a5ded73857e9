import { calendarRoutes } from '@intranet/calendar-contract';
import type { DomainFixtures, World } from '@intranet/portal-testing/fixtures';

/** A date `days` from today (UTC), YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fields = (w: World) => ({
  name: `Event of ${w.workspace}`,
  date: day(2),
  start_time: '10:00',
  end_time: '11:00',
  members: [w.ids.user],
  description: `Agenda of ${w.workspace}`,
  tz: 'UTC',
});
const repeat = { period: 'week', weekdays: ['MO', 'WE'], count: 6 };

/**
 * The calendar domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): a single event and a weekly series per client, made through the real routes, and which route
 * params and body fields name them.
 */
export default {
  entities: ['event', 'periodicEvent'],
  idBySubject: {
    'calendar.event.': 'event',
    'calendar.event.byClient': 'client',
    'calendar.event.updatePeriodic': 'periodicEvent',
    'calendar.event.removePeriodic': 'periodicEvent',
  },
  bodies: {
    'calendar.event.create': { body: (w) => fields(w), ids: { members: 'user' } },
    'calendar.event.createPeriodic': { body: (w) => ({ ...fields(w), repeat }), ids: { members: 'user' } },
    'calendar.event.update': { body: (w) => ({ ...fields(w), name: 'Changed event' }), ids: { members: 'user' } },
    'calendar.event.updatePeriodic': { body: (w) => ({ ...fields(w), name: 'Changed series', repeat, scope: 'all' }), ids: { members: 'user' } },
  },
  async create(t, w) {
    const one = await t.call(calendarRoutes.eventCreate, { token: w.adminToken, body: fields(w) });
    if (one.status !== 200) throw new Error(`fixture event: ${one.status} ${JSON.stringify(one.body)}`);
    const series = await t.call(calendarRoutes.eventCreatePeriodic, { token: w.adminToken, body: { ...fields(w), repeat } });
    if (series.status !== 200) throw new Error(`fixture periodicEvent: ${series.status} ${JSON.stringify(series.body)}`);
    return { event: one.body.result._id, periodicEvent: series.body.result._id };
  },
  async readBack(t, w, e) {
    const id = e === 'periodicEvent' ? w.ids.periodicEvent : w.ids.event;
    const r = await t.call(calendarRoutes.eventIcs, { token: w.adminToken, params: { id } });
    // DTSTAMP changes with nothing; compare the rest.
    const body = typeof r.body === 'string' ? r.body.replace(/^DTSTAMP:.*$/gm, '') : r.body;
    return { status: r.status, body };
  },
  secrets: (w) => [`Event of ${w.workspace}`, `Agenda of ${w.workspace}`],
} satisfies DomainFixtures;
