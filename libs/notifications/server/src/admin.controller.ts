import { Controller } from '@nestjs/common';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { ChannelsAdminService } from './admin.service.ts';

type R = typeof notificationsAdminRoutes;

/** The failing-channel report and the Telegram routes (`@intranet/notifications-contract/admin`): one method per route. */
@Controller()
export class ChannelsAdminController {
  constructor(private readonly admin: ChannelsAdminService) {}

  @RouteHandler(notificationsAdminRoutes.channelsHealth)
  channelsHealth(input: RouteInput<R['channelsHealth']>, ctx: RequestContext) {
    return this.admin.channelsHealth(input, ctx);
  }

  @RouteHandler(notificationsAdminRoutes.telegramBot)
  telegramBot(input: RouteInput<R['telegramBot']>, ctx: RequestContext) {
    return this.admin.telegramBot(input, ctx);
  }

  @RouteHandler(notificationsAdminRoutes.telegramBotSave)
  telegramBotSave(input: RouteInput<R['telegramBotSave']>, ctx: RequestContext) {
    return this.admin.telegramBotSave(input, ctx);
  }

  @RouteHandler(notificationsAdminRoutes.telegramCode)
  telegramCode(input: RouteInput<R['telegramCode']>, ctx: RequestContext) {
    return this.admin.telegramCode(input, ctx);
  }

  @RouteHandler(notificationsAdminRoutes.telegramLink)
  telegramLink(input: RouteInput<R['telegramLink']>, ctx: RequestContext) {
    return this.admin.telegramLink(input, ctx);
  }

  @RouteHandler(notificationsAdminRoutes.telegramStatus)
  telegramStatus(input: RouteInput<R['telegramStatus']>, ctx: RequestContext) {
    return this.admin.telegramStatus(input, ctx);
  }

  @RouteHandler(notificationsAdminRoutes.telegramUnlink)
  telegramUnlink(input: RouteInput<R['telegramUnlink']>, ctx: RequestContext) {
    return this.admin.telegramUnlink(input, ctx);
  }
}
