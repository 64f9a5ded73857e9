import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** PUT api/clients/{client_id}/settings/admins/lms: replace the LMS administrators (client administrators). */
export const setLmsAdmins = (clientId: string, admins: string[]) =>
  call(lmsRoutes.adminsSet, { params: { client_id: clientId }, body: { admins }, silent: true });
