import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** DELETE api/lesson/{id}. */
export const deleteLesson = (id: string) => call(lmsRoutes.lessonDelete, { params: { id }, silent: true });
