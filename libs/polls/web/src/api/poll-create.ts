import { pollsRoutes } from '@intranet/polls-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/poll (§7 Polls, §5 Poll): creates and publishes a poll. Silent: the form shows the §5 field errors. */
export const createPoll = (body: z.input<typeof pollsRoutes.pollCreate.body>) => call(pollsRoutes.pollCreate, { body, silent: true });
