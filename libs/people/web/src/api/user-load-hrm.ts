import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** POST /api/user/load_hrm (§7 Users, §5 HR integration): loads the employees from the HR system; the answer is the report. */
export const loadEmployeesFromHr = (clientId: string, importId: string) =>
  call(peopleRoutes.userLoadHrm, { body: { client_id: clientId, importId }, silent: true });
