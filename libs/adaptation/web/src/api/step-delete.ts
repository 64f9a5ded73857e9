import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** DELETE api/adaptation/track/{track}/step?_id (HR): a step; 409 'A step in progress cannot be deleted'. */
export const deleteStep = (track: string, _id: string) => call(adaptationRoutes.stepDelete, { params: { track }, body: { _id }, silent: true });
/** Deletes a step. */
export const useDeleteStep = (track: string) => useTrackMutation((id: string) => deleteStep(track, id));
