import { useQuery } from '@tanstack/react-query';
import { tasksRoutes } from '@intranet/tasks-contract';
import { routeQuery } from '@intranet/web-api';
import { taskKeys } from './keys.ts';

/** GET /api/task/{id} (§7 Task tracker): a task in full, with what the caller may do (`can`). */
export const taskGetQueryOptions = (id: string) => routeQuery(taskKeys.task(id), tasksRoutes.taskGet, { params: { id } });

/** The task of the drawer (/desk/:id?task=…). */
export const useTask = (id: string) => useQuery(taskGetQueryOptions(id));
