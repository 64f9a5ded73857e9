import { useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { useSession } from '@intranet/web-session';
import { chatKeys } from './keys.ts';

/** POST /api/user/filter/{workspace} (people's address book search): the first 10 colleagues matching `search`. */
export const userFilterQueryOptions = (workspace: string, search: string) =>
  routeQuery(chatKeys.people(search), peopleRoutes.userFilter, { params: { workspace }, body: { data: { search, page: 1, limit: 10 } } });

/** Colleagues matching `search` (2+ symbols; needs the `address` right), for starting chats and adding members. */
export function usePeopleSearch(search: string) {
  const { workspace, hasRight } = useSession();
  const q = search.trim();
  return useQuery({ ...userFilterQueryOptions(workspace ?? '', q), enabled: q.length >= 2 && !!workspace && hasRight('address'), staleTime: 30_000 });
}
