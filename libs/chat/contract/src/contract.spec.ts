import { describe, expect, it } from '@jest/globals';
import { chatRoutes, CHAT_NAME_MAX } from './index.ts';

describe('chat contract', () => {
  it('refuses an empty or too long name with the §5 texts', () => {
    const body = chatRoutes.create.body;
    expect(body.safeParse({ name: '  ' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(CHAT_NAME_MAX + 1) }).success).toBe(false);
    expect(body.parse({ name: ' Ok ' })).toEqual({ name: 'Ok' });
  });

  it('routes live under /api/chat with subjects of the domain', () => {
    for (const r of Object.values(chatRoutes)) {
      expect(r.path.startsWith('/api/chat')).toBe(true);
      expect(r.subject.startsWith('chat.')).toBe(true);
    }
  });
});
