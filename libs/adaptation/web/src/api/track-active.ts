import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes, type TrackListItem } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';
import { trackGetQueryOptions } from './track-get.ts';

/** What the switch sends. */
export interface ActiveInput {
  track_id: string;
  active: boolean;
}
/** PUT api/adaptation/active (HR): start or stop a track; 409 when it contains errors or has no steps. */
export const setTrackActive = (body: ActiveInput) => call(adaptationRoutes.trackActive, { body, silent: true });

type Page = { items: TrackListItem[]; total: number };

/**
 * Starts or stops a track: the list's switch shows the new state at once (every cached page of the list), goes back
 * if the server refuses, and the track and the lists are refreshed from the answer.
 */
export function useTrackActive() {
  const qc = useQueryClient();
  const flip = (v: ActiveInput, active: boolean) =>
    qc.setQueriesData<Page>({ queryKey: adaptationKeys.trackPages() }, (p) =>
      p ? { ...p, items: p.items.map((x) => (x._id === v.track_id ? { ...x, active } : x)) } : p,
    );
  return useMutation({
    mutationFn: setTrackActive,
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: adaptationKeys.trackPages() });
      flip(v, v.active);
    },
    onError: (_e, v) => flip(v, !v.active),
    onSuccess: (r) => {
      qc.setQueryData(trackGetQueryOptions(r._id).queryKey, r);
      return qc.invalidateQueries({ queryKey: adaptationKeys.trackPages() });
    },
  });
}
