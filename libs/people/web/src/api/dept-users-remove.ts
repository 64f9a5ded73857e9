import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** DELETE /api/dept_users/{dept}/{user} (§7 Structure): removes an employee from a department. */
export const removeDeptUser = (deptId: string, userId: string) =>
  call(structureRoutes.deptUsersRemove, { params: { dept: deptId, user: userId }, silent: true });
