import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** POST /api/service_group (§7 Services, administrators): a new service group named `name`. */
export const createGroup = (name: string) => call(bpRoutes.groupCreate, { body: { name }, silent: true });
/** Creates a group, then reloads the catalogue and the group lists. */
export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => qc.invalidateQueries({ queryKey: bpKeys.all }) });
}
