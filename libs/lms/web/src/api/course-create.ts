import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/course: a draft course (LMS administrators). */
export const createCourse = (body: z.input<typeof lmsRoutes.courseCreate.body>) => call(lmsRoutes.courseCreate, { body, silent: true });
