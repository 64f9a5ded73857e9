import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** PUT /api/dept_users {dept_id, headUser} (§7 Structure, §5 Department): sets the department's head. */
export const setDeptHead = (deptId: string, headUser: string) => call(structureRoutes.deptUsersUpdate, { body: { dept_id: deptId, headUser }, silent: true });
