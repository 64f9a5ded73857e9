import { peopleRoutes } from '@intranet/people-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** People's PUT api/user/{id} (§7 Users): the profile form's save; field errors come back as an `ApiError` (§8). */
export const updateProfile = (id: string, body: NonNullable<RouteRequest<typeof peopleRoutes.userUpdate>['body']>) =>
  call(peopleRoutes.userUpdate, { params: { id }, body, silent: true });
