import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { FIRST_PAGE, nextParam } from './feed-page.ts';
import { socialKeys } from './keys.ts';

/** GET api/post/news/{clientId}/{page} (§7 Posts): the company feed, 20 a page, newest first. */
export const postNewsQueryOptions = (clientId: string) =>
  infiniteQueryOptions({
    queryKey: socialKeys.news(clientId),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(socialRoutes.postNews, { params: { clientId, page: pageParam.page }, query: { before: pageParam.before }, signal, silent: true }),
    getNextPageParam: nextParam,
  });
/** The company feed; "more" loads the next page. */
export const useNewsFeed = (clientId: string | null) => useInfiniteQuery({ ...postNewsQueryOptions(clientId ?? ''), enabled: !!clientId });
