import { describe, expect, it } from '@jest/globals';
import { canBuy, canManage, canSeeBalance, ownClient, shopError } from './access.ts';
import { SHOP_ERRORS } from '@intranet/shop-contract';

const admin = { userId: 'a', roles: ['admin'], admin: true };
const employee = { userId: 'e', roles: ['employee', 'shop'], admin: false };
const superadmin = { userId: 's', roles: ['superadmin'], admin: true };

describe('shop can-rules (§6)', () => {
  it('admins and shop managers manage; employees do not', () => {
    expect(canManage(admin, [])).toBe(true);
    expect(canManage(employee, [])).toBe(false);
    expect(canManage(employee, ['e'])).toBe(true);
  });
  it('a superadmin cannot buy, an employee can', () => {
    expect(canBuy(superadmin)).toBe(false);
    expect(canBuy(employee)).toBe(true);
  });
  it('a balance is its owner’s or a manager’s to see', () => {
    expect(canSeeBalance(employee, [], 'e')).toBe(true);
    expect(canSeeBalance(employee, [], 'x')).toBe(false);
    expect(canSeeBalance(admin, [], 'x')).toBe(true);
  });
  it('another client in the path is 404', () => {
    expect(() => ownClient('b', { clientId: 'a' })).toThrow(expect.objectContaining({ status: 404 }));
  });
  it('refusals keep their codes and kinds', () => {
    const e = shopError(SHOP_ERRORS.shopNotEnoughCoins);
    expect([e.status, e.code, e.message]).toEqual([409, 'shopNotEnoughCoins', 'Not enough coins']);
  });
});
