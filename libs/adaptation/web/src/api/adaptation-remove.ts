import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** DELETE api/adaptation/{track}/{user_track} (HR): take a newcomer off a track (coins already accrued stay). */
export const removeAdaptation = (track: string, userTrack: string) =>
  call(adaptationRoutes.adaptationRemove, { params: { track, user_track: userTrack }, silent: true });
/** Removes an adaptation and refreshes the lists. */
export function useRemoveAdaptation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { track: string; id: string }) => removeAdaptation(a.track, a.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: adaptationKeys.all }),
  });
}
