import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/lesson/{id}: one lesson (who sees its course). */
export const lessonGetQueryOptions = (id: string) => routeQuery(lmsKeys.lesson(id), lmsRoutes.lessonGet, { params: { id } });
export const useLesson = (id: string, enabled = true) => useQuery({ ...lessonGetQueryOptions(id), enabled });
