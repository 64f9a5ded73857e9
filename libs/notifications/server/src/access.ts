import type { Caller } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';

/**
 * The notifications domain's can-rules (§6), pure: each takes the caller (`requireCaller(ctx)`: 403 without a
 * client or user) and answers or throws 403 'No access'.
 */

/** The route names the caller's own client: its id; another client's id is refused (403, nothing read). */
export function ownClient(caller: Caller, client: string): string {
  if (client !== caller.clientId) throw Errors.noAccess();
  return caller.clientId;
}

/** Routes of one user's own notifications (feed, unread): only that user themself, in their own client. */
export function self(caller: Caller, client: string, user: string): string {
  const clientId = ownClient(caller, client);
  if (user !== caller.userId) throw Errors.noAccess();
  return clientId;
}

/** A notification is read by its recipient or an administrator of its client. */
export const canReadNotification = (caller: Caller, n: { userId: string }): boolean => n.userId === caller.userId || caller.admin;

/** A user's notification settings are read and changed by the user themself or an administrator of the client. */
export const canManageSettingsOf = (caller: Caller, userId: string): boolean => userId === caller.userId || caller.admin;

/**
 * The workspace a §7 Mailings route acts in: the caller's (`ctxWorkspace`); a route that names another one (a
 * non-empty `named` differing from it), or a caller outside any workspace, is refused (403).
 */
export function mailingWorkspace(caller: Caller, ctxWorkspace: string | null | undefined, named?: string): { clientId: string; workspace: string } {
  if (!ctxWorkspace) throw Errors.noAccess();
  if (named !== undefined && named !== '' && named !== ctxWorkspace) throw Errors.noAccess();
  return { clientId: caller.clientId, workspace: ctxWorkspace };
}
