import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** POST api/track (generic module call; HR): a new track, not running; 400 'Track name is required'. */
export const createTrack = (body: z.input<typeof adaptationRoutes.trackCreate.body>) => call(adaptationRoutes.trackCreate, { body, silent: true });
/** Creates a track, caches it and refreshes the list. */
export const useCreateTrack = () => useTrackMutation(createTrack);
