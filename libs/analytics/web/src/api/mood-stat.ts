import { useQuery } from '@tanstack/react-query';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { routeQuery } from '@intranet/web-api';
import { analyticsKeys } from './keys.ts';

/** GET api/mood/stat/{client}/{from}/{to} (§7 Mood): aggregates only, groups under 5 ratings hidden. */
export const useMoodStat = (clientId: string | null, from: string, to: string) =>
  useQuery({
    ...routeQuery(analyticsKeys.mood(clientId ?? '', from, to), analyticsRoutes.moodStat, { params: { client: clientId ?? '', from, to } }),
    enabled: !!clientId,
  });
