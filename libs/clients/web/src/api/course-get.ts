import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/course/{id} (§7 generic module call, module course): one course. */
export const courseGetQueryOptions = (workspace: string, id: string) =>
  routeQuery(clientKeys.moduleRecord(workspace, 'course', id), lmsRoutes.courseGet, { params: { id } });
/** One course's record on the "all data" tab. */
export const useCourse = (workspace: string, id: string | null) => useQuery({ ...courseGetQueryOptions(workspace, id ?? ''), enabled: !!id });
