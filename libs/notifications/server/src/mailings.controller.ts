import { Controller } from '@nestjs/common';
import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { MailingsService } from './mailings.service.ts';

type R = typeof mailingRoutes;

/** §7 Mailings: one method per route. */
@Controller()
export class MailingsController {
  constructor(private readonly mailings: MailingsService) {}

  @RouteHandler(mailingRoutes.mailingCreate)
  mailingCreate(input: RouteInput<R['mailingCreate']>, ctx: RequestContext) {
    return this.mailings.mailingCreate(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingList)
  mailingList(input: RouteInput<R['mailingList']>, ctx: RequestContext) {
    return this.mailings.mailingList(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingGet)
  mailingGet(input: RouteInput<R['mailingGet']>, ctx: RequestContext) {
    return this.mailings.mailingGet(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingUpdate)
  mailingUpdate(input: RouteInput<R['mailingUpdate']>, ctx: RequestContext) {
    return this.mailings.mailingUpdate(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingRemove)
  mailingRemove(input: RouteInput<R['mailingRemove']>, ctx: RequestContext) {
    return this.mailings.mailingRemove(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingStartJob)
  mailingStartJob(input: RouteInput<R['mailingStartJob']>, ctx: RequestContext) {
    return this.mailings.mailingStartJob(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingRestartJob)
  mailingRestartJob(input: RouteInput<R['mailingRestartJob']>, ctx: RequestContext) {
    return this.mailings.mailingRestartJob(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingStopJob)
  mailingStopJob(input: RouteInput<R['mailingStopJob']>, ctx: RequestContext) {
    return this.mailings.mailingStopJob(input, ctx);
  }
}
