import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** PUT /api/dept_users/clear_chief/{id} (§7 Structure): clears the department's head. */
export const clearDeptHead = (deptId: string) => call(structureRoutes.deptUsersClearChief, { params: { id: deptId }, silent: true });
