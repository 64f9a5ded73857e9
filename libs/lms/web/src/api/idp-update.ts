import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { idpGetQueryOptions } from './idp-get.ts';
import { lmsKeys } from './keys.ts';

type Body = z.input<typeof lmsRoutes.idpUpdate.body>;
/** PUT api/idp/{id}: fields, tasks, a note or the status; every change lands in the plan's history. */
export const updateIdp = (id: string, body: Body) => call(lmsRoutes.idpUpdate, { params: { id }, body, silent: true });
export function useUpdateIdp(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => updateIdp(id, body),
    onSuccess: (r) => {
      qc.setQueryData(idpGetQueryOptions(id).queryKey, r);
      return qc.invalidateQueries({ queryKey: lmsKeys.idps() });
    },
  });
}
