import type { RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  assertMayApprove,
  assertMayDeleteVacation,
  assertMayMoveVacation,
  assertMayUpdateUser,
  canChangeProject,
  canEditVacations,
  canReadHrFiles,
  canReadUser,
  isClientHrUpload,
  isEmployeeExport,
  needsChiefCheck,
  structureClient,
  targetClient,
  vacationRights,
} from './access.ts';

const ctx = (userId: string | null, roles: string[] = ['employee'], clientId: string | null = 'c1'): RequestContext => ({
  clientId,
  userId,
  roles,
  workspace: null,
  lang: 'en',
});

/** The DomainError `fn` throws, as { kind, message }. */
function refusal(fn: () => unknown): { kind: string; message: string } {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof DomainError, String(err));
    return { kind: err.kind, message: err.message };
  }
  assert.fail('expected a refusal');
}

describe('vacation access (§6 vacations / vacations_edit, issue 29 §1)', () => {
  it('an employee owns their vacations, edits nobody else’s and approves nothing without being the chief', () => {
    assert.deepEqual(vacationRights(ctx('ann'), 'ann', false), { own: true, editor: false, approver: false });
    assert.deepEqual(vacationRights(ctx('ann'), 'bob', false), { own: false, editor: false, approver: false });
  });

  it('the direct chief approves and deletes, without any right', () => {
    assert.deepEqual(vacationRights(ctx('chief'), 'ann', true), { own: false, editor: false, approver: true });
  });

  it('vacations_edit and administrators approve anyone’s but their own', () => {
    assert.equal(canEditVacations(ctx('m', ['employee', 'vacations_edit'])), true);
    assert.equal(canEditVacations(ctx('a', ['admin'])), true);
    assert.equal(canEditVacations(ctx('s', ['superadmin'])), true);
    assert.deepEqual(vacationRights(ctx('m', ['vacations_edit']), 'ann', false), { own: false, editor: true, approver: true });
    assert.deepEqual(vacationRights(ctx('m', ['vacations_edit']), 'm', false), { own: true, editor: true, approver: false });
  });

  it('the chief check is asked only when it decides something', () => {
    assert.equal(needsChiefCheck(ctx('ann'), 'bob'), true);
    assert.equal(needsChiefCheck(ctx('ann'), 'ann'), false);
    assert.equal(needsChiefCheck(ctx('m', ['vacations_edit']), 'bob'), false);
    assert.equal(needsChiefCheck(ctx(null), 'bob'), false);
  });

  it('approving one’s own vacation is 403 with its own text; approving without the right is 403 No access', () => {
    assert.deepEqual(
      refusal(() => assertMayApprove({ own: true, approver: false })),
      {
        kind: 'forbidden',
        message: 'You cannot approve your own vacation',
      },
    );
    assert.deepEqual(
      refusal(() => assertMayApprove({ own: false, approver: false })),
      { kind: 'no_access', message: 'No access' },
    );
    assert.doesNotThrow(() => assertMayApprove({ own: false, approver: true }));
  });

  it('new dates: the employee before the start, an editor always; a chief approves but never re-plans', () => {
    assert.doesNotThrow(() => assertMayMoveVacation({ own: true, editor: false }, false));
    assert.equal(refusal(() => assertMayMoveVacation({ own: true, editor: false }, true)).kind, 'bad_request');
    assert.doesNotThrow(() => assertMayMoveVacation({ own: false, editor: true }, true));
    assert.equal(refusal(() => assertMayMoveVacation({ own: false, editor: false }, false)).kind, 'no_access');
  });

  it('deletion: the employee before the start; an editor or the chief at any time; anyone else never', () => {
    assert.doesNotThrow(() => assertMayDeleteVacation({ own: true, editor: false, approver: false }, false));
    assert.equal(refusal(() => assertMayDeleteVacation({ own: true, editor: false, approver: false }, true)).kind, 'bad_request');
    assert.doesNotThrow(() => assertMayDeleteVacation({ own: false, editor: false, approver: true }, true));
    assert.equal(refusal(() => assertMayDeleteVacation({ own: false, editor: false, approver: false }, false)).kind, 'no_access');
  });
});

describe('the client a route acts on (§6 tenancy)', () => {
  it('an employee acts in their own client; another client’s id is 404; no client is 403', () => {
    assert.equal(targetClient(ctx('a', ['admin'])), 'c1');
    assert.equal(structureClient(ctx('a', ['admin']), 'c1'), 'c1');
    assert.equal(refusal(() => structureClient(ctx('a', ['admin']), 'c2')).kind, 'not_found');
    assert.equal(refusal(() => targetClient(ctx('a', ['admin'], null))).kind, 'forbidden');
  });

  it('the superadmin names any client; naming none outside a workspace is a field error (users) or 403 (structure)', () => {
    assert.equal(targetClient(ctx('s', ['superadmin'], null), 'c9'), 'c9');
    assert.equal(structureClient(ctx('s', ['superadmin'], 'c1'), 'c9'), 'c9');
    assert.equal(refusal(() => targetClient(ctx('s', ['superadmin'], null))).kind, 'validation');
    assert.equal(refusal(() => structureClient(ctx('s', ['superadmin'], null))).kind, 'forbidden');
  });
});

describe('users, projects and HR files (§6)', () => {
  it('a user record: one’s own, the address book right, administrators and other services', () => {
    assert.equal(canReadUser(ctx('ann'), 'ann'), true);
    assert.equal(canReadUser(ctx('ann'), 'bob'), false);
    assert.equal(canReadUser(ctx('ann', ['address']), 'bob'), true);
    assert.equal(canReadUser(ctx('a', ['admin']), 'bob'), true);
    assert.equal(canReadUser(ctx(null, ['system']), 'bob'), true);
  });

  it('profile edits: profile_edit for one’s own, the language alone without it; status and vacation days for admins', () => {
    assert.doesNotThrow(() => assertMayUpdateUser(ctx('ann'), 'ann', { lang: 'en' }));
    assert.equal(refusal(() => assertMayUpdateUser(ctx('ann'), 'ann', { city: 'Kazan' })).kind, 'forbidden');
    assert.doesNotThrow(() => assertMayUpdateUser(ctx('ann', ['profile_edit']), 'ann', { city: 'Kazan' }));
    assert.equal(refusal(() => assertMayUpdateUser(ctx('ann', ['profile_edit']), 'ann', { vacationDays: 99 })).kind, 'forbidden');
    assert.equal(refusal(() => assertMayUpdateUser(ctx('ann', ['profile_edit']), 'bob', { city: 'Kazan' })).kind, 'forbidden');
    assert.doesNotThrow(() => assertMayUpdateUser(ctx('a', ['admin']), 'bob', { status: 'blocked' }));
    assert.deepEqual(
      refusal(() => assertMayUpdateUser(ctx('a', ['admin']), 'a', { status: 'blocked' })),
      {
        kind: 'forbidden',
        message: 'You cannot block yourself',
      },
    );
  });

  it('a project changes by its creator or an administrator', () => {
    assert.equal(canChangeProject(ctx('ann'), 'ann'), true);
    assert.equal(canChangeProject(ctx('bob'), 'ann'), false);
    assert.equal(canChangeProject(ctx('a', ['admin']), 'ann'), true);
  });

  it('HR files: the employee’s own and administrators; exports and uploads are recognised by their keys', () => {
    assert.equal(canReadHrFiles(ctx('ann'), 'ann'), true);
    assert.equal(canReadHrFiles(ctx('bob'), 'ann'), false);
    assert.equal(canReadHrFiles(ctx('a', ['admin']), 'ann'), true);
    assert.equal(isEmployeeExport('c1', 'c1/hr/exports/x/employees.xlsx'), true);
    assert.equal(isEmployeeExport('c1', 'c2/hr/exports/x/employees.xlsx'), false);
    assert.equal(isClientHrUpload('c1', 'c1/hr/abc.pdf'), true);
    assert.equal(isClientHrUpload('c1', 'c1/hr/../chat/abc.pdf'), false);
    assert.equal(isClientHrUpload('c1', 'c2/hr/abc.pdf'), false);
  });
});
