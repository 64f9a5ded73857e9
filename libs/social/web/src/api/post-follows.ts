import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { FIRST_PAGE, nextParam } from './feed-page.ts';
import { socialKeys } from './keys.ts';

/** GET api/post/follows/{id} (§7 Posts): posts of the people the user follows (the wall's "Following" tab). */
export const postFollowsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.follows(userId),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postFollows, { params: { id: userId }, query: { page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
/** The "Following" tab's feed, asked once the tab is open. */
export const useFollowsFeed = (userId: string | null, enabled = true) =>
  useInfiniteQuery({ ...postFollowsQueryOptions(userId ?? ''), enabled: !!userId && enabled });
