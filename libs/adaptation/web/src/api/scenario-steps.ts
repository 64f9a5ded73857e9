import { adaptationRoutes, type AdaptRole } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** What a drag in the scenario tab sends: one stage's steps of one role, in their new order. */
export interface StepsOrder {
  scenario: AdaptRole;
  stage_id: string;
  steps: string[];
}
/** PUT api/adaptation/track/{track_id}/{scenario}/{stage_id}/steps (HR): the steps of a scenario in a stage, in order. */
export const orderSteps = (trackId: string, o: StepsOrder) =>
  call(adaptationRoutes.scenarioSteps, { params: { track_id: trackId, scenario: o.scenario, stage_id: o.stage_id }, body: { steps: o.steps }, silent: true });
/** Saves a new order of steps. */
export const useOrderSteps = (trackId: string) =>
  useTrackMutation((o: StepsOrder) => orderSteps(trackId, o), {
    id: trackId,
    apply: (t, o) => ({
      ...t,
      stepsList: t.stepsList.map((s) => {
        const i = o.steps.indexOf(s._id);
        return i < 0 ? s : { ...s, stage_id: o.stage_id, scenario: o.scenario, order: i };
      }),
    }),
  });
