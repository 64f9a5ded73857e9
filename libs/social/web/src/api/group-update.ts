import { socialRoutes } from '@intranet/social-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/group/{id} (§7 Groups, §5 Group): edit name, description, type or cover (group admins). */
export const updateGroup = (id: string, body: NonNullable<RouteRequest<typeof socialRoutes.groupUpdate>['body']>) =>
  call(socialRoutes.groupUpdate, { params: { id }, body, silent: true });
