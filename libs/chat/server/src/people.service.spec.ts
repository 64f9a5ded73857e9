import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { ChatRepository } from './chat.repository.ts';
import { ChatPeopleService } from './people.service.ts';

/** ChatPeopleService through Nest DI, its repository and ports replaced: the error policy of the people look-up. */
describe('ChatPeopleService.ensure', () => {
  let app: TestingModule;
  let people: ChatPeopleService;
  const known = { id: 'u1', clientId: 'c1', name: 'Ann Lee', avatar: null, deleted: false, version: new Date(0) };
  let answer: () => Promise<unknown> = async () => undefined;
  const asked: string[] = [];
  const ctx = { clientId: 'c1', userId: 'u1', roles: [], workspace: null, lang: 'en' };

  beforeAll(async () => {
    app = await Test.createTestingModule({
      providers: [
        ChatPeopleService,
        { provide: PORTS.db, useValue: { inTenant: (_c: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
        {
          provide: PORTS.bus,
          useValue: {
            request: async (subject: string, req: { input: { params: { id: string } } }) => {
              asked.push(`${subject} ${req.input.params.id}`);
              return answer();
            },
          },
        },
        {
          provide: ChatRepository,
          useValue: { people: async (_tx: unknown, ids: string[]) => (ids.includes('u1') ? [known] : []), upsertPerson: async () => undefined },
        },
      ],
    }).compile();
    people = app.get(ChatPeopleService);
  });
  afterAll(async () => {
    await app.close();
  });

  it('users in the projection are not asked of people', async () => {
    const got = await people.ensure(ctx, 'c1', ['U1'], 'members');
    assert.deepEqual([...got.keys()], ['u1']);
    assert.deepEqual(asked, []);
  });

  it("a user people does not find is 400 'User not found' on the field (strict), left out otherwise", async () => {
    answer = async () => {
      throw new DomainError('not_found', 'Not found');
    };
    await assert.rejects(people.ensure(ctx, 'c1', ['u9'], 'members'), (err: DomainError) => {
      assert.equal(err.kind, 'validation');
      assert.deepEqual(
        err.errors?.map((e) => [e.field, e.message]),
        [['members', 'User not found']],
      );
      return true;
    });
    assert.equal((await people.ensure(ctx, 'c1', ['u9'], 'me', false)).size, 0);
    assert.deepEqual(asked, ['people.user.get u9', 'people.user.get u9']);
  });

  it('a failing people service stays 503, strict or not (never a user not found)', async () => {
    answer = async () => {
      throw new DomainError('unavailable', 'Service unavailable');
    };
    await assert.rejects(people.ensure(ctx, 'c1', ['u8'], 'members'), (err: DomainError) => err.status === 503);
    await assert.rejects(people.ensure(ctx, 'c1', ['u8'], 'me', false), (err: DomainError) => err.status === 503);
  });
});
