import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useAdaptationMutation } from './adaptation-on-track.ts';

/** POST api/adaptation/{user_track}/finish/{step_id}: finish an open step (a reward step accrues its coins once). */
export const finishStep = (adaptId: string, stepId: string) =>
  call(adaptationRoutes.stepFinish, { params: { user_track: adaptId, step_id: stepId }, silent: true });
/** Finishes a step of this adaptation. */
export const useFinishStep = (adaptId: string) => useAdaptationMutation((stepId: string) => finishStep(adaptId, stepId));
