import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { mayListRequestsOf, mayPass, maySeeRequest, mayStart, needsDepartment } from './access.ts';

const me = { userId: 'u1', admin: false };
const admin = { userId: 'a1', admin: true };
const closed = { forAll: false, users: [] as string[], departments: [] as string[] };

describe('bp access rules (§6 services right, §5 Service access, §4 requests)', () => {
  it('mayStart: administrators and services for all; else named people or departments (case and spaces ignored)', () => {
    assert.equal(mayStart({ ...closed, forAll: true }, me, null), true);
    assert.equal(mayStart(closed, admin, null), true);
    assert.equal(mayStart(closed, me, 'Sales'), false);
    assert.equal(mayStart({ ...closed, users: ['u1'] }, me, null), true);
    assert.equal(mayStart({ ...closed, departments: [' sales '] }, me, 'SALES'), true);
    assert.equal(mayStart({ ...closed, departments: ['sales'] }, me, '  '), false);
    assert.equal(mayStart({ ...closed, departments: ['sales'] }, me, undefined), false);
  });

  it('needsDepartment: only an employee facing a service that is not for all', () => {
    assert.equal(needsDepartment([{ forAll: true }], me), false);
    assert.equal(needsDepartment([{ forAll: true }, { forAll: false }], me), true);
    assert.equal(needsDepartment([{ forAll: false }], admin), false);
  });

  it('maySeeRequest: initiator, anyone assigned, administrators', () => {
    const r = { initiatorId: 'u2', participants: ['u3'] };
    assert.equal(maySeeRequest(r, me), false);
    assert.equal(maySeeRequest(r, admin), true);
    assert.equal(maySeeRequest({ ...r, initiatorId: 'u1' }, me), true);
    assert.equal(maySeeRequest({ ...r, participants: ['u1'] }, me), true);
  });

  it('mayPass: a current performer of an active request only', () => {
    assert.equal(mayPass({ status: 'active', currentPerformers: ['u1'] }, 'u1'), true);
    assert.equal(mayPass({ status: 'finished', currentPerformers: ['u1'] }, 'u1'), false);
    assert.equal(mayPass({ status: 'active', currentPerformers: ['u2'] }, 'u1'), false);
    assert.equal(mayPass({ status: 'active', currentPerformers: ['u1'] }, null), false);
  });

  it("mayListRequestsOf: one's own list, anyone's for an administrator", () => {
    assert.equal(mayListRequestsOf('u1', me), true);
    assert.equal(mayListRequestsOf('u2', me), false);
    assert.equal(mayListRequestsOf('u2', admin), true);
  });
});
