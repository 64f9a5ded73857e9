import { pollsRoutes } from '@intranet/polls-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT /api/poll/{_id} (§7 Polls, §5 Poll): edits a poll (after its first answer only name, description, end date). Silent: the form shows the errors. */
export const updatePoll = (id: string, body: z.input<typeof pollsRoutes.pollUpdate.body>) =>
  call(pollsRoutes.pollUpdate, { params: { _id: id }, body, silent: true });
