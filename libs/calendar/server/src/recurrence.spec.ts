import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  addDays,
  allDates,
  expand,
  expandOne,
  fromRrule,
  instant,
  isOccurrence,
  occurrenceDates,
  repeatOf,
  spanOf,
  toRrule,
  type OverrideLike,
  type SeriesLike,
} from './recurrence.ts';

const series = (over: Partial<SeriesLike> = {}): SeriesLike => ({
  id: 'e1',
  date: '2030-03-18',
  startTime: '10:00',
  endTime: '11:00',
  tz: 'Europe/Kyiv',
  rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH;COUNT=6',
  exdates: [],
  ...over,
});
const moved = (rid: string, date: string, startTime = '14:30', endTime = '15:30'): OverrideLike => ({
  recurrenceId: rid,
  date,
  startTime,
  endTime,
  name: 'Moved',
  description: null,
  color: null,
  link: null,
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('recurrence (RFC 5545 in floating time, placed in the event zone)', () => {
  it('toRrule writes FREQ, INTERVAL, BYDAY (weekly only, deduplicated) and COUNT before UNTIL; fromRrule reads it back', () => {
    const weekly = { period: 'week', interval: 2, weekdays: ['MO', 'WE', 'MO'], until: '2027-01-31', count: null } as const;
    assert.equal(toRrule({ ...weekly, weekdays: [...weekly.weekdays] }), 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270131');
    assert.equal(toRrule({ period: 'day', interval: 1, weekdays: ['MO'], until: '2027-01-31', count: 5 }), 'FREQ=DAILY;INTERVAL=1;COUNT=5');
    assert.deepEqual(fromRrule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270131'), {
      period: 'week',
      interval: 2,
      weekdays: ['MO', 'WE'],
      until: '2027-01-31',
      count: null,
    });
    assert.deepEqual(fromRrule('FREQ=MONTHLY;INTERVAL=1;COUNT=3'), { period: 'month', interval: 1, weekdays: [], until: null, count: 3 });
  });

  it('allDates: every RECURRENCE-ID of a finite series, EXDATEs left out unless asked for; a single event is its date', () => {
    const s = series();
    assert.deepEqual(allDates(s), ['2030-03-18', '2030-03-21', '2030-03-25', '2030-03-28', '2030-04-01', '2030-04-04']);
    const cut = series({ exdates: ['2030-03-21'] });
    assert.deepEqual(allDates(cut).slice(0, 2), ['2030-03-18', '2030-03-25']);
    assert.equal(allDates(cut, false).length, 6);
    assert.deepEqual(allDates(series({ rrule: 'FREQ=DAILY;INTERVAL=2;UNTIL=20300324' })), ['2030-03-18', '2030-03-20', '2030-03-22', '2030-03-24']);
    assert.deepEqual(allDates(series({ rrule: null })), ['2030-03-18']);
  });

  it('occurrenceDates: the dates between two local dates, both inclusive; isOccurrence counts an EXDATE as one of its dates', () => {
    const s = series({ exdates: ['2030-03-25'] });
    assert.deepEqual(occurrenceDates(s, '2030-03-21', '2030-03-28'), ['2030-03-21', '2030-03-28']);
    assert.deepEqual(occurrenceDates(series({ rrule: null }), '2030-03-19', '2030-03-30'), []);
    assert.equal(isOccurrence(s, '2030-03-25'), true);
    assert.equal(isOccurrence(s, '2030-03-26'), false);
    assert.equal(isOccurrence(series({ rrule: null }), '2030-03-18'), true);
  });

  it('a weekly 10:00 in Europe/Kyiv stays at 10:00 local across the spring DST change (its UTC instant moves by an hour)', () => {
    const s = series();
    const xs = expand(s, [], Date.parse('2030-03-24T00:00:00Z'), Date.parse('2030-04-02T00:00:00Z'));
    assert.deepEqual(
      xs.map((x) => [x.occurrence, x.startTime, iso(x.start)]),
      [
        ['2030-03-25', '10:00', '2030-03-25T08:00:00.000Z'],
        ['2030-03-28', '10:00', '2030-03-28T08:00:00.000Z'],
        ['2030-04-01', '10:00', '2030-04-01T07:00:00.000Z'],
      ],
    );
    assert.equal(instant('2030-04-01', '10:00', 'Europe/Kyiv').toUTC().toISO(), '2030-04-01T07:00:00.000Z');
  });

  it('an override moves one occurrence (found by its new time, kept under its RECURRENCE-ID); expandOne applies it', () => {
    const s = series();
    const ov = moved('2030-03-21', '2030-03-29');
    const x = expandOne(s, '2030-03-21', ov);
    assert.deepEqual(
      [x.occurrence, x.date, x.startTime, iso(x.start), x.override?.name],
      ['2030-03-21', '2030-03-29', '14:30', '2030-03-29T12:30:00.000Z', 'Moved'],
    );
    // In the window of its new day, not of its old one.
    const window = (from: string, to: string) => expand(s, [ov], Date.parse(from), Date.parse(to)).map((e) => e.occurrence);
    assert.deepEqual(window('2030-03-29T00:00:00Z', '2030-03-30T00:00:00Z'), ['2030-03-21']);
    assert.deepEqual(window('2030-03-21T00:00:00Z', '2030-03-22T00:00:00Z'), []);
    // A single event has no RECURRENCE-ID.
    assert.equal(expandOne(series({ rrule: null }), '2030-03-18', undefined).occurrence, null);
  });

  it('spanOf: first start to last end, a moved occurrence included; an all-cancelled series is an empty span at its start', () => {
    const s = series();
    const span = spanOf(s, [moved('2030-04-04', '2030-04-10')]);
    assert.equal(span.start.toISOString(), '2030-03-18T08:00:00.000Z');
    assert.equal(span.end.toISOString(), '2030-04-10T12:30:00.000Z');
    const none = spanOf(series({ rrule: 'FREQ=DAILY;INTERVAL=1;COUNT=2', exdates: ['2030-03-18', '2030-03-19'] }), []);
    assert.equal(none.start.getTime(), none.end.getTime());
  });

  it('repeatOf: the API repeat of a series (EXDATEs sorted), null for a single event; addDays shifts a local date', () => {
    assert.deepEqual(repeatOf(series({ exdates: ['2030-03-28', '2030-03-21'] })), {
      period: 'week',
      interval: 1,
      weekdays: ['MO', 'TH'],
      until: null,
      count: 6,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH;COUNT=6',
      exdates: ['2030-03-21', '2030-03-28'],
    });
    assert.equal(repeatOf(series({ rrule: null })), null);
    assert.equal(addDays('2030-02-28', 1), '2030-03-01');
    assert.equal(addDays('2030-03-01', -1), '2030-02-28');
  });
});
