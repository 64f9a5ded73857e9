import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/test?course_id (§7 generic module call, module test): a course's tests. */
export const testListQueryOptions = (workspace: string, courseId: string) =>
  routeQuery(clientKeys.moduleChildren(workspace, 'test', courseId), lmsRoutes.testList, { query: { course_id: courseId } });
/** A course's tests on the "all data" tab (once a course is picked). */
export const useTestList = (workspace: string, courseId: string | null, enabled: boolean) =>
  useQuery({ ...testListQueryOptions(workspace, courseId ?? ''), enabled: enabled && !!courseId });
