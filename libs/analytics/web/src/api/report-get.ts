import { useQuery } from '@tanstack/react-query';
import { analyticsRoutes } from '@intranet/analytics-contract';
import { routeQuery } from '@intranet/web-api';
import { analyticsKeys } from './keys.ts';

/** The analytics tabs and the §7 route each reads (GET api/analytics/<tab>/{id}?dateFrom&dateTo). */
export const REPORT_ROUTES = {
  turnover: analyticsRoutes.reportTurnover,
  adaptations: analyticsRoutes.reportAdaptations,
  demography: analyticsRoutes.reportDemography,
  positions: analyticsRoutes.reportPositions,
  departments: analyticsRoutes.reportDepartments,
  visitors: analyticsRoutes.reportVisitors,
  coins: analyticsRoutes.reportCoins,
  modules: analyticsRoutes.reportModules,
} as const;
export type ReportTab = keyof typeof REPORT_ROUTES;

/** One report of the client over [from, to] (days); `clientId` null: no query. */
export function useReport(tab: ReportTab, clientId: string | null, from: string, to: string) {
  const route = REPORT_ROUTES[tab];
  const params = tab === 'coins' ? { client_id: clientId ?? '' } : { id: clientId ?? '' };
  return useQuery({
    ...routeQuery(analyticsKeys.report(tab, clientId ?? '', from, to), route as typeof analyticsRoutes.reportVisitors, {
      params: params as { id: string },
      query: { dateFrom: from, dateTo: to },
    }),
    enabled: !!clientId,
  });
}
