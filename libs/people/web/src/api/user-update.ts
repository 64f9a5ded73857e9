import { peopleRoutes, type updateBody } from '@intranet/people-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT /api/user/{id} (§7 Users) from a form: errors are the caller's to show. The answer is the user. */
export const updateUser = (id: string, body: z.input<typeof updateBody>) => call(peopleRoutes.userUpdate, { params: { id }, body, silent: true });

/** PUT /api/user/{id} {status}: blocks or unblocks an employee (§4 Employee states); errors go to the error dialog. */
export const setUserStatus = (id: string, status: 'active' | 'blocked') => call(peopleRoutes.userUpdate, { params: { id }, body: { status } });
