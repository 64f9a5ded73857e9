import { describe, expect, it } from '@jest/globals';
import { calendarRoutes, EVENT_NAME_MAX, EVENT_TEXT, eventFormSchema, pastIssue } from './index.ts';

const base = {
  name: 'Planning',
  date: '2030-01-07',
  start_time: '10:00',
  end_time: '11:00',
  members: ['0190f5e0-0000-7000-8000-000000000001'],
  tz: 'Europe/Kyiv',
};
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.error?.issues ?? []).map((i) => i.message);

describe('calendar contract (§5 Event)', () => {
  it('name: required, more than 5 and at most 100 symbols', () => {
    const body = calendarRoutes.eventCreate.body;
    expect(messages(body.safeParse({ ...base, name: '  ' }))).toContain('Field is required');
    expect(messages(body.safeParse({ ...base, name: 'Short' }))).toContain(EVENT_TEXT.nameShort);
    expect(messages(body.safeParse({ ...base, name: 'x'.repeat(EVENT_NAME_MAX + 1) }))).toContain(`Max ${EVENT_NAME_MAX} symbols`);
    expect(body.parse(base).remind).toBe(10);
  });

  it('end after start, link a URL, members required, a known zone', () => {
    const body = calendarRoutes.eventCreate.body;
    expect(messages(body.safeParse({ ...base, end_time: '09:00' }))).toContain(EVENT_TEXT.endBeforeStart);
    expect(messages(body.safeParse({ ...base, link: 'not a url' }))).toContain('Invalid URL');
    expect(messages(body.safeParse({ ...base, members: [] }))).toContain('Field is required');
    expect(messages(body.safeParse({ ...base, tz: 'Mars/Base' }))).toContain(EVENT_TEXT.timeZone);
  });

  it('repeat needs its period, weekdays (weekly), and an end date or a count over 1', () => {
    const body = calendarRoutes.eventCreatePeriodic.body;
    expect(messages(body.safeParse({ ...base, repeat: { count: 3 } }))).toContain('Field is required');
    expect(messages(body.safeParse({ ...base, repeat: { period: 'week', count: 3 } }))).toContain(EVENT_TEXT.weekdays);
    expect(messages(body.safeParse({ ...base, repeat: { period: 'day' } }))).toContain(EVENT_TEXT.repeatEnd);
    expect(messages(body.safeParse({ ...base, repeat: { period: 'day', count: 1 } }))).toContain(EVENT_TEXT.countMin);
    expect(messages(body.safeParse({ ...base, repeat: { period: 'day', until: '2029-01-01' } }))).toContain(EVENT_TEXT.untilBeforeStart);
    expect(body.safeParse({ ...base, repeat: { period: 'week', weekdays: ['MO'], until: '2030-03-01' } }).success).toBe(true);
  });

  it('past date: one rule for the server and the form, in the event zone', () => {
    const now = new Date('2030-01-07T21:30:00Z');
    expect(pastIssue('2030-01-06', '23:00', 'UTC', now)).toEqual({ field: 'date', message: EVENT_TEXT.pastDate, code: 'eventPastDate' });
    expect(pastIssue('2030-01-07', '21:30', 'UTC', now)).toEqual({ field: 'start_time', message: EVENT_TEXT.timePassed, code: 'eventTimePassed' });
    expect(pastIssue('2030-01-07', '21:31', 'UTC', now)).toBeNull();
    // 23:30 in Kyiv: the 7th there is almost over, the 8th is not past.
    expect(pastIssue('2030-01-07', '23:00', 'Europe/Kyiv', now)?.field).toBe('start_time');
    expect(pastIssue('2030-01-08', '00:00', 'Europe/Kyiv', now)).toBeNull();
  });

  it('the form shows the rules across fields on the first submit, though another field is wrong', () => {
    const r = eventFormSchema.safeParse({ ...base, members: [], end_time: '09:00', repeat: { period: 'day', until: '2029-01-01' } });
    expect(messages(r)).toEqual(expect.arrayContaining(['Field is required', EVENT_TEXT.endBeforeStart, EVENT_TEXT.untilBeforeStart]));
  });

  it('routes keep the §7 paths and the domain subjects', () => {
    const paths = Object.values(calendarRoutes).map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/event/byClient/{id}',
      'POST /api/event',
      'POST /api/event/periodic_event',
      'PUT /api/event/{id}',
      'PUT /api/event/periodic_event/{id}',
      'DELETE /api/event/{id}',
      'DELETE /api/event/periodic_event/{id}',
      'GET /api/user/{clientId}/events/access_for/{userId}',
    ])
      expect(paths).toContain(p);
    for (const r of Object.values(calendarRoutes)) expect(r.subject.startsWith('calendar.')).toBe(true);
  });
});
