import { peopleRoutes, type GRANTABLE_ROLES } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** PUT /api/user/{userId}/role/{role} (§7 Users, §6): the user with the role added. */
export const addRole = (userId: string, role: (typeof GRANTABLE_ROLES)[number]) => call(peopleRoutes.roleAdd, { params: { userId, role }, silent: true });
