import { isAdmin, type Caller } from '@intranet/platform-bus';

/**
 * The adaptation domain's can-rules (§6) as pure functions: no I/O, the caller and the row as given. Services call
 * them and throw what they answer; access.spec.ts checks every rule.
 */

/** An item may be deleted by its author or an administrator of the client. */
export const canRemoveItem = (item: { created_by: string | null }, caller: Pick<Caller, 'userId' | 'roles'>) =>
  isAdmin(caller.roles) || (!!item.created_by && item.created_by === caller.userId);
