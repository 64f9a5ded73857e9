import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/lesson/{id} (§7 generic module call, module lesson): one lesson. */
export const lessonGetQueryOptions = (workspace: string, id: string) =>
  routeQuery(clientKeys.moduleRecord(workspace, 'lesson', id), lmsRoutes.lessonGet, { params: { id } });
/** One lesson's record on the "all data" tab. */
export const useLesson = (workspace: string, id: string | null) => useQuery({ ...lessonGetQueryOptions(workspace, id ?? ''), enabled: !!id });
