import { describe, expect, it } from '@jest/globals';
import { notificationsRoutes, SECTIONS } from './index.ts';

describe('notifications contract', () => {
  it('sends an empty template code as "__" (§7 Templates)', () => {
    expect(notificationsRoutes.templateCreate.body.parse({ code: '', name: 'N' }).code).toBe('__');
    expect(notificationsRoutes.templateCreate.body.parse({ code: 'mention', name: 'N' }).code).toBe('mention');
  });

  it('takes now or an ISO time as the feed’s page boundary, and the §3 sections', () => {
    const p = notificationsRoutes.notificationFeed.params;
    const base = { client: '0190a1b2-0000-7000-8000-000000000001', user: '0190a1b2-0000-7000-8000-000000000002', section: 'all' };
    expect(p.safeParse({ ...base, time: 'now' }).success).toBe(true);
    expect(p.safeParse({ ...base, time: '2026-01-02T03:04:05.000Z' }).success).toBe(true);
    expect(p.safeParse({ ...base, time: 'yesterday' }).success).toBe(false);
    expect(SECTIONS).toContain('posts');
  });

  it('routes have the §7 paths and subjects of the domain', () => {
    for (const r of Object.values(notificationsRoutes)) {
      expect(/^\/api\/(notification|notif_template|message|user\/notifications)/.test(r.path)).toBe(true);
      expect(r.subject.startsWith('notifications.')).toBe(true);
    }
  });
});
