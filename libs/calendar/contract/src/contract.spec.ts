import { describe, expect, it } from '@jest/globals';
import { calendarRoutes, CALENDAR_NAME_MAX } from './index.ts';

describe('calendar contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = calendarRoutes.create.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(CALENDAR_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/calendar with subjects of the domain', () => {
    for (const r of Object.values(calendarRoutes)) {
      expect(r.path.startsWith('/api/calendar')).toBe(true);
      expect(r.subject.startsWith('calendar.')).toBe(true);
    }
  });
});
