import { describe, expect, it } from '@jest/globals';
import { moodGroups } from './mood-groups.ts';
import { moodPeriodStart, resolvePeriod, turnoverPercent, yearMasks, YEAR_BITS } from './period.ts';

describe('analytics pure rules', () => {
  it('§9 turnover = deactivations / average active × 100 (two decimals; 0 without active users)', () => {
    expect(turnoverPercent(1, 10, 9)).toBe(10.53);
    expect(turnoverPercent(0, 0, 0)).toBe(0);
  });

  it('periods: 30 days by default, refused when reversed; mood periods start on Mondays', () => {
    expect(resolvePeriod({}, new Date('2026-03-31T12:00:00Z'))).toEqual({ dateFrom: '2026-03-02', dateTo: '2026-03-31', days: 30 });
    expect(() => resolvePeriod({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toThrow();
    expect(moodPeriodStart(new Date('2026-11-29T23:00:00Z'), 1)).toBe('2026-11-23');
    expect(moodPeriodStart(new Date('2026-11-23T00:00:00Z'), 1)).toBe('2026-11-23');
    expect(['2026-11-16', '2026-11-23']).toContain(moodPeriodStart(new Date('2026-11-27T00:00:00Z'), 2));
  });

  it('mood: a cell under 5 ratings enters no aggregate, so no difference of groups reveals one rating', () => {
    const g = moodGroups([
      { day: '2026-11-23', department: 'A', n: 5, sum: 30 },
      { day: '2026-11-23', department: 'B', n: 1, sum: 2 },
    ]);
    expect(g.total).toEqual({ key: 'total', count: 5, average: 6, hidden: false });
    expect(g.byDepartment).toEqual([
      { key: 'A', count: 5, average: 6, hidden: false },
      { key: 'B', count: null, average: null, hidden: true },
    ]);
    expect(moodGroups([{ day: 'd', department: '', n: 4, sum: 20 }]).total.hidden).toBe(true);
  });

  it("visitors' year masks: bit n - 1 for day-of-year n, one mask per year the period touches", () => {
    const [one] = yearMasks('2024-02-28', '2024-03-01');
    expect([one.year, one.mask.length, one.mask.indexOf('1'), one.mask.lastIndexOf('1')]).toEqual([2024, YEAR_BITS, 58, 60]);
    const two = yearMasks('2025-12-30', '2026-01-02');
    expect(two.map((m) => [m.year, m.mask.indexOf('1'), m.mask.lastIndexOf('1'), m.mask.length])).toEqual([
      [2025, 363, 365, YEAR_BITS],
      [2026, 0, 1, YEAR_BITS],
    ]);
  });
});
