import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** POST /api/dept_users/{client}/{dept} (§7 Structure): adds employees to a department. */
export const addDeptUsers = (clientId: string, deptId: string, users: string[]) =>
  call(structureRoutes.deptUsersAdd, { params: { client: clientId, dept: deptId }, body: { users }, silent: true });
