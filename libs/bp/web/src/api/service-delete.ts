import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** DELETE /api/bp/{id} (§7 Services, administrators): the service and its templates; running requests go on. */
export const deleteService = (id: string) => call(bpRoutes.serviceDelete, { params: { id }, silent: true });
/** Deletes service `id`, then reloads every services list. */
export function useDeleteService(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => deleteService(id), onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.all }) });
}
