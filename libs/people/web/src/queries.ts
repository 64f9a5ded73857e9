import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** Sort columns accepted by POST /api/user/filter/{workspace}. */
export type SortKey = 'lastName' | 'firstName' | 'email' | 'position' | 'department' | 'city' | 'created';

export interface FilterState {
  search: string;
  page: number;
  limit: number;
  sort: SortKey;
  order: 'asc' | 'desc';
  deleted: boolean;
}

/** Query keys of this module (invalidate `peopleKeys.all` after any change to users). */
export const peopleKeys = {
  all: ['people'] as const,
  filter: (workspace: string, f: FilterState) => ['people', 'filter', workspace, f] as const,
};

/** POST /api/user/filter/{workspace} {data:{search,page,limit,sort,order,deleted}} → {users,total,page,limit}. */
export function useEmployees(workspace: string | null, f: FilterState) {
  return useQuery({
    queryKey: peopleKeys.filter(workspace ?? '', f),
    queryFn: ({ signal }) =>
      call(peopleRoutes.userFilter, {
        params: { workspace: workspace! },
        body: { data: { search: f.search || undefined, page: f.page, limit: f.limit, sort: f.sort, order: f.order, deleted: f.deleted } },
        signal,
        silent: true,
      }),
    enabled: !!workspace,
    placeholderData: keepPreviousData,
  });
}
