import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/course?page (§7 generic module call, module course): the workspace's courses the caller sees. */
export const courseListQueryOptions = (workspace: string, page: number) =>
  routeQuery(clientKeys.moduleList(workspace, 'course', page), lmsRoutes.courseList, { query: { page, limit: 20 } });
/** Courses on the "all data" tab. */
export const useCourseList = (workspace: string, page: number, enabled: boolean) => useQuery({ ...courseListQueryOptions(workspace, page), enabled });
