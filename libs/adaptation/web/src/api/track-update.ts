import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** PUT api/track/{id} (generic module call; HR): rename or describe a track. */
export const updateTrack = (id: string, body: z.input<typeof adaptationRoutes.trackUpdate.body>) =>
  call(adaptationRoutes.trackUpdate, { params: { id }, body, silent: true });
/** Saves the track's name and description. */
export const useUpdateTrack = (id: string) => useTrackMutation((body: z.input<typeof adaptationRoutes.trackUpdate.body>) => updateTrack(id, body));
