import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/viol_report (§3 Violation report): the client's reports, newest day first (admins); `handled` '0'/'1' filters. */
export const violReportListQueryOptions = (handled: '' | '0' | '1', page: number) =>
  routeQuery(socialKeys.reports(), socialRoutes.violReportList, { query: { page, handled: handled || undefined } });
/** A page of reports; the last page stays while the next loads. */
export const useViolReports = (handled: '' | '0' | '1', page: number) =>
  useQuery({ ...violReportListQueryOptions(handled, page), placeholderData: keepPreviousData });
