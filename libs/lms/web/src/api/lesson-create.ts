import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/lesson: a lesson at the end of a course (the server sanitises its rich text). */
export const createLesson = (body: z.input<typeof lmsRoutes.lessonCreate.body>) => call(lmsRoutes.lessonCreate, { body, silent: true });
