import { describe, expect, it } from '@jest/globals';
import { notificationsRoutes, NOTIFICATIONS_NAME_MAX } from './index.ts';

describe('notifications contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = notificationsRoutes.create.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(NOTIFICATIONS_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/notifications with subjects of the domain', () => {
    for (const r of Object.values(notificationsRoutes)) {
      expect(r.path.startsWith('/api/notifications')).toBe(true);
      expect(r.subject.startsWith('notifications.')).toBe(true);
    }
  });
});
