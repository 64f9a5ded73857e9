import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/adaptation/track/{id}/analytics?dateFrom&dateTo (HR): the analytics tab's counts, per step and per day. */
export const trackAnalyticsQueryOptions = (trackId: string, from: string, to: string) =>
  routeQuery(adaptationKeys.analytics(trackId, from, to), adaptationRoutes.trackAnalytics, {
    params: { id: trackId },
    query: { ...(from ? { dateFrom: from } : {}), ...(to ? { dateTo: to } : {}) },
  });
/** The track's analytics for a period (empty dates: all time). */
export const useTrackAnalytics = (trackId: string, from: string, to: string) =>
  useQuery({ ...trackAnalyticsQueryOptions(trackId, from, to), placeholderData: keepPreviousData });
