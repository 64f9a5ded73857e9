import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tasksRoutes, type DESK_FILTERS } from '@intranet/tasks-contract';
import { routeQuery } from '@intranet/web-api';
import { taskKeys } from './keys.ts';

/** Board list filters of /task-tracker/ (the contract's DESK_FILTERS). */
export type DeskFilter = (typeof DESK_FILTERS)[number];

/** GET /api/desk?filter&page&limit (§7 generic module call `desk`): the caller's boards, newest first. */
export const deskListQueryOptions = (filter: DeskFilter, page: number, limit: number) =>
  routeQuery(taskKeys.desks(), tasksRoutes.deskList, { query: { filter, page, limit } });

/** One page of the caller's boards; the previous page stays shown while the next one loads. */
export const useDesks = (filter: DeskFilter, page: number, limit: number) =>
  useQuery({ ...deskListQueryOptions(filter, page, limit), placeholderData: keepPreviousData });
