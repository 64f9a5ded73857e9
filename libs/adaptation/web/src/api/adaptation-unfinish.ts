import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useAdaptationMutation } from './adaptation-on-track.ts';

/** POST api/adaptation/{id}/unfinish (HR): roll back one step (the last finished step opens again). */
export const unfinishAdaptation = (id: string) => call(adaptationRoutes.adaptationUnfinish, { params: { id }, silent: true });
/** Rolls the adaptation back one step. */
export const useUnfinish = (id: string) => useAdaptationMutation(() => unfinishAdaptation(id));
