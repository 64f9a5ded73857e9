import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useAdaptationMutation } from './adaptation-on-track.ts';

/** POST api/adaptation/{track_id}/resume/{step_id} (HR; {track_id} is the adaptation): resume at a step. */
export const resumeAdaptation = (id: string, stepId: string) =>
  call(adaptationRoutes.adaptationResume, { params: { track_id: id, step_id: stepId }, silent: true });
/** Resumes the adaptation at a step. */
export const useResume = (id: string) => useAdaptationMutation((stepId: string) => resumeAdaptation(id, stepId));
