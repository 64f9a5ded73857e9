import { Controller } from '@nestjs/common';
import { notificationsRoutes } from '@intranet/notifications-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { NotificationsService } from './notifications.service.ts';
import { SettingsService } from './settings.service.ts';
import { TemplatesService } from './templates.service.ts';

type R = typeof notificationsRoutes;

/** §7 Notifications, the notification settings of §7 Users, §7 Templates and POST api/message: one method per route. */
@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly settings: SettingsService,
    private readonly templateService: TemplatesService,
  ) {}

  @RouteHandler(notificationsRoutes.notificationCreate)
  create(input: RouteInput<R['create']>, ctx: RequestContext) {
    return this.notifications.create(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationClientAll)
  clientAll(input: RouteInput<R['clientAll']>, ctx: RequestContext) {
    return this.notifications.clientAll(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationGet)
  get(input: RouteInput<R['get']>, ctx: RequestContext) {
    return this.notifications.get(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationMarkRead)
  markRead(input: RouteInput<R['markRead']>, ctx: RequestContext) {
    return this.notifications.markRead(input, ctx);
  }

  @RouteHandler(notificationsRoutes.messageSend)
  message(input: RouteInput<R['message']>, ctx: RequestContext) {
    return this.notifications.message(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationFeed)
  feed(input: RouteInput<R['feed']>, ctx: RequestContext) {
    return this.notifications.feed(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationUnread)
  unread(input: RouteInput<R['unread']>, ctx: RequestContext) {
    return this.notifications.unread(input, ctx);
  }

  @RouteHandler(notificationsRoutes.settingsUser)
  userSettings(input: RouteInput<R['userSettings']>, ctx: RequestContext) {
    return this.settings.userSettings(input, ctx);
  }

  @RouteHandler(notificationsRoutes.settingsClient)
  clientSettings(input: RouteInput<R['clientSettings']>, ctx: RequestContext) {
    return this.settings.clientSettings(input, ctx);
  }

  @RouteHandler(notificationsRoutes.settingsSave)
  saveSettings(input: RouteInput<R['saveSettings']>, ctx: RequestContext) {
    return this.settings.saveSettings(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateList)
  templates(input: RouteInput<R['templates']>, ctx: RequestContext) {
    return this.templateService.templates(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateGet)
  templateGet(input: RouteInput<R['templateGet']>, ctx: RequestContext) {
    return this.templateService.templateGet(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateCreate)
  templateCreate(input: RouteInput<R['templateCreate']>, ctx: RequestContext) {
    return this.templateService.templateCreate(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateUpdate)
  templateUpdate(input: RouteInput<R['templateUpdate']>, ctx: RequestContext) {
    return this.templateService.templateUpdate(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateRemove)
  templateRemove(input: RouteInput<R['templateRemove']>, ctx: RequestContext) {
    return this.templateService.templateRemove(input, ctx);
  }
}
