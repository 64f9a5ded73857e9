import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/course_progress/progress/{course_id}/{user_id}: one learner's progress. */
export const progressGetQueryOptions = (courseId: string, userId: string) =>
  routeQuery(lmsKeys.progress(courseId, userId), lmsRoutes.progressGet, { params: { course_id: courseId, user_id: userId } });
export const useProgress = (courseId: string, userId: string) => useQuery(progressGetQueryOptions(courseId, userId));
