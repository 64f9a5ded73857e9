import { pollsRoutes } from '@intranet/polls-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/poll/{id} (§7 Polls): the poll with its answers; a failure is announced by the global error listener. */
export const deletePoll = (id: string) => call(pollsRoutes.pollDelete, { params: { id } });
