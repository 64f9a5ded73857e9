import { describe, expect, it } from '@jest/globals';
import { ADAPT_ERRORS, addUserBody, adaptationRoutes, stepBody, trackBody } from './index.ts';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.error?.issues ?? []).map((i) => i.message);

describe('adaptation contract', () => {
  it('§5 track name required', () => {
    expect(messages(trackBody.safeParse({ name: '  ' }))).toContain(ADAPT_ERRORS.adaptTrackNameRequired.text);
    expect(trackBody.parse({ name: ' Ok ' })).toEqual({ name: 'Ok', description: '' });
  });

  it('§5 employee and mentor required, mentor and HR differ from the newcomer', () => {
    expect(messages(addUserBody.safeParse({ track_id: id(1), start_date: '2026-01-01' }))).toEqual(
      expect.arrayContaining([ADAPT_ERRORS.adaptEmployeeRequired.text, ADAPT_ERRORS.adaptMentorRequired.text]),
    );
    const same = addUserBody.safeParse({ track_id: id(1), user_id: id(2), mentor_id: id(2), hr_id: id(2), start_date: '2026-01-01' });
    expect(messages(same)).toEqual([ADAPT_ERRORS.adaptMentorIsNewcomer.text, ADAPT_ERRORS.adaptHrIsNewcomer.text]);
  });

  it('§5 a link needs a title and a valid URL; a reward its coins', () => {
    expect(messages(stepBody.safeParse({ stage_id: id(1), type: 'link', name: 'Read', url: 'javascript:alert(1)' }))).toEqual([
      ADAPT_ERRORS.adaptLinkTitleRequired.text,
      'Invalid URL',
    ]);
    expect(stepBody.safeParse({ stage_id: id(1), type: 'link', name: 'Read', link_title: 'Site', url: 'https://example.com' }).success).toBe(true);
    expect(messages(stepBody.safeParse({ stage_id: id(1), type: 'reward', name: 'Coins' }))).toEqual([
      'The reward must be a whole number of coins from 1 to 100000',
    ]);
  });

  it('routes live under /api/adaptation (and the generic module track) with subjects of the domain', () => {
    for (const r of Object.values(adaptationRoutes)) {
      expect(r.path.startsWith('/api/adaptation/') || r.path.startsWith('/api/track')).toBe(true);
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
