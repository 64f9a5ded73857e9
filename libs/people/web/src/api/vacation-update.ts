import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** PUT /api/user/vacation/{id} {planned: false} (§5 Vacation): approves a colleague's vacation. */
export const approveVacation = (id: string) => call(structureRoutes.vacationUpdate, { params: { id }, body: { planned: false }, silent: true });
