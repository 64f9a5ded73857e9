import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { FIRST_PAGE, nextParam } from './feed-page.ts';
import { socialKeys } from './keys.ts';

/** GET api/post/group/user/{id} (§7 Posts): posts of the user's groups. */
export const postGroupUserQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.myGroupsFeed(userId),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postGroupUser, { params: { id: userId }, query: { page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
/** Posts of my groups (the groups widget). */
export const useMyGroupsFeed = (userId: string | null, enabled = true) =>
  useInfiniteQuery({ ...postGroupUserQueryOptions(userId ?? ''), enabled: !!userId && enabled });
