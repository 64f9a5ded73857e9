import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** POST /api/user/send_service_req (§7 Users): ask the administrators for service `bp`, or (no `bp`) for one not in the catalogue. */
export const sendServiceReq = (input: { text: string; bp?: string | null }) =>
  call(bpRoutes.serviceReqSend, { body: { text: input.text, ...(input.bp ? { bp: input.bp } : {}) }, silent: true });
/** Sends a service request, then reloads the administrators' list of them. */
export function useSendServiceReq() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendServiceReq, onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.asks() }) });
}
