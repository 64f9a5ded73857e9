import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { chatEvents } from '@intranet/chat-contract';
import { socialEvents } from '@intranet/social-contract';
import { EventConsumer } from './consumer.service.ts';
import { Notifier } from './notifier.service.ts';
import { Directory } from './people.ts';
import { PresenceMap } from './presence.ts';
import type { Draft } from './rule.ts';

const apps: TestingModule[] = [];

/**
 * The consumer through Nest's dependency injection, its collaborators replaced by values (
 * `Test.createTestingModule` of @nestjs/testing): what it hands the Notifier for an event.
 */
async function consumer(opts: { away?: string[] } = {}) {
  const stored: { clientId: string; drafts: readonly Draft[] }[] = [];
  const directory = {
    admins: async () => ['adm1', 'adm2'],
    approvers: async () => [],
    employees: async (_c: string, ids: readonly string[]) => ids.map((id) => ({ _id: id, fullName: `Name ${id}`, email: '', lang: 'en', admin: false })),
  };
  const app = await Test.createTestingModule({
    providers: [
      EventConsumer,
      { provide: Directory, useValue: directory },
      { provide: PresenceMap, useValue: { away: async (_c: string, ids: string[]) => ids.filter((u) => (opts.away ?? ids).includes(u)) } },
      { provide: Notifier, useValue: { notify: async (clientId: string, drafts: readonly Draft[]) => void stored.push({ clientId, drafts }) } },
    ],
  }).compile();
  apps.push(app);
  return { svc: app.get(EventConsumer), stored };
}

const evt = (subject: string, data: unknown, clientId: string | null = 'c1') => ({ id: 'e1', subject, clientId, at: '2026-11-27T00:00:00.000Z', data });

describe('EventConsumer (Nest DI, collaborators as values)', () => {
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('an idea tells every administrator but its author, named by the directory', async () => {
    const { svc, stored } = await consumer();
    const s = socialEvents.ideaSent.subject;
    await svc.handle(s, evt(s, { _id: '0190a1b2-0000-7000-8000-0000000000e1', author_id: 'adm1', name: 'More plants' }));
    assert.equal(stored.length, 1);
    assert.deepEqual(
      stored[0]!.drafts.map((d) => [d.userId, d.title]),
      [['adm2', 'Name adm1 proposed a new idea']],
    );
  });

  it('a chat message tells only the members away; nobody away: nothing stored', async () => {
    const s = chatEvents.noticeMessage.subject;
    const data = {
      room_id: 'r1',
      room_name: 'Lunch',
      msg_id: 'm1',
      sender_id: 'u1',
      username: 'Ann',
      preview: 'Pizza?',
      recipients: ['u1', 'u2', 'u3'],
    };
    const some = await consumer({ away: ['u3'] });
    await some.svc.handle(s, evt(s, data));
    assert.deepEqual(
      some.stored[0]!.drafts.map((d) => d.userId),
      ['u3'],
    );
    const none = await consumer({ away: [] });
    await none.svc.handle(s, evt(s, data));
    assert.equal(none.stored.length, 0);
  });

  it('an event without a client, or of a subject without a rule, does nothing', async () => {
    const { svc, stored } = await consumer();
    await svc.handle(socialEvents.ideaSent.subject, evt(socialEvents.ideaSent.subject, {}, null));
    await svc.handle('evt.nobody.listens', evt('evt.nobody.listens', {}));
    assert.equal(stored.length, 0);
  });
});
