import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/test?course_id: the tests of a course (no right marks for learners). */
export const testListQueryOptions = (courseId: string) => routeQuery(lmsKeys.tests(courseId), lmsRoutes.testList, { query: { course_id: courseId } });
export const useTests = (courseId: string) => useQuery(testListQueryOptions(courseId));
