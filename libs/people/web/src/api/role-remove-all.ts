import { peopleRoutes, type GRANTABLE_ROLES } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/clients/{clientId}/role/{role} (§7 Users, §6): removes the role from every user of the client → { updated }. */
export const removeRoleFromAll = (clientId: string, role: (typeof GRANTABLE_ROLES)[number]) =>
  call(peopleRoutes.roleRemoveAll, { params: { clientId, role }, silent: true });
