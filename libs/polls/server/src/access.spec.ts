import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { POLL_CODES } from '@intranet/polls-contract';
import type { DomainError } from '@intranet/platform-errors';
import {
  answerablePoll,
  canExportFor,
  canListFor,
  canManage,
  canSeeResults,
  isClosed,
  isPollManager,
  managedPoll,
  remindablePoll,
  resultsScope,
  visiblePoll,
  type PollWithMe,
} from './access.ts';

const AUTHOR = '00000000-0000-4000-8000-00000000000a';
const author = { userId: AUTHOR, roles: ['employee', 'poll_manager'] };
const admin = { userId: '00000000-0000-4000-8000-0000000000ad', roles: ['admin'] };
const employee = { userId: '00000000-0000-4000-8000-0000000000e1', roles: ['employee'] };

/** A poll as PollsRepository.find answers it, for `employee` (a recipient unless said otherwise). */
const poll = (over: Partial<PollWithMe> = {}): PollWithMe => ({
  id: '00000000-0000-4000-8000-000000000001',
  clientId: '00000000-0000-4000-8000-0000000000c1',
  name: 'Quarter',
  description: null,
  type: 'closed',
  questions: [],
  grants: [],
  status: 'active',
  endDate: null,
  authorId: AUTHOR,
  recipientsCount: 3,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  finishedAt: null,
  answersCount: 0,
  passedByMe: false,
  recipient: true,
  ...over,
});

/** The status and code a refusal carries. */
const refusal = (fn: () => unknown): [number, string] => {
  try {
    fn();
  } catch (e) {
    return [(e as DomainError).status, (e as DomainError).code];
  }
  throw new Error('not refused');
};

describe('polls access.ts (§6 can-rules)', () => {
  it('poll managers are the administrators and holders of poll_manager; a head alone is none', () => {
    assert.equal(isPollManager(['admin']), true);
    assert.equal(isPollManager(['superadmin']), true);
    assert.equal(isPollManager(['employee', 'poll_manager']), true);
    assert.equal(isPollManager(['employee', 'head']), false);
  });

  it('a poll is managed by its author and the administrators, nobody else', () => {
    assert.equal(canManage(poll(), author), true);
    assert.equal(canManage(poll(), admin), true);
    assert.equal(canManage(poll(), employee), false);
    assert.equal(canManage(poll({ authorId: null }), employee), false, 'an author-less poll is the admins');
  });

  it('closed at finish or after its end date (the end day itself still answers)', () => {
    assert.equal(isClosed(poll(), '2026-05-01'), false);
    assert.equal(isClosed(poll({ status: 'finished' }), '2026-05-01'), true);
    assert.equal(isClosed(poll({ endDate: '2026-05-01' }), '2026-05-01'), false);
    assert.equal(isClosed(poll({ endDate: '2026-04-30' }), '2026-05-01'), true);
  });

  it('results scope per poll type and role: all, own, anonymous; recipients of anonymous polls are told why', () => {
    assert.equal(resultsScope(poll({ type: 'opened' }), employee), 'all');
    assert.equal(resultsScope(poll({ type: 'closed' }), employee), 'own');
    assert.equal(resultsScope(poll({ type: 'closed' }), author), 'all');
    assert.equal(resultsScope(poll({ type: 'anonymous' }), admin), 'anonymous');
    assert.deepEqual(
      refusal(() => resultsScope(poll({ type: 'anonymous' }), employee)),
      [403, POLL_CODES.resultsManagersOnly],
    );
    assert.deepEqual(
      refusal(() => resultsScope(poll({ type: 'opened', recipient: false }), employee)),
      [403, 'no_access'],
    );
    assert.equal(canSeeResults(poll({ type: 'anonymous', recipient: false }), author), true);
  });

  it('opening, managing, answering and reminding: 404 absent, then the exact refusal', () => {
    assert.deepEqual(
      refusal(() => visiblePoll(undefined, employee)),
      [404, 'not_found'],
    );
    assert.deepEqual(
      refusal(() => visiblePoll(poll({ recipient: false }), employee)),
      [403, POLL_CODES.notRecipient],
    );
    assert.equal(visiblePoll(poll({ recipient: false }), admin).id, poll().id);
    assert.deepEqual(
      refusal(() => managedPoll(poll(), employee)),
      [403, 'no_access'],
    );
    assert.deepEqual(
      refusal(() => answerablePoll(poll({ recipient: false }))),
      [403, POLL_CODES.notRecipient],
    );
    assert.deepEqual(
      refusal(() => answerablePoll(poll({ status: 'finished' }))),
      [400, POLL_CODES.finished],
    );
    assert.deepEqual(
      refusal(() => answerablePoll(poll({ passedByMe: true }))),
      [409, POLL_CODES.alreadyAnswered],
    );
    assert.deepEqual(
      refusal(() => remindablePoll(poll({ type: 'anonymous' }), author)),
      [403, 'no_access'],
    );
    assert.deepEqual(
      refusal(() => remindablePoll(poll({ endDate: '2000-01-01' }), author)),
      [400, POLL_CODES.finished],
    );
  });

  it("lists and exports: the caller's own, or anyone's for an administrator", () => {
    assert.equal(canListFor(employee, employee.userId), true);
    assert.equal(canListFor(employee, AUTHOR), false);
    assert.equal(canListFor(admin, AUTHOR), true);
    assert.equal(canExportFor(employee, undefined), true);
    assert.equal(canExportFor(employee, AUTHOR), false);
    assert.equal(canExportFor(admin, AUTHOR), true);
  });
});
