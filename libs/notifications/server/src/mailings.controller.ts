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
  create(input: RouteInput<R['create']>, ctx: RequestContext) {
    return this.mailings.create(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingList)
  list(input: RouteInput<R['list']>, ctx: RequestContext) {
    return this.mailings.list(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingGet)
  get(input: RouteInput<R['get']>, ctx: RequestContext) {
    return this.mailings.get(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingUpdate)
  update(input: RouteInput<R['update']>, ctx: RequestContext) {
    return this.mailings.update(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingRemove)
  remove(input: RouteInput<R['remove']>, ctx: RequestContext) {
    return this.mailings.remove(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingStartJob)
  startJob(input: RouteInput<R['startJob']>, ctx: RequestContext) {
    return this.mailings.startJob(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingRestartJob)
  restartJob(input: RouteInput<R['restartJob']>, ctx: RequestContext) {
    return this.mailings.restartJob(input, ctx);
  }

  @RouteHandler(mailingRoutes.mailingStopJob)
  stopJob(input: RouteInput<R['stopJob']>, ctx: RequestContext) {
    return this.mailings.stopJob(input, ctx);
  }
}
