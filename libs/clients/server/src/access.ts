import type { RequestContext } from '@intranet/platform-bus';
import { isAdmin } from '@intranet/platform-bus';

/**
 * The clients domain's can-rules (§6) as pure functions of the caller's context. The gateway already let only the
 * route's audience in (superadmin, admin, authenticated, public); these are the finer rules inside a route.
 */

/** The caller as the rules need it. */
export type Who = Pick<RequestContext, 'clientId' | 'roles'>;

/** The superadmin: works across clients, as the system (audited), outside row-level security. */
export const isSuperadmin = (who: Pick<RequestContext, 'roles'>) => who.roles.includes('superadmin');

/** §2: the administration data of a client (notes, tax number, HR connection) is for its administrators and the superadmin. */
export const canSeeAdminData = (who: Pick<RequestContext, 'roles'>) => isAdmin(who);

/** §7 PUT api/clients/{id}: a client's status and storage size are the superadmin's to change. */
export const canChangeStatusOrStorage = (who: Pick<RequestContext, 'roles'>) => isSuperadmin(who);

/** Issue 18 §2: a client's audit journal is read by its own administrators and the superadmin. */
export const canReadJournal = (who: Who, clientId: string) => isSuperadmin(who) || (isAdmin(who) && who.clientId === clientId);
