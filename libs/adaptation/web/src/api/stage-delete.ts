import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** DELETE api/adaptation/track/{track}/stage?_id (HR): a stage with its steps; 409 while one of them is in progress. */
export const deleteStage = (track: string, _id: string) => call(adaptationRoutes.stageDelete, { params: { track }, body: { _id }, silent: true });
/** Deletes a stage. */
export const useDeleteStage = (track: string) => useTrackMutation((id: string) => deleteStage(track, id));
