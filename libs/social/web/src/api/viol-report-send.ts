import { socialRoutes } from '@intranet/social-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/user/send_viol_report (§7 Users, §5 violation): a report, anonymous or signed; field errors as an `ApiError` (§8). */
export const sendViolReport = (body: NonNullable<RouteRequest<typeof socialRoutes.violReportSend>['body']>) =>
  call(socialRoutes.violReportSend, { body, silent: true });
