import { useQuery } from '@tanstack/react-query';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { routeQuery } from '@intranet/web-api';
import { analyticsKeys } from './keys.ts';

/** GET api/mood/check/{id} → { need } (§7 Mood): whether the meter asks the signed-in user. `uid` null: no query. */
export const useMoodCheck = (uid: string | null) =>
  useQuery({ ...routeQuery([...analyticsKeys.all, 'moodCheck', uid ?? ''], analyticsRoutes.moodCheck, { params: { id: uid ?? '' } }), enabled: !!uid });
