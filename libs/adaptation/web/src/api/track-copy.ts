import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** POST api/adaptation/copy/{id} (HR): a copy of a track with its stages and steps, not running. */
export const copyTrack = (id: string) => call(adaptationRoutes.trackCopy, { params: { id }, silent: true });
/** Copies a track. */
export const useCopyTrack = () => useTrackMutation(copyTrack);
