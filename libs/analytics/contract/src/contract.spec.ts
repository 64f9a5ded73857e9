import { describe, expect, it } from '@jest/globals';
import { analyticsRoutes, MOOD_MIN_GROUP } from './index.ts';

describe('analytics contract', () => {
  it('routes live under /api/analytics or /api/mood with subjects of the domain', () => {
    for (const r of Object.values(analyticsRoutes)) {
      expect(r.path.startsWith('/api/analytics/') || r.path.startsWith('/api/mood')).toBe(true);
      expect(r.subject.startsWith('analytics.')).toBe(true);
    }
  });

  it('each route key is its subject <domain>.<entity>.<verb> without the domain, camel-cased (issue 30 §1)', () => {
    for (const [key, r] of Object.entries(analyticsRoutes)) {
      const [domain, entity, verb, ...rest] = r.subject.split('.');
      expect([domain, rest.length]).toEqual(['analytics', 0]);
      expect(key).toBe(`${entity}${verb![0]!.toUpperCase()}${verb!.slice(1)}`);
    }
  });

  it('reports take days only and module visits only tracked modules; the mood body carries no user', () => {
    expect(analyticsRoutes.reportVisitors.query.safeParse({ dateFrom: '2026-01-01T00:00' }).success).toBe(false);
    expect(analyticsRoutes.moduleRecord.body.safeParse({ visits: [{ moduleName: 'admin', date: new Date().toISOString() }] }).success).toBe(false);
    expect(Object.keys(analyticsRoutes.moodRate.body.shape)).toEqual(['rating']);
    expect(MOOD_MIN_GROUP).toBe(5);
  });
});
