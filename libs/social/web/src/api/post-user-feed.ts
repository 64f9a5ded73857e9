import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { FIRST_PAGE, nextParam } from './feed-page.ts';
import { socialKeys } from './keys.ts';

/** GET api/post/user_feed/{userId}/{page} (§7 Posts, §7 Follow): a profile's feed; every page says whether I follow them and their follower count. */
export const postUserFeedQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.userFeed(userId),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postUserFeed, { params: { userId, page: pageParam.page }, query: { before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
/** A profile's feed with the follow state. */
export const useUserFeed = (userId: string) => useInfiniteQuery(postUserFeedQueryOptions(userId));
