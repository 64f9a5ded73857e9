import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** PUT api/adaptation/track/{track}/stage (HR): rename a stage. */
export const updateStage = (track: string, body: { _id: string; name: string }) =>
  call(adaptationRoutes.stageUpdate, { params: { track }, body, silent: true });
/** Renames a stage. */
export const useUpdateStage = (track: string) => useTrackMutation((body: { _id: string; name: string }) => updateStage(track, body));
