import { describe, expect, it } from '@jest/globals';
import { lmsRoutes, questionInput } from './index.ts';

describe('lms contract', () => {
  it('refuses an empty or too long course title with the §5 texts', () => {
    const body = lmsRoutes.courseCreate.body;
    expect(body.safeParse({ title: '  ' }).success).toBe(false);
    expect(body.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
    expect(body.parse({ title: ' Ok ' })).toMatchObject({ title: 'Ok', short_description: '', cover: null, public: false });
  });

  it('a question defaults to single choice with answers not right', () => {
    expect(questionInput.parse({ text: 'Q', answers: [{ text: 'A' }] })).toEqual({ text: 'Q', kind: 'single', answers: [{ text: 'A', right: false }] });
  });

  it('routes live under /api with subjects of the domain', () => {
    for (const r of Object.values(lmsRoutes)) {
      expect(r.path.startsWith('/api/')).toBe(true);
      expect(r.subject.startsWith('lms.')).toBe(true);
    }
  });

  it('each route key is its subject <domain>.<entity>.<verb> without the domain, camel-cased (issue 30 §1)', () => {
    for (const [key, r] of Object.entries(lmsRoutes)) {
      const [domain, entity, verb, ...rest] = r.subject.split('.');
      expect([domain, rest.length]).toEqual(['lms', 0]);
      expect(key).toBe(`${entity}${verb![0]!.toUpperCase()}${verb!.slice(1)}`);
    }
  });
});
