import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes, type Track } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/track/{id} (generic module call; HR): a track with its stages, steps by scenario and problems. */
export const trackGetQueryOptions = (id: string) => routeQuery(adaptationKeys.track(id), adaptationRoutes.trackGet, { params: { id } });
/** One track. */
export const useTrack = (id: string) => useQuery(trackGetQueryOptions(id));

/**
 * A mutation of the track editor whose answer is the whole track: puts it in the track's cache entry and refreshes
 * the rest of the domain (lists, counts, analytics).
 */
export function useTrackMutation<V>(fn: (v: V) => Promise<Track>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      qc.setQueryData(trackGetQueryOptions(r._id).queryKey, r);
      void qc.invalidateQueries({ queryKey: adaptationKeys.all, predicate: (q) => q.queryKey[1] !== 'track' || q.queryKey[2] !== r._id });
    },
  });
}
