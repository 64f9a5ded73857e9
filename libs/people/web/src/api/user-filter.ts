import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys, type FilterState } from './keys.ts';

/** POST /api/user/filter/{workspace} {data:{search,page,limit,sort,order,deleted}} (§7 Users) → {users,total,page,limit}. */
export const userFilterQueryOptions = (workspace: string, f: FilterState) =>
  routeQuery(peopleKeys.filter(workspace, f), peopleRoutes.userFilter, {
    params: { workspace },
    body: { data: { search: f.search || undefined, page: f.page, limit: f.limit, sort: f.sort, order: f.order, deleted: f.deleted } },
  });

/** One page of the employee list (nothing without a workspace), the previous page kept while the next loads. */
export const useEmployees = (workspace: string | null, f: FilterState) =>
  useQuery({ ...userFilterQueryOptions(workspace ?? '', f), enabled: !!workspace, placeholderData: keepPreviousData });

/** The HR data panel's employees: the first 200 matching `search` (POST /api/user/filter/{workspace}). */
export const hrEmployeesQueryOptions = (workspace: string, search: string) =>
  routeQuery(peopleKeys.hrEmployees(workspace, search), peopleRoutes.userFilter, {
    params: { workspace },
    body: { data: { search: search || undefined, limit: 200 } },
  });

/** The HR data panel's employee list. */
export const useHrEmployees = (workspace: string, search: string) => useQuery(hrEmployeesQueryOptions(workspace, search));
