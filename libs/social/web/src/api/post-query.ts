import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { FIRST_PAGE, nextParam } from './feed-page.ts';
import { socialKeys } from './keys.ts';

/** GET api/post?type=thanks&mention={id} (§3, §7 Posts): the thank-you posts that thank this person (shown on the profile). */
export const postQueryQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.thanksTo(userId),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postQuery, { query: { type: 'thanks', mention: userId, page: pageParam.page, before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
/** The profile's "thanks" tab, asked once the tab is open. */
export const useThanksTo = (userId: string, enabled = true) => useInfiniteQuery({ ...postQueryQueryOptions(userId), enabled });
