import { describe, expect, it } from '@jest/globals';
import { CHAT_CONTENT_MAX, CHAT_NAME_MAX, CHAT_TEXT, chatRoutes } from './index.ts';

describe('chat contract', () => {
  it('a group room needs a name (max 100) and members; a direct room exactly one colleague', () => {
    const body = chatRoutes.roomCreate.body;
    const id = '0190f0f0-0000-7000-8000-000000000001';
    expect(body.safeParse({ name: '  ', members: [id] }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(CHAT_NAME_MAX + 1), members: [id] }).success).toBe(false);
    expect(body.parse({ name: ' Ok ', members: [id] })).toEqual({ name: 'Ok', members: [id], direct: false });
    const two = body.safeParse({ direct: true, members: [id, id.replace(/1$/, '2')] });
    expect(two.success).toBe(false);
    expect(two.error?.issues[0]?.message).toBe(CHAT_TEXT.directOne);
  });

  it('message content is limited', () => {
    const id = '0190f0f0-0000-7000-8000-000000000001';
    expect(chatRoutes.msgCreate.body.safeParse({ room_id: id, content: 'x'.repeat(CHAT_CONTENT_MAX + 1) }).success).toBe(false);
    expect(chatRoutes.msgCreate.body.parse({ room_id: id })).toEqual({ room_id: id, content: '' });
  });

  it('routes live under /api/chat with subjects of the domain', () => {
    for (const r of Object.values(chatRoutes)) {
      expect(r.path.startsWith('/api/chat')).toBe(true);
      expect(r.subject.startsWith('chat.')).toBe(true);
    }
  });
});
