import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** PUT /api/user/delete/{id} (§7 Users): marks the employee deleted (fired); errors go to the error dialog. */
export const deleteUser = (id: string) => call(peopleRoutes.userDelete, { params: { id } });
