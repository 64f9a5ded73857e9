import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { call, routeQuery } from '@intranet/web-api';
import { socialKeys, type PeopleSort } from './keys.ts';

const BY_NAME: PeopleSort = { key: 'lastName', order: 'asc' };

/** People's POST api/user/filter/{workspace} (§7 Users): one page of the address book matching `search`, by `sort`. */
export const peopleFilterQueryOptions = (workspace: string, search: string, page: number, limit: number, sort: PeopleSort = BY_NAME) =>
  routeQuery(socialKeys.people(workspace, search, page, limit, sort), peopleRoutes.userFilter, {
    params: { workspace },
    body: { data: { search: search || undefined, page, limit, sort: sort.key, order: sort.order } },
  });
/** The address book and @mention suggestions, ordered by `sort` (last name by default); the last page stays while the next loads. */
export const usePeople = (workspace: string | null, search: string, page: number, limit: number, enabled = true, sort: PeopleSort = BY_NAME) =>
  useQuery({ ...peopleFilterQueryOptions(workspace ?? '', search, page, limit, sort), enabled: !!workspace && enabled, placeholderData: keepPreviousData });

/**
 * The @mention search page by page (issue 29 §20): the whole address book searched on the server as one types, names
 * first, `limit` a page; asked from `min` typed characters.
 */
export const useMentionSearch = (workspace: string | null, search: string, limit: number, min: number) =>
  useInfiniteQuery({
    queryKey: socialKeys.mention(workspace ?? '', search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(peopleRoutes.userFilter, {
        params: { workspace: workspace! },
        body: { data: { search, page: pageParam, limit, sort: 'lastName', order: 'asc', namesFirst: true } },
        signal,
        silent: true,
      }),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: !!workspace && search.length >= min,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
