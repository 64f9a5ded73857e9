import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { call, routeQuery } from '@intranet/web-api';
import { analyticsKeys } from './keys.ts';

/** GET api/mood/settings/{client}: the client's mood analysis period (one or two weeks). */
export const useMoodSettings = (clientId: string | null) =>
  useQuery({
    ...routeQuery(analyticsKeys.moodSettings(clientId ?? ''), analyticsRoutes.moodSettingsGet, { params: { client: clientId ?? '' } }),
    enabled: !!clientId,
  });

/** PUT api/mood/settings/{client}: sets the analysis period; refreshes everything the domain shows. */
export const useSetMoodPeriod = (clientId: string | null) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (periodWeeks: 1 | 2) => call(analyticsRoutes.moodSettingsSet, { params: { client: clientId ?? '' }, body: { periodWeeks } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
};
