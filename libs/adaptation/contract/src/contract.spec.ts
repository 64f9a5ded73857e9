import { describe, expect, it } from '@jest/globals';
import { adaptationRoutes, ADAPTATION_NAME_MAX } from './index.ts';

describe('adaptation contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = adaptationRoutes.itemCreate.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(ADAPTATION_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/adaptation with subjects of the domain', () => {
    for (const r of Object.values(adaptationRoutes)) {
      expect(r.path.startsWith('/api/adaptation')).toBe(true);
      expect(r.subject.startsWith('adaptation.')).toBe(true);
    }
  });

  it('each route key is its subject <domain>.<entity>.<verb> without the domain, camel-cased (issue 30 §1)', () => {
    for (const [key, r] of Object.entries(adaptationRoutes)) {
      const [domain, entity, verb, ...rest] = r.subject.split('.');
      expect([domain, rest.length]).toEqual(['adaptation', 0]);
      expect(key).toBe(`${entity}${verb![0]!.toUpperCase()}${verb!.slice(1)}`);
    }
  });
});
