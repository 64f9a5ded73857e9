import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** PUT /api/user/undelete/{id} (§7 Users): restores a deleted employee; errors go to the error dialog. */
export const undeleteUser = (id: string) => call(peopleRoutes.userUndelete, { params: { id } });
