import { fileURLToPath } from 'node:url';
import type { Bus } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import { Domain, PORTS } from '@intranet/platform-host';
import type { Mailer } from '@intranet/platform-mail';
import { ChannelsAdminController } from './admin.controller.ts';
import { ChannelsAdminService } from './admin.service.ts';
import { emailChannel, webhookChannel, type ChannelAdapter } from './channels.ts';
import { EventConsumer } from './consumer.service.ts';
import { DeliveriesRepository } from './deliveries.repository.ts';
import { CHANNEL_ADAPTERS, DeliveryService } from './delivery.service.ts';
import { EventsController } from './events.controller.ts';
import { DeliveryJob, MailingJobs } from './jobs.ts';
import { MailingRunner } from './mailings.ts';
import { MailingsController } from './mailings.controller.ts';
import { MailingsRepository } from './mailings.repository.ts';
import { MailingsService } from './mailings.service.ts';
import { NotificationsController } from './notifications.controller.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';
import { Notifier } from './notifier.service.ts';
import { Directory } from './people.ts';
import { PresenceMap } from './presence.ts';
import { SettingsService } from './settings.service.ts';
import { telegramChannel } from './telegram.ts';
import { TelegramRepository } from './telegram.repository.ts';
import { TemplatesRepository } from './templates.repository.ts';
import { TemplatesService } from './templates.service.ts';
import { notificationsTenant } from './tenant.ts';

/** Extra channel adapters (tests, later channels) registered before the portal starts. */
export const extraChannels: ChannelAdapter[] = [];

/** The channels the delivery worker sends through: e-mail (the platform's Mailer), Slack, Teams, Telegram, extras. */
const channelAdapters = (mailer: Mailer, config: Config): ChannelAdapter[] => [
  emailChannel(mailer),
  webhookChannel('slack', config.NOTIF_ALLOW_PRIVATE_HOSTS),
  webhookChannel('teams', config.NOTIF_ALLOW_PRIVATE_HOSTS),
  telegramChannel(config.TELEGRAM_API_ROOT),
  ...extraChannels,
];

/**
 * The notifications domain (DESIGN §2, issue 10): the notification centre (routes, unread counters pushed to the
 * user's sockets), the consumers of the other domains' events, user settings, templates, the mail check, the
 * external channels with retries (DeliveryService, DeliveryJob) and the mailings (durable jobs, MailingJobs).
 */
@Domain({
  name: 'notifications',
  migrations: { schema: 'notifications', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [notificationsTenant.controller, NotificationsController, MailingsController, ChannelsAdminController, EventsController],
  providers: [
    notificationsTenant.provider,
    { provide: Directory, useFactory: (bus: Bus) => new Directory(bus), inject: [PORTS.bus] },
    { provide: PresenceMap, useFactory: (bus: Bus) => new PresenceMap(bus), inject: [PORTS.bus] },
    { provide: CHANNEL_ADAPTERS, useFactory: channelAdapters, inject: [PORTS.mailer, PORTS.config] },
    NotificationsRepository,
    TemplatesRepository,
    MailingsRepository,
    TelegramRepository,
    DeliveriesRepository,
    DeliveryService,
    Notifier,
    EventConsumer,
    NotificationsService,
    SettingsService,
    TemplatesService,
    MailingRunner,
    MailingJobs,
    MailingsService,
    ChannelsAdminService,
    DeliveryJob,
  ],
})
export class NotificationsModule {}
