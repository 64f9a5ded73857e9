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
  notificationCreate(input: RouteInput<R['notificationCreate']>, ctx: RequestContext) {
    return this.notifications.notificationCreate(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationClientAll)
  notificationClientAll(input: RouteInput<R['notificationClientAll']>, ctx: RequestContext) {
    return this.notifications.notificationClientAll(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationGet)
  notificationGet(input: RouteInput<R['notificationGet']>, ctx: RequestContext) {
    return this.notifications.notificationGet(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationMarkRead)
  notificationMarkRead(input: RouteInput<R['notificationMarkRead']>, ctx: RequestContext) {
    return this.notifications.notificationMarkRead(input, ctx);
  }

  @RouteHandler(notificationsRoutes.messageSend)
  messageSend(input: RouteInput<R['messageSend']>, ctx: RequestContext) {
    return this.notifications.messageSend(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationFeed)
  notificationFeed(input: RouteInput<R['notificationFeed']>, ctx: RequestContext) {
    return this.notifications.notificationFeed(input, ctx);
  }

  @RouteHandler(notificationsRoutes.notificationUnread)
  notificationUnread(input: RouteInput<R['notificationUnread']>, ctx: RequestContext) {
    return this.notifications.notificationUnread(input, ctx);
  }

  @RouteHandler(notificationsRoutes.settingsUser)
  settingsUser(input: RouteInput<R['settingsUser']>, ctx: RequestContext) {
    return this.settings.settingsUser(input, ctx);
  }

  @RouteHandler(notificationsRoutes.settingsClient)
  settingsClient(input: RouteInput<R['settingsClient']>, ctx: RequestContext) {
    return this.settings.settingsClient(input, ctx);
  }

  @RouteHandler(notificationsRoutes.settingsSave)
  settingsSave(input: RouteInput<R['settingsSave']>, ctx: RequestContext) {
    return this.settings.settingsSave(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateList)
  templateList(input: RouteInput<R['templateList']>, ctx: RequestContext) {
    return this.templateService.templateList(input, ctx);
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

  /** notifications.template.save — PUT api/notif_template (the template named in the body). */
  @RouteHandler(notificationsRoutes.templateSave)
  templateSave(input: RouteInput<R['templateSave']>, ctx: RequestContext) {
    return this.templateService.templateSave(input, ctx);
  }

  /** notifications.template.removeByCode — DELETE api/notif_template?_id|code&lang&channel. */
  @RouteHandler(notificationsRoutes.templateRemoveByCode)
  templateRemoveByCode(input: RouteInput<R['templateRemoveByCode']>, ctx: RequestContext) {
    return this.templateService.templateRemoveByCode(input, ctx);
  }

  @RouteHandler(notificationsRoutes.templateRemove)
  templateRemove(input: RouteInput<R['templateRemove']>, ctx: RequestContext) {
    return this.templateService.templateRemove(input, ctx);
  }
}
