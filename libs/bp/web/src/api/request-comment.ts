import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { requestGetQueryOptions } from './request-get.ts';

/** POST /api/bp/request/{id}/comment (§7 Services, added): comment `text` on request `id`; answers the request. */
export const commentRequest = (id: string, text: string) => call(bpRoutes.requestComment, { params: { id }, body: { text }, silent: true });
/** Comments on request `id`; the answer replaces the cached request. */
export function useCommentRequest(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentRequest(id, text),
    onSuccess: (next) => qc.setQueryData(requestGetQueryOptions(id).queryKey, next),
  });
}
