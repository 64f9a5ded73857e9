import { Errors } from '@intranet/platform-errors';
import type { RequestContext } from './types.ts';

/** The caller of a tenant route: a signed-in user of one client (DESIGN §5). */
export interface Caller {
  clientId: string;
  userId: string;
  roles: readonly string[];
  /** An administrator of the client, or the superadmin (§6). */
  admin: boolean;
}

/** True for the client's administrators and the superadmin (§6); takes a context or its roles. */
export function isAdmin(who: Pick<RequestContext, 'roles'> | readonly string[]): boolean {
  const roles = Array.isArray(who) ? (who as readonly string[]) : (who as Pick<RequestContext, 'roles'>).roles;
  return roles.includes('admin') || roles.includes('superadmin');
}

/**
 * The caller of a route that acts inside one client as one user. The one error policy of every domain: a context
 * without a client or a user (the superadmin outside a workspace, a system context) is refused with 403 'No
 * access' (§8) — never 404, and never a swallowed dependency failure.
 */
export function requireCaller(ctx: RequestContext): Caller {
  if (!ctx.clientId || !ctx.userId) throw Errors.noAccess();
  return { clientId: ctx.clientId, userId: ctx.userId, roles: ctx.roles, admin: isAdmin(ctx.roles) };
}

/** The client of a route that needs one but no user (system work of a client). Errors: 403 'No access'. */
export function requireClient(ctx: RequestContext): string {
  if (!ctx.clientId) throw Errors.noAccess();
  return ctx.clientId;
}
