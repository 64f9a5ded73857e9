import type { Caller } from '@intranet/platform-bus';
import { describe, expect, it } from '@jest/globals';
import {
  aclKey,
  assertModuleOn,
  assertSameClient,
  grantLevelOf,
  hasRight,
  levelOn,
  mayChangeTag,
  mayOpen,
  mayReadCv,
  mayReadResponses,
  viewerOf,
  workingTimeOf,
  type Reader,
} from './access.ts';

const C = '0190a000-0000-7000-8000-0000000000c1';
const U = '0190a000-0000-7000-8000-000000000001';
const V = '0190a000-0000-7000-8000-000000000002';
const caller = (roles: string[], userId = U): Caller => ({ clientId: C, userId, roles, admin: roles.includes('admin') || roles.includes('superadmin') });
const reader = (over: Partial<Reader> = {}): Reader => ({
  userId: U,
  clientId: C,
  admin: false,
  head: false,
  department: null,
  position: null,
  city: null,
  workingTime: null,
  roles: ['employee', 'knowledge_base'],
  featuresOff: [],
  acl: new Map(),
  ...over,
});
const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return (err as { kind?: string; message?: string }).kind ?? 'thrown';
  }
  return null;
};

describe('kb access rules (§6)', () => {
  it('workingTimeOf: §9 ranges by whole months on a given day', () => {
    const today = new Date('2026-06-15T00:00:00Z');
    expect(workingTimeOf(null, today)).toBeNull();
    expect(workingTimeOf('garbage', today)).toBeNull();
    expect(workingTimeOf('2026-04-01', today)).toBe('lt3m');
    expect(workingTimeOf('2026-03-15', today)).toBe('3m_1y');
    expect(workingTimeOf('2026-03-16', today)).toBe('lt3m');
    expect(workingTimeOf('2024-01-01', today)).toBe('1y_5y');
    expect(workingTimeOf('2018-01-01', today)).toBe('5y_10y');
    expect(workingTimeOf('2000-01-01', today)).toBe('10y_plus');
  });

  it('grantLevelOf: the most specific matching tier wins, none denies inside it, nothing matching gives 0', () => {
    const s = { userId: U, head: false, department: 'Sales', position: null, city: null, workingTime: null };
    expect(grantLevelOf([], s)).toBe(0);
    expect(grantLevelOf([{ target: 'all', level: 'read' }], s)).toBe(1);
    expect(
      grantLevelOf(
        [
          { target: 'all', level: 'write' },
          { target: 'department', level: 'read', value: 'sales' },
        ],
        s,
      ),
    ).toBe(1);
    expect(
      grantLevelOf(
        [
          { target: 'department', level: 'write', value: 'SALES ' },
          { target: 'department', level: 'none', value: 'Sales' },
        ],
        s,
      ),
    ).toBe(0);
    expect(
      grantLevelOf(
        [
          { target: 'manual', level: 'write', users: [U] },
          { target: 'all', level: 'none' },
        ],
        s,
      ),
    ).toBe(2);
    expect(grantLevelOf([{ target: 'head', level: 'write', value: U }], s)).toBe(0);
    expect(grantLevelOf([{ target: 'head', level: 'write', value: U }], { ...s, head: true })).toBe(2);
  });

  it('levelOn: admins write, no grants up the tree read, else the acl map', () => {
    expect(levelOn(reader({ admin: true }), { aclId: 'x' })).toBe(2);
    expect(levelOn(reader(), { aclId: null })).toBe(1);
    expect(levelOn(reader({ acl: new Map([['x', 2]]) }), { aclId: 'x' })).toBe(2);
    expect(levelOn(reader(), { aclId: 'x' })).toBe(0);
  });

  it('hasRight and mayOpen: the section right and the grants; a switched-off feature closes it to admins too', () => {
    expect(hasRight(reader(), 'knowledge_base')).toBe(true);
    expect(hasRight(reader(), 'vacancies')).toBe(false);
    expect(hasRight(reader({ admin: true, roles: ['admin'] }), 'vacancies')).toBe(true);
    expect(hasRight(reader({ admin: true, roles: ['admin'], featuresOff: ['vacancies'] }), 'vacancies')).toBe(false);
    expect(mayOpen(reader(), { section: 'kb', aclId: null }, 1)).toBe(true);
    expect(mayOpen(reader(), { section: 'kb', aclId: null }, 2)).toBe(false);
    expect(mayOpen(reader(), { section: 'vacancy', aclId: null }, 1)).toBe(false);
  });

  it('assertModuleOn: 403 for a switched-off module, except for the superadmin', () => {
    expect(refusal(() => assertModuleOn({ roles: ['admin'], featuresOff: ['knowledge_base'] }, 'kb'))).toBe('no_access');
    expect(refusal(() => assertModuleOn({ roles: ['superadmin'], featuresOff: ['knowledge_base'] }, 'kb'))).toBeNull();
    expect(refusal(() => assertModuleOn({ roles: ['admin'], featuresOff: ['knowledge_base'] }, 'other'))).toBeNull();
  });

  it("assertSameClient: another client's id is 404", () => {
    expect(refusal(() => assertSameClient(caller(['employee']), C))).toBeNull();
    expect(refusal(() => assertSameClient(caller(['employee']), V))).toBe('not_found');
  });

  it('tags, responses and CVs: who may', () => {
    expect(mayChangeTag(caller(['employee']), { authorId: U })).toBe(true);
    expect(mayChangeTag(caller(['employee']), { authorId: V })).toBe(false);
    expect(mayChangeTag(caller(['admin']), { authorId: V })).toBe(true);
    expect(mayReadResponses(reader(), { receivers: [U] })).toBe(true);
    expect(mayReadResponses(reader(), { receivers: [V] })).toBe(false);
    expect(mayReadCv(reader(), { receivers: [V] }, U)).toBe(true);
    expect(mayReadCv(reader(), { receivers: [V] }, V)).toBe(false);
  });

  it("viewerOf: admins need no attributes; the caller's own roles count for themselves, the member's for others", () => {
    const admin = viewerOf(caller(['admin', 'head']), { roles: ['admin', 'head'] }, null);
    expect(admin).toMatchObject({ userId: U, admin: true, head: true, department: null, workingTime: null });
    const member = { id: U, roles: ['admin'], department: 'Sales', position: null, city: 'Kyiv', workingSince: null };
    expect(viewerOf(caller(['employee']), { roles: ['employee'] }, member)).toMatchObject({ admin: false, department: 'Sales', roles: ['employee'] });
    const other = { ...member, id: V, roles: ['employee', 'head'] };
    expect(viewerOf(caller(['admin']), { roles: ['admin'] }, other)).toMatchObject({ userId: V, admin: false, head: true });
    expect(viewerOf(caller(['superadmin']), { roles: ['superadmin'], featuresOff: ['vacancies'] }, null).featuresOff).toEqual([]);
    expect(viewerOf(caller(['admin']), { roles: ['admin'], featuresOff: ['vacancies'] }, null).featuresOff).toEqual(['vacancies']);
  });

  it('aclKey: the attributes the grant resolution reads, and only those', () => {
    const a = reader({ department: 'Sales' });
    const otherRoles: Reader = { ...a, roles: ['other'] };
    expect(aclKey(a)).toBe(aclKey(otherRoles));
    expect(aclKey(a)).not.toBe(aclKey({ ...a, department: 'IT' }));
  });
});
