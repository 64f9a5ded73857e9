import { socialRoutes } from '@intranet/social-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/group/ (§7 Groups, §5 Group): create a group, the caller its owner; field errors come back as an `ApiError` (§8). */
export const createGroup = (body: NonNullable<RouteRequest<typeof socialRoutes.groupCreate>['body']>) => call(socialRoutes.groupCreate, { body, silent: true });
