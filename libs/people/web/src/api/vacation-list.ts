import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { structureRoutes } from '@intranet/people-contract/structure';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/user/vacations?dept&search (§7 Users, §6 vacations): the team rows and whose vacations the caller may approve. */
export const vacationListQueryOptions = (dept: string, search: string) =>
  routeQuery(peopleKeys.vacationList(dept, search), structureRoutes.vacationList, { query: { dept: dept || undefined, search: search || undefined } });
/** The team timeline's rows, the previous ones kept while the next load. */
export const useVacations = (dept: string, search: string) => useQuery({ ...vacationListQueryOptions(dept, search), placeholderData: keepPreviousData });
