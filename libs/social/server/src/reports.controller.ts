import { Controller } from '@nestjs/common';
import { ideaRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { ReportsService } from './reports.service.ts';

type In<K extends keyof typeof ideaRoutes> = RouteInput<(typeof ideaRoutes)[K]>;

/** §7 violation reports ("Don't be silent"). One method per route, named as its key; each delegates to its service. */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @RouteHandler(ideaRoutes.violReportSend)
  sendViolReport(input: In<'violReportSend'>, ctx: RequestContext) {
    return this.reports.sendViolReport(input, ctx);
  }

  @RouteHandler(ideaRoutes.violReportList)
  violReports(input: In<'violReportList'>, ctx: RequestContext) {
    return this.reports.violReports(input, ctx);
  }

  @RouteHandler(ideaRoutes.violReportHandled)
  violReportHandled(input: In<'violReportHandled'>, ctx: RequestContext) {
    return this.reports.violReportHandled(input, ctx);
  }
}
