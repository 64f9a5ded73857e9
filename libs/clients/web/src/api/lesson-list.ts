import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/lesson?course_id (§7 generic module call, module lesson): a course's lessons in order. */
export const lessonListQueryOptions = (workspace: string, courseId: string) =>
  routeQuery(clientKeys.moduleChildren(workspace, 'lesson', courseId), lmsRoutes.lessonList, { query: { course_id: courseId } });
/** A course's lessons on the "all data" tab (once a course is picked). */
export const useLessonList = (workspace: string, courseId: string | null, enabled: boolean) =>
  useQuery({ ...lessonListQueryOptions(workspace, courseId ?? ''), enabled: enabled && !!courseId });
