import { useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { pollKeys } from './keys.ts';

/** POST /api/user/filter (people, §7 Users): the first 8 people whose name matches `search`, for the recipients picker. */
export const peopleFilterQueryOptions = (workspace: string | null, search: string) => ({
  ...routeQuery(pollKeys.users(workspace ?? '', search), peopleRoutes.userFilter, {
    params: { workspace: workspace ?? '' },
    body: { data: { search, page: 1, limit: 8 } },
  }),
  enabled: !!workspace && search.length > 0,
});
/** People matching `search` (no query while it is empty). */
export const usePeopleSearch = (workspace: string | null, search: string) => useQuery(peopleFilterQueryOptions(workspace, search));
