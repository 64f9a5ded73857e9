import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/courses/analytics/{client_id}?user_id: learners per course by status; with user_id that learner's courses. */
export const courseAnalyticsQueryOptions = (clientId: string, userId?: string) =>
  routeQuery(lmsKeys.analytics(clientId, userId), lmsRoutes.courseAnalytics, { params: { client_id: clientId }, query: userId ? { user_id: userId } : {} });
export const useCourseAnalytics = (clientId: string, userId?: string) => useQuery({ ...courseAnalyticsQueryOptions(clientId, userId), enabled: !!clientId });
