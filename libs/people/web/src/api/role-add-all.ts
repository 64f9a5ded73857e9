import { peopleRoutes, type GRANTABLE_ROLES } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** PUT /api/clients/{clientId}/role/{role} (§7 Users, §6): adds the role to every user of the client → { updated }. */
export const addRoleToAll = (clientId: string, role: (typeof GRANTABLE_ROLES)[number]) =>
  call(peopleRoutes.roleAddAll, { params: { clientId, role }, silent: true });
