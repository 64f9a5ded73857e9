import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes, type serviceCreate } from '@intranet/bp-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** A service as POST api/bp takes it (the contract's `serviceCreate`). */
export type ServiceInput = z.input<typeof serviceCreate>;

/** POST /api/bp (§7 Services, administrators): a new service; §5 problems answer 400 with field errors. */
export const createService = (body: ServiceInput) => call(bpRoutes.serviceCreate, { body, silent: true });
/** Creates a service, then reloads every services list. */
export function useCreateService() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createService, onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.all }) });
}
