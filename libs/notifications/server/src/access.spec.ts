import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Caller } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { canManageSettingsOf, canReadNotification, mailingWorkspace, ownClient, self } from './access.ts';

const C = 'client-1';
const employee: Caller = { clientId: C, userId: 'u1', roles: ['employee'], admin: false };
const admin: Caller = { clientId: C, userId: 'a1', roles: ['admin'], admin: true };
const noAccess = (fn: () => unknown) => assert.throws(fn, (e: unknown) => e instanceof DomainError && e.kind === 'no_access');

describe('notifications can-rules (access.ts, §6)', () => {
  it('a route naming a client is for that client’s callers only', () => {
    assert.equal(ownClient(employee, C), C);
    noAccess(() => ownClient(admin, 'client-2'));
  });

  it('one’s feed and unread count are one’s own, an administrator’s included', () => {
    assert.equal(self(employee, C, 'u1'), C);
    noAccess(() => self(admin, C, 'u1'));
    noAccess(() => self(employee, 'client-2', 'u1'));
  });

  it('a notification is read by its recipient or an administrator of its client', () => {
    assert.equal(canReadNotification(employee, { userId: 'u1' }), true);
    assert.equal(canReadNotification(employee, { userId: 'u2' }), false);
    assert.equal(canReadNotification(admin, { userId: 'u2' }), true);
  });

  it('settings: oneself, or an administrator for another', () => {
    assert.equal(canManageSettingsOf(employee, 'u1'), true);
    assert.equal(canManageSettingsOf(employee, 'u2'), false);
    assert.equal(canManageSettingsOf(admin, 'u2'), true);
  });

  it('mailings act in the caller’s workspace: another named one, or none, is refused', () => {
    assert.deepEqual(mailingWorkspace(admin, 'acme'), { clientId: C, workspace: 'acme' });
    assert.deepEqual(mailingWorkspace(admin, 'acme', ''), { clientId: C, workspace: 'acme' });
    assert.deepEqual(mailingWorkspace(admin, 'acme', 'acme'), { clientId: C, workspace: 'acme' });
    noAccess(() => mailingWorkspace(admin, 'acme', 'other'));
    noAccess(() => mailingWorkspace(admin, null));
  });
});
