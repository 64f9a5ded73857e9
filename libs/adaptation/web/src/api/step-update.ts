import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** The body of a changed step: the whole step with its `_id`. */
export type StepUpdateInput = z.input<typeof adaptationRoutes.stepUpdate.body>;
/** PUT api/adaptation/track/{track}/step (HR): change a step. */
export const updateStep = (track: string, body: StepUpdateInput) => call(adaptationRoutes.stepUpdate, { params: { track }, body, silent: true });
/** Saves a step. */
export const useUpdateStep = (track: string) => useTrackMutation((body: StepUpdateInput) => updateStep(track, body));
