import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/lesson/{id}: edit a lesson. */
export const updateLesson = (id: string, body: z.input<typeof lmsRoutes.lessonUpdate.body>) =>
  call(lmsRoutes.lessonUpdate, { params: { id }, body, silent: true });
