import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tasksRoutes } from '@intranet/tasks-contract';
import { routeQuery } from '@intranet/web-api';
import { taskKeys } from './keys.ts';

/** "My tasks" filters: performer or co-performer, observer, creator. */
export type MyTasksFilter = 'mine' | 'observed' | 'created';

/** GET /api/task?filter&page&limit (§7 generic module call `task`): the caller's tasks across boards. */
export const taskListQueryOptions = (filter: MyTasksFilter, page: number, limit: number) =>
  routeQuery(taskKeys.myTasks(), tasksRoutes.taskList, { query: { filter, page, limit } });

/** One page of the caller's tasks; the previous page stays shown while the next one loads. */
export const useMyTasks = (filter: MyTasksFilter, page: number, limit: number) =>
  useQuery({ ...taskListQueryOptions(filter, page, limit), placeholderData: keepPreviousData });
