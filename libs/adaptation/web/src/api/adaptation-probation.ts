import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { useAdaptationMutation } from './adaptation-on-track.ts';

/** POST api/adaptation/{id}/probation (HR, the chief): the newcomer passed probation, once the adaptation is finished. */
export const passProbation = (id: string) => call(adaptationRoutes.adaptationProbation, { params: { id }, silent: true });
/** Marks probation passed. */
export const usePassProbation = (id: string) => useAdaptationMutation(() => passProbation(id));
