import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { groupEvents } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { PORTS } from '@intranet/platform-host';
import { IdeasRepository } from './ideas.repository.ts';
import { IdeasService } from './ideas.service.ts';
import type { IdeaRow } from './schema.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

const listed: { authorId?: string }[] = [];
const events: { subject: string; data: unknown }[] = [];
const idea: IdeaRow = {
  id: 'i1',
  clientId: 'c1',
  authorId: 'ann',
  author: 'Ann',
  current: 'c',
  improvement: 'i',
  changes: 'ch',
  results: 'r',
  status: 'new',
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const fakeRepo: Partial<IdeasRepository> = {
  async list(_tx, q) {
    listed.push({ authorId: q.authorId });
    return { rows: [idea], total: 1 };
  },
  async byId() {
    return { ...idea };
  },
  async setStatus(_tx, _id, status) {
    return { ...idea, status };
  },
};

/** IdeasService with its repository and ports replaced by fakes (`useValue`). */
const providers: Provider[] = [
  IdeasService,
  { provide: IdeasRepository, useValue: fakeRepo },
  { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
  {
    provide: SOCIAL_OUTBOX,
    useValue: { add: async (_tx: unknown, def: { subject: string }, _c: string, data: unknown) => events.push({ subject: def.subject, data }) },
  },
];

const ctx = (userId: string, roles: string[]): RequestContext => ({ clientId: 'c1', userId, roles, workspace: 'w', lang: 'en' }) as RequestContext;

describe('IdeasService (GET api/idea, PUT api/idea/{id}/status)', () => {
  let app: TestingModule;
  let svc: IdeasService;
  beforeAll(async () => {
    app = await Test.createTestingModule({ providers }).compile();
    svc = app.get(IdeasService);
  });
  afterAll(() => app.close());

  it('an employee lists their own ideas; an admin every idea, or their own with `mine`', async () => {
    listed.length = 0;
    await svc.ideas({ params: {}, query: {}, body: {} } as never, ctx('bob', ['employee']));
    await svc.ideas({ params: {}, query: {}, body: {} } as never, ctx('root', ['admin']));
    await svc.ideas({ params: {}, query: { mine: true }, body: {} } as never, ctx('root', ['admin']));
    assert.deepEqual(listed, [{ authorId: 'bob' }, { authorId: undefined }, { authorId: 'root' }]);
  });

  it('a status change tells the author; accepting also raises idea.accepted; the same status raises nothing', async () => {
    events.length = 0;
    await svc.ideaStatus({ params: { id: 'i1' }, query: {}, body: { status: 'new' } } as never, ctx('root', ['admin']));
    assert.equal(events.length, 0);
    const out = await svc.ideaStatus({ params: { id: 'i1' }, query: {}, body: { status: 'accepted' } } as never, ctx('root', ['admin']));
    assert.equal(out.status, 'accepted');
    assert.deepEqual(
      events.map((e) => e.subject),
      [groupEvents.ideaStatusChanged.subject, groupEvents.ideaAccepted.subject],
    );
  });

  it('a caller without a user is refused with 403 (requireCaller)', async () => {
    await assert.rejects(
      svc.ideas({ params: {}, query: {}, body: {} } as never, { clientId: 'c1', userId: null, roles: [] } as unknown as RequestContext),
      (err: { status?: number }) => err.status === 403,
    );
  });
});
