import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { useTrackMutation } from './track-get.ts';

/** The body of a new step (what the step form sends). */
export type StepInput = z.input<typeof adaptationRoutes.stepCreate.body>;
/** POST api/adaptation/track/{track}/step (HR): a step in a stage; 400 with the §5 field errors (duplicates, link). */
export const createStep = (track: string, body: StepInput) => call(adaptationRoutes.stepCreate, { params: { track }, body, silent: true });
/** Adds a step. */
export const useCreateStep = (track: string) => useTrackMutation((body: StepInput) => createStep(track, body));
