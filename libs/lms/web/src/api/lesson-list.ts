import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/lesson?course_id: the lessons in order with the caller's learned marks. */
export const lessonListQueryOptions = (courseId: string) => routeQuery(lmsKeys.lessons(courseId), lmsRoutes.lessonList, { query: { course_id: courseId } });
export const useLessons = (courseId: string) => useQuery(lessonListQueryOptions(courseId));
