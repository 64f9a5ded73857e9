import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';

/** People's POST api/user/filter/{workspace} (§7 Users): the first 10 people matching `search`, by last name. */
export const peopleFilterQueryOptions = (workspace: string, search: string) =>
  routeQuery(calendarKeys.people(workspace, search), peopleRoutes.userFilter, {
    params: { workspace },
    body: { data: { search, page: 1, limit: 10, sort: 'lastName', order: 'asc' } },
  });

/** The members picker's suggestions: asked from 2 typed characters; the last answer stays while the next loads. */
export const useMemberSearch = (workspace: string | null, search: string) =>
  useQuery({ ...peopleFilterQueryOptions(workspace ?? '', search), enabled: !!workspace && search.length >= 2, placeholderData: keepPreviousData });
