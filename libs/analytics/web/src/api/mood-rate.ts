import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { call } from '@intranet/web-api';
import { analyticsKeys } from './keys.ts';

/** POST api/mood { rating 1-10 } (§7 Mood): stored without the user; the check then answers need: false. */
export const rateMood = (rating: number) => call(analyticsRoutes.moodRate, { body: { rating } });
/** The meter's rate action; refreshes the check. */
export const useRateMood = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rateMood, onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.all }) });
};
