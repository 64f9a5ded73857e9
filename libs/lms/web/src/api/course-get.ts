import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/course/{id}: one course (404 for who may not see it). */
export const courseGetQueryOptions = (id: string) => routeQuery(lmsKeys.course(id), lmsRoutes.courseGet, { params: { id } });
export const useCourse = (id: string) => useQuery(courseGetQueryOptions(id));
