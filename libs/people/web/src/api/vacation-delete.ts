import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** DELETE /api/user/vacation/{user}/{id} (§5 Vacation): deletes a vacation (its days return to the remainder). */
export const deleteVacation = (userId: string, id: string) => call(structureRoutes.vacationDelete, { params: { user: userId, id }, silent: true });
