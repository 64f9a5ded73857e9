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

  @RouteHandler(mailingRoutes.create)
  create(input: RouteInput<R['create']>, ctx: RequestContext) {
    return this.mailings.create(input, ctx);
  }

  @RouteHandler(mailingRoutes.list)
  list(input: RouteInput<R['list']>, ctx: RequestContext) {
    return this.mailings.list(input, ctx);
  }

  @RouteHandler(mailingRoutes.get)
  get(input: RouteInput<R['get']>, ctx: RequestContext) {
    return this.mailings.get(input, ctx);
  }

  @RouteHandler(mailingRoutes.update)
  update(input: RouteInput<R['update']>, ctx: RequestContext) {
    return this.mailings.update(input, ctx);
  }

  @RouteHandler(mailingRoutes.remove)
  remove(input: RouteInput<R['remove']>, ctx: RequestContext) {
    return this.mailings.remove(input, ctx);
  }

  @RouteHandler(mailingRoutes.startJob)
  startJob(input: RouteInput<R['startJob']>, ctx: RequestContext) {
    return this.mailings.startJob(input, ctx);
  }

  @RouteHandler(mailingRoutes.restartJob)
  restartJob(input: RouteInput<R['restartJob']>, ctx: RequestContext) {
    return this.mailings.restartJob(input, ctx);
  }

  @RouteHandler(mailingRoutes.stopJob)
  stopJob(input: RouteInput<R['stopJob']>, ctx: RequestContext) {
    return this.mailings.stopJob(input, ctx);
  }
}
