import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** POST api/adaptation/track/{track}/stage (HR): a stage at the end of the track; 400 'Stage name is required'. */
export const createStage = (track: string, body: { name: string }) => call(adaptationRoutes.stageCreate, { params: { track }, body, silent: true });
/** Adds a stage. */
export const useCreateStage = (track: string) => useTrackMutation((body: { name: string }) => createStage(track, body));
