import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { canChangeStatusOrStorage, canReadJournal, canSeeAdminData, isSuperadmin } from './access.ts';

const ACME = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000b2';
const superadmin = { clientId: null, roles: ['superadmin'] };
const admin = { clientId: ACME, roles: ['admin'] };
const employee = { clientId: ACME, roles: ['employee'] };

describe('clients access.ts (§6 can-rules)', () => {
  it('the administration data is for administrators and the superadmin', () => {
    assert.equal(canSeeAdminData(admin), true);
    assert.equal(canSeeAdminData(superadmin), true);
    assert.equal(canSeeAdminData(employee), false);
  });

  it("a client's status and storage are the superadmin's alone", () => {
    assert.equal(isSuperadmin(superadmin), true);
    assert.equal(canChangeStatusOrStorage(superadmin), true);
    assert.equal(canChangeStatusOrStorage(admin), false);
  });

  it("the journal: the client's own administrators and the superadmin; not another client's admin, not an employee", () => {
    assert.equal(canReadJournal(admin, ACME), true);
    assert.equal(canReadJournal(superadmin, ACME), true);
    assert.equal(canReadJournal(admin, OTHER), false);
    assert.equal(canReadJournal(employee, ACME), false);
  });
});
