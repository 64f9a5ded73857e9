import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/course?page (§7 generic module call, module course): the workspace's courses the caller sees. */
export const courseListQueryOptions = (workspace: string, page: number, limit = 20) =>
  routeQuery([...clientKeys.moduleList(workspace, 'course', page), limit], lmsRoutes.courseList, { query: { page, limit } });
/** Courses on the "all data" tab (and its course picker: `limit` 100). */
export const useCourseList = (workspace: string, page: number, enabled: boolean, limit = 20) =>
  useQuery({ ...courseListQueryOptions(workspace, page, limit), enabled });
