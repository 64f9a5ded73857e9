import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes, type Values } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';
import { requestGetQueryOptions } from './request-get.ts';

export type PassInput = { decision: 'accept' | 'decline'; values: Values; reason?: string };

/** POST /api/bp/{bp}/pass_step (§7 Services, §4): accept step `step` of request `id` with its values, or decline it with a reason. */
export const passStep = (id: string, step: number, input: PassInput) =>
  call(bpRoutes.requestPassStep, {
    params: { bp: id },
    body: { decision: input.decision, values: input.values, step, ...(input.decision === 'decline' ? { reason: input.reason } : {}) },
    silent: true,
  });
/** Passes the current step (`step`) of request `id`: the answer replaces the cached request, the lists reload. */
export function usePassStep(id: string, step: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PassInput) => passStep(id, step, input),
    onSuccess: (next) => {
      qc.setQueryData(requestGetQueryOptions(id).queryKey, next);
      return qc.invalidateQueries({ queryKey: bpKeys.all });
    },
  });
}
