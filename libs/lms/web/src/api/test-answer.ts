import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';

/** POST api/tests/{test_id}/answer: one answer and/or finish; the attempt as the server computes it. */
export const answerTest = (testId: string, body: { question_id?: string; answers?: string[]; finish?: boolean }) =>
  call(lmsRoutes.testAnswer, { params: { test_id: testId }, body: { answers: [], finish: false, ...body }, silent: true });
