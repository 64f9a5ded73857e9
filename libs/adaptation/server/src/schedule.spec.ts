import { describe, expect, it } from '@jest/globals';
import { addDays, daysBetween, dueDay, localParts, openInstant } from './schedule.ts';

describe('step schedule', () => {
  it('opens at the opening hour of the client’s zone', () => {
    expect(openInstant('2026-03-10', 9, 'UTC').toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(openInstant('2026-03-10', 9, 'Europe/Kyiv').toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(openInstant('2026-07-10', 9, 'Europe/Kyiv').toISOString()).toBe('2026-07-10T06:00:00.000Z');
    expect(openInstant('2026-07-10', 0, 'America/New_York').toISOString()).toBe('2026-07-10T04:00:00.000Z');
  });

  it('the due day: today once the hour has come, else yesterday', () => {
    expect(dueDay(new Date('2026-03-10T06:59:00Z'), 'Europe/Kyiv', 9)).toBe('2026-03-09');
    expect(dueDay(new Date('2026-03-10T07:00:00Z'), 'Europe/Kyiv', 9)).toBe('2026-03-10');
    expect(localParts(new Date('2026-03-10T23:30:00Z'), 'Asia/Tokyo')).toEqual({ day: '2026-03-11', hour: 8 });
    expect(localParts(new Date('2026-03-10T23:30:00Z'), 'Not/AZone')).toEqual({ day: '2026-03-10', hour: 23 });
  });

  it('adds and counts days', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
  });
});
