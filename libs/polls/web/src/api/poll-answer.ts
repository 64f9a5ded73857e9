import { pollsRoutes } from '@intranet/polls-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/poll/{_id}/answer (§5 Poll): the caller's one answer sheet. Silent: the form shows each question's error. */
export const answerPoll = (id: string, body: z.input<typeof pollsRoutes.pollAnswer.body>) =>
  call(pollsRoutes.pollAnswer, { params: { _id: id }, body, silent: true });
