import { socialRoutes } from '@intranet/social-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/post (§7 Posts, §5 Posts): a post or a thank-you post; field errors come back as an `ApiError` (§8). */
export const createPost = (body: NonNullable<RouteRequest<typeof socialRoutes.postCreate>['body']>) => call(socialRoutes.postCreate, { body, silent: true });
