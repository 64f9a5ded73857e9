import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

type Filter = { search?: string; status?: 'draft' | 'appointed' | 'published' | 'archived' };
/** GET api/course (§7 generic module call): my courses, or the catalogue for LMS administrators. */
export const courseListQueryOptions = (f: Filter) => routeQuery(lmsKeys.courses(f), lmsRoutes.courseList, { query: { ...f } });
export const useCourses = (f: Filter) => useQuery(courseListQueryOptions(f));
