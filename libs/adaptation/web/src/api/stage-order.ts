import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** PUT api/adaptation/track/{track}/stage {stages} (HR): every stage of the track, in its new order. */
export const orderStages = (track: string, stages: string[]) => call(adaptationRoutes.stageUpdate, { params: { track }, body: { stages }, silent: true });
/** Saves a new order of the track's stages (a drag in the basic tab), shown at once and put back if refused. */
export const useOrderStages = (track: string) =>
  useTrackMutation((stages: string[]) => orderStages(track, stages), {
    id: track,
    apply: (t, ids) => ({ ...t, stagesList: t.stagesList.map((s) => (ids.includes(s._id) ? { ...s, order: ids.indexOf(s._id) } : s)) }),
  });
