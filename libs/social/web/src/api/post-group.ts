import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { FIRST_PAGE, nextParam } from './feed-page.ts';
import { socialKeys } from './keys.ts';

/** GET api/post/group/{id} (§7 Posts, §7 Groups): a group's feed, 20 a page (403/404 to those who may not read it). */
export const postGroupQueryOptions = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.groupFeed(groupId),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postGroup, { params: { id: groupId }, query: { page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
/** A group's feed, asked when the caller may read it. */
export const useGroupFeed = (groupId: string, enabled = true) => useInfiniteQuery({ ...postGroupQueryOptions(groupId), enabled: !!groupId && enabled });
