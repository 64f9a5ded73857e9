import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { Module, type INestApplicationContext, type Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { POLL_CODES, type Question } from '@intranet/polls-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { PollWithMe } from './access.ts';
import { AnswersService, checkAnswers } from './answers.service.ts';
import { PollsRepository } from './polls.repository.ts';

const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const USER = '00000000-0000-4000-8000-0000000000e1';
const ctx: RequestContext = { clientId: CLIENT, userId: USER, roles: ['employee'], workspace: 'acme', lang: 'en' };

const questions: Question[] = [
  { _id: 'name', text: 'Name', mandatory: true, kind: 'short', range: null, answers: [] },
  { _id: 'rate', text: 'Rate', mandatory: true, kind: 'range', range: 5, answers: [] },
  {
    _id: 'office',
    text: 'Office',
    mandatory: false,
    kind: 'single',
    range: null,
    answers: [
      { _id: 'kyiv', text: 'Kyiv' },
      { _id: 'lviv', text: 'Lviv' },
    ],
  },
  {
    _id: 'tools',
    text: 'Tools',
    mandatory: false,
    kind: 'multiple',
    range: null,
    answers: [
      { _id: 'jira', text: 'Jira' },
      { _id: 'xls', text: 'Excel' },
    ],
  },
];

const poll = (over: Partial<PollWithMe> = {}): PollWithMe => ({
  id: '00000000-0000-4000-8000-000000000001',
  clientId: CLIENT,
  name: 'Quarter',
  description: null,
  type: 'opened',
  questions,
  grants: [],
  status: 'active',
  endDate: null,
  authorId: null,
  recipientsCount: 3,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  finishedAt: null,
  answersCount: 1,
  passedByMe: false,
  recipient: true,
  ...over,
});

/** The field errors (or status and code) an answer is refused with. */
async function refusal(p: Promise<unknown> | (() => unknown)): Promise<{ status: number; code: string; fields: string[] }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    const err = e as DomainError;
    return { status: err.status, code: err.code, fields: (err.errors ?? []).map((f) => `${f.field}:${f.code}`) };
  }
  throw new Error('not refused');
}

describe('checkAnswers (§5 answer rules)', () => {
  it('keeps the valid values: trimmed texts, numeric range strings, option ids in the question order; empty optional answers dropped', () => {
    assert.deepEqual(checkAnswers(questions, { name: ' Anna ', rate: '4', office: null, tools: ['xls', 'jira', 'xls'] }), {
      name: 'Anna',
      rate: 4,
      tools: ['jira', 'xls'],
    });
  });

  it('lists every problem with its code: mandatory, out of range (with the range), not an option, too long', async () => {
    const r = await refusal(() => checkAnswers(questions, { name: '  ', rate: 6, office: 'paris', tools: ['jira', 'nope'] }));
    assert.equal(r.status, 400);
    assert.deepEqual(r.fields, [
      `answers.name:${POLL_CODES.mandatoryAnswer}`,
      `answers.rate:${POLL_CODES.outOfRange}`,
      `answers.office:${POLL_CODES.notAnOption}`,
      `answers.tools:${POLL_CODES.notAnOption}`,
    ]);
    const long = await refusal(() => checkAnswers(questions, { name: 'x'.repeat(501), rate: 1 }));
    assert.deepEqual(long.fields, ['answers.name:tooLong']);
  });
});

/**
 * AnswersService through Nest's dependency injection, the repository and the ports replaced by in-memory fakes
 * (the Test.createTestingModule pattern of @nestjs/testing, written with NestFactory.createApplicationContext).
 */
describe('AnswersService.answer (Nest DI, fake repository)', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** The service over a repository whose poll is `p`; what it stored and published is recorded. */
  async function serviceWith(p: PollWithMe | undefined, opts: { alreadyPassed?: boolean } = {}) {
    const stored: Record<string, unknown>[] = [];
    const events: string[] = [];
    const repo: Partial<PollsRepository> = {
      find: async () => p,
      markPassed: async () => !opts.alreadyPassed,
      insertAnswer: async (_tx, row) => {
        stored.push(row);
      },
      countPassed: async () => 2,
    };
    const providers: Provider[] = [
      AnswersService,
      { provide: PollsRepository, useValue: repo },
      { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
      { provide: PORTS.outbox, useValue: { add: async (_tx: unknown, def: { subject: string }) => events.push(def.subject) } },
    ];
    @Module({ providers })
    class AnswersTestModule {}
    app = await NestFactory.createApplicationContext(AnswersTestModule, { logger: false });
    return { svc: app.get(AnswersService), stored, events };
  }
  const input = (answers: Record<string, unknown>) => ({ params: { _id: poll().id }, query: {}, body: { answers } }) as Parameters<AnswersService['answer']>[0];
  const valid = { name: 'Anna', rate: 3 };

  it('a personal answer keeps the user and the time, answers with its key and publishes answered and results.changed', async () => {
    const { svc, stored, events } = await serviceWith(poll());
    const out = await svc.answer(input(valid), ctx);
    assert.equal(out.passed, true);
    assert.equal(out.answersCount, 2);
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.userId, USER);
    assert.ok(stored[0]!.answeredAt instanceof Date);
    assert.equal(out._id, stored[0]!.id);
    assert.deepEqual(events, ['evt.polls.poll.answered', 'evt.polls.results.changed']);
  });

  it('an anonymous answer keeps no user and no time finer than the day, and its key is not given back', async () => {
    const { svc, stored } = await serviceWith(poll({ type: 'anonymous' }));
    const out = await svc.answer(input(valid), ctx);
    assert.equal(stored[0]!.userId, null);
    assert.equal(stored[0]!.answeredAt, null);
    assert.match(String(stored[0]!.day), /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(out._id, poll().id);
  });

  it('refuses with the one status each case means, storing nothing', async () => {
    const cases: [PollWithMe | undefined, { alreadyPassed?: boolean }, number, string][] = [
      [undefined, {}, 404, 'not_found'],
      [poll({ recipient: false }), {}, 403, POLL_CODES.notRecipient],
      [poll({ status: 'finished' }), {}, 400, POLL_CODES.finished],
      [poll({ passedByMe: true }), {}, 409, POLL_CODES.alreadyAnswered],
      // A second answer racing the first: the primary key of "passed" refuses it.
      [poll(), { alreadyPassed: true }, 409, POLL_CODES.alreadyAnswered],
    ];
    for (const [p, opts, status, code] of cases) {
      const { svc, stored } = await serviceWith(p, opts);
      const r = await refusal(svc.answer(input(valid), ctx));
      assert.deepEqual([r.status, r.code], [status, code], JSON.stringify(p && { recipient: p.recipient, status: p.status, passed: p.passedByMe }));
      assert.equal(stored.length, 0);
      await app?.close();
      app = undefined;
    }
  });

  it('a context without a user (the superadmin outside a workspace) is refused 403 No access', async () => {
    const { svc } = await serviceWith(poll());
    const r = await refusal(svc.answer(input(valid), { ...ctx, userId: null }));
    assert.deepEqual([r.status, r.code], [403, 'no_access']);
  });
});
