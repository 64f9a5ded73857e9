import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** DELETE api/course/{id}: the course with its lessons, tests and progress (LMS administrators). */
export const deleteCourse = (id: string) => call(lmsRoutes.courseDelete, { params: { id }, silent: true });
