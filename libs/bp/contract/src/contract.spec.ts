import { describe, expect, it } from '@jest/globals';
import { bpRoutes, BP_NAME_MAX } from './index.ts';

describe('bp contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = bpRoutes.create.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(BP_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/bp with subjects of the domain', () => {
    for (const r of Object.values(bpRoutes)) {
      expect(r.path.startsWith('/api/bp')).toBe(true);
      expect(r.subject.startsWith('bp.')).toBe(true);
    }
  });
});
