import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes, type AdaptationFull } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/adaptation/on_track/{id}: an adaptation with every scenario's steps (its participants, HR). */
export const adaptationOnTrackQueryOptions = (id: string) =>
  routeQuery(adaptationKeys.adaptation(id, 'all'), adaptationRoutes.adaptationOnTrack, { params: { id } });
/** The whole adaptation (`enabled` false asks nothing). */
export const useAdaptationAll = (id: string, enabled = true) => useQuery({ ...adaptationOnTrackQueryOptions(id), enabled });

/**
 * A mutation of the journey page whose answer is the whole adaptation: puts it in this cache entry and refreshes
 * every other view of it (each role's) and the lists that count its progress.
 */
export function useAdaptationMutation<V>(fn: (v: V) => Promise<AdaptationFull>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      qc.setQueryData(adaptationOnTrackQueryOptions(r._id).queryKey, r);
      return qc.invalidateQueries({ queryKey: adaptationKeys.all });
    },
  });
}
