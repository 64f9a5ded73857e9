import { socialRoutes } from '@intranet/social-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/user/send_idea (§7 Users, §5 idea): send an idea; field errors come back as an `ApiError` (§8). */
export const sendIdea = (body: NonNullable<RouteRequest<typeof socialRoutes.ideaSend>['body']>) => call(socialRoutes.ideaSend, { body, silent: true });
