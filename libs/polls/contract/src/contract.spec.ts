import { describe, expect, it } from '@jest/globals';
import { pollsRoutes, POLLS_NAME_MAX } from './index.ts';

describe('polls contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = pollsRoutes.create.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(POLLS_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/polls with subjects of the domain', () => {
    for (const r of Object.values(pollsRoutes)) {
      expect(r.path.startsWith('/api/polls')).toBe(true);
      expect(r.subject.startsWith('polls.')).toBe(true);
    }
  });
});
