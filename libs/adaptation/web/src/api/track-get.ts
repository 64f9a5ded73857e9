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
export function useTrackMutation<V>(fn: (v: V) => Promise<Track>, optimistic?: { id: string; apply: (t: Track, v: V) => Track }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // `optimistic`: the change shown at once (a drag's new order), put back if the server refuses it.
    onMutate: (v: V) => {
      if (!optimistic) return undefined;
      const key = trackGetQueryOptions(optimistic.id).queryKey;
      const prev = qc.getQueryData(key);
      if (prev) qc.setQueryData(key, optimistic.apply(prev, v));
      return prev;
    },
    onError: (_e, _v, prev) => {
      if (optimistic && prev) qc.setQueryData(trackGetQueryOptions(optimistic.id).queryKey, prev);
    },
    onSuccess: (r) => {
      qc.setQueryData(trackGetQueryOptions(r._id).queryKey, r);
      void qc.invalidateQueries({ queryKey: adaptationKeys.all, predicate: (q) => q.queryKey[1] !== 'track' || q.queryKey[2] !== r._id });
    },
  });
}
