import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/course?search (learning's generic module call): the courses the caller sees, by title. */
export const courseListQueryOptions = (text: string) =>
  routeQuery(adaptationKeys.refs('course', text), lmsRoutes.courseList, { query: { search: text, page: 1, limit: 8 } });
/** Courses to point a course step to (asked once 2+ letters are typed). */
export const useCoursesFound = (text: string) => useQuery({ ...courseListQueryOptions(text), enabled: text.length >= 2 });
