import { DomainError } from '@intranet/platform-errors';
import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { deptUsersEvent, depthOf, toDeptUsers } from './mapping.ts';
import { hrCheckReason } from './structure-load.service.ts';
import { clientLang, initialRoles } from './use-cases/new-users.ts';
import { calendarDays, checkVacationDates } from './vacations.service.ts';

/** The DomainError `fn` throws, as kind and message. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof DomainError, String(err));
    return `${err.kind}: ${err.message}`;
  }
  assert.fail('expected a refusal');
}

describe('§5 Vacation dates', () => {
  it('counts calendar days, both ends included, across months and a leap day', () => {
    assert.equal(calendarDays('2027-03-01', '2027-03-01'), 1);
    assert.equal(calendarDays('2028-02-27', '2028-03-01'), 4);
  });

  it('starts later than today, ends not before it starts, fits the remainder', () => {
    assert.equal(checkVacationDates('2027-05-02', '2027-05-15', 14, '2027-05-01'), 14);
    assert.equal(
      refusal(() => checkVacationDates('2027-05-01', '2027-05-03', 28, '2027-05-01')),
      'validation: The vacation must start later than today',
    );
    assert.equal(
      refusal(() => checkVacationDates('2027-05-05', '2027-05-03', 28, '2027-05-01')),
      'validation: The vacation cannot end before it starts',
    );
    assert.match(
      refusal(() => checkVacationDates('2027-05-02', '2027-05-16', 14, '2027-05-01')),
      /^bad_request: Not enough vacation days: 14/,
    );
  });
});

describe('HR connection check reasons (HR_CHECK_REASONS)', () => {
  it('maps the HTTP status first, then the answer, else unreachable', () => {
    assert.deepEqual(hrCheckReason({ status: 401 }), { reason: 'unauthorized', status: 401 });
    assert.deepEqual(hrCheckReason({ status: 403 }), { reason: 'unauthorized', status: 403 });
    assert.deepEqual(hrCheckReason({ status: 404 }), { reason: 'not_found', status: 404 });
    assert.deepEqual(hrCheckReason({ status: 502, reason: 'status 502' }), { reason: 'status', status: 502 });
    assert.deepEqual(hrCheckReason({ reason: 'not OData JSON' }), { reason: 'not_odata', status: null });
    assert.deepEqual(hrCheckReason({ reason: 'unreachable' }), { reason: 'unreachable', status: null });
  });
});

describe('structure mapping', () => {
  it('depth of a materialised path', () => {
    assert.equal(depthOf('/r/'), 0);
    assert.equal(depthOf('/r/a/b/'), 2);
  });

  it('a membership event lists who came, who left and the head before; an unchanged record publishes nothing', () => {
    const rec = toDeptUsers('d1', 'c1', { users: ['a', 'c'], head: 'c' });
    assert.deepEqual(deptUsersEvent(rec, 'adm', { users: ['a', 'b'], head: 'a' }, 'admin'), {
      ...rec,
      kind: 'adm',
      added: ['c'],
      removed: ['b'],
      previousHead: 'a',
      by: 'admin',
    });
    assert.equal(deptUsersEvent(rec, 'adm', { users: ['a', 'c'], head: 'c' }, 'admin'), null);
    assert.notEqual(deptUsersEvent(rec, 'adm', { users: ['a', 'c'], head: null }, undefined), null, 'a new head alone is a change');
  });
});

describe('new employees (§3 Client lang, §6 initial rights)', () => {
  it('the client language as a user language: ua is Ukrainian, unknown is Russian', () => {
    assert.equal(clientLang({ lang: 'UA' }), 'uk');
    assert.equal(clientLang({ lang: 'en' }), 'en');
    assert.equal(clientLang({ lang: 'de' }), 'ru');
  });

  it('employee, the client’s initial rights and the row’s roles, each once', () => {
    assert.deepEqual(initialRoles({ settings: { initialRights: ['address', 'news'] } } as never, ['address', 'admin']), [
      'employee',
      'address',
      'news',
      'admin',
    ]);
  });
});
