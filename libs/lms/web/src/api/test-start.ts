import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** POST api/tests/{course_id}/startTest/{test_id}/for/{user_id}: the running attempt or a new one (the timer survives a reload). */
export const startTest = (courseId: string, testId: string, userId: string) =>
  call(lmsRoutes.testStart, { params: { course_id: courseId, test_id: testId, user_id: userId }, silent: true });
