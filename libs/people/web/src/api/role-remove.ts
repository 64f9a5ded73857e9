import { peopleRoutes, type GRANTABLE_ROLES } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/user/{userId}/role/{role} (§7 Users, §6): the user without the role. */
export const removeRole = (userId: string, role: (typeof GRANTABLE_ROLES)[number]) => call(peopleRoutes.roleRemove, { params: { userId, role }, silent: true });
