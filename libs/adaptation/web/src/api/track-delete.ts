import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** POST api/adaptation/delete/{id} (HR): delete a track; 409 while an adaptation on it is unfinished. */
export const deleteTrack = (id: string) => call(adaptationRoutes.trackDelete, { params: { id }, silent: true });
/** Deletes a track and refreshes the domain's lists. */
export function useDeleteTrack() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTrack, onSuccess: () => qc.invalidateQueries({ queryKey: adaptationKeys.all }) });
}
