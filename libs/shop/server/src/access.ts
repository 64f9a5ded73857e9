import type { Caller } from '@intranet/platform-bus';
import { DomainError, Errors } from '@intranet/platform-errors';
import { SHOP_ERRORS } from '@intranet/shop-contract';

type Who = Pick<Caller, 'userId' | 'roles' | 'admin'>;

/** §6: administrators (the superadmin too) and the client's shop managers manage items, achievements and accruals. */
export const canManage = (who: Who, managers: readonly string[]) => who.admin || managers.includes(who.userId);

/** §6 superadmin cannot buy. */
export const canBuy = (who: Pick<Caller, 'roles'>) => !who.roles.includes('superadmin');

/** A balance is seen by its owner and by whoever manages the shop. */
export const canSeeBalance = (who: Who, managers: readonly string[], userId: string) => who.userId === userId || canManage(who, managers);

/** A path's client must be the caller's: another client's is answered 404 (nothing of that id here). */
export function ownClient(param: string, caller: Pick<Caller, 'clientId'>): void {
  if (param !== caller.clientId) throw Errors.notFound();
}

/** Errors: 403 'No access' unless the caller manages the shop. */
export function requireManager(who: Who, managers: readonly string[]): void {
  if (!canManage(who, managers)) throw Errors.noAccess();
}

/** A shop refusal with its contract code kept for every kind (409s included). */
export function shopError(def: (typeof SHOP_ERRORS)[keyof typeof SHOP_ERRORS]): DomainError {
  return new DomainError(def.kind ?? 'bad_request', def.text, { code: def.code });
}
