import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { taskKeys } from './keys.ts';

/** GET /api/post?parent_type=task&parent_id (§3 Comment, stored by the wall): a task's comments, newest first. */
export const postQueryQueryOptions = (taskId: string) =>
  routeQuery(taskKeys.comments(taskId), socialRoutes.postQuery, { query: { parent_type: 'task', parent_id: taskId, limit: 100 } });

/** The comments of a task (at most 100, newest first). */
export const useTaskComments = (taskId: string) => useQuery(postQueryQueryOptions(taskId));
