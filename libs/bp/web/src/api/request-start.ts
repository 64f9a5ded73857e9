import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes, type Values } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** POST /api/bp/start (§7 Services, §4): start a request of service `bp` with the start form's values (or a template's). */
export const startRequest = (input: { bp: string; values: Values; template?: string }) =>
  call(bpRoutes.requestStart, { body: { bp: input.bp, values: input.values, ...(input.template ? { template: input.template } : {}) }, silent: true });
/** Starts a request, then reloads every services list. */
export function useStartRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: startRequest, onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.all }) });
}
