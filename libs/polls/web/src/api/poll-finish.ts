import { pollsRoutes } from '@intranet/polls-contract';
import { call } from '@intranet/web-api';

/** PUT /api/poll/{_id}/finish (§7 Polls): no more answers; a failure is announced by the global error listener. */
export const finishPoll = (id: string) => call(pollsRoutes.pollFinish, { params: { _id: id } });
