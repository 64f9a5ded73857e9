import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** POST /api/bp/convert/{id} (§7 Services): save finished request `id` as a template of its initiator. */
export const convertRequest = (id: string) => call(bpRoutes.requestConvert, { params: { id }, body: {}, silent: true });
/** Saves request `id` as a template, then reloads the template lists. */
export function useConvertRequest(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => convertRequest(id), onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.templates() }) });
}
