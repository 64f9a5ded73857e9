import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';
import type { ServiceInput } from './service-create.ts';

/** PUT /api/bp/{id} (§7 Services, administrators): change any of the service's fields (steps replace all steps); its version rises. */
export const updateService = (id: string, body: Partial<ServiceInput>) => call(bpRoutes.serviceUpdate, { params: { id }, body, silent: true });
/** Updates service `id`, then reloads every services list and the service. */
export function useUpdateService(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: Partial<ServiceInput>) => updateService(id, body), onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.all }) });
}
