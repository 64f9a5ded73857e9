import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/unfollow (§7 Follow): stop following a colleague. */
export const unfollowUser = (userId: string) => call(socialRoutes.followRemove, { body: { user_id: userId } });
