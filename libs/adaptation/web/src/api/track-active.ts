import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** PUT api/adaptation/active (HR): start or stop a track; 409 when it contains errors or has no steps. */
export const setTrackActive = (body: { track_id: string; active: boolean }) => call(adaptationRoutes.trackActive, { body, silent: true });
/** Starts or stops a track. */
export const useTrackActive = () => useTrackMutation(setTrackActive);
