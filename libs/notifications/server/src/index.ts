import { fileURLToPath } from 'node:url';
import { Controller, Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { adminHandlers } from './admin-handlers.ts';
import { telegramChannel } from './telegram.ts';
import type { BusEvent } from '@intranet/platform-bus';
import { Domain, DOMAIN_DEPS, RouteController, type DomainDeps } from '@intranet/platform-host';
import { DeliveryWorker, emailChannel, webhookChannel, type ChannelAdapter } from './channels.ts';
import { consumerName, expandAddressees, RULES, withActors } from './consumers.ts';
import { notificationsHandlers, type NotificationsKit } from './handlers.ts';
import { notify } from './notify.ts';
import { Directory } from './people.ts';
import { mailingHandlers } from './mailing-handlers.ts';
import { MailingScheduler } from './mailings.ts';
import { PresenceMap } from './presence.ts';

export { deliveries, notifications, settings, templates, unread } from './schema.ts';
export { DeliveryWorker, emailChannel, webhookChannel, webhookText, wordMessage, type ChannelAdapter, type OutgoingMessage } from './channels.ts';
export { RULES, consumerName, excerpt } from './consumers.ts';
export { notify } from './notify.ts';
export { Directory } from './people.ts';
export { PresenceMap, type PresenceMapOptions } from './presence.ts';
export { renderTemplate, type Rendered } from './render.ts';
export { MailingScheduler, mailingActions, digestAction, type MailingAction, type MailingRun } from './mailings.ts';
export { mailings, mailingRuns } from './schema.ts';
export { wordings, langOf } from './wording.ts';
export { assertPublicUrl, isPublicAddress, errorCode, TARGET_REFUSED } from './targets.ts';
export { telegramChannel, linkFromUpdates, telegramApiRoot } from './telegram.ts';

const ROUTES = 'notifications:routes';
const MAILING_ROUTES = 'notifications:mailing-routes';
const ADMIN_ROUTES = 'notifications:admin-routes';
const KIT = 'notifications:kit';
const CONSUMERS = 'notifications:consumers';

/** Extra channel adapters (tests, later Telegram/Teams/Slack) registered before the portal starts. */
export const extraChannels: ChannelAdapter[] = [];

/**
 * The domain's shared parts: the employee directory and the delivery worker (e-mail through the platform's nodemailer
 * Mailer). `NOTIF_DELIVERY_POLL_MS` (default 2000), `NOTIF_RETRY_BASE_MS` (default 5000) and `NOTIF_RETRY_MAX_MS`
 * tune the worker; PUBLIC_URL makes the links in e-mails absolute. NOTIF_NOTICE_SYNC_MAX (default 1000) is the
 * largest POST api/notification stored before its answer (larger ones are stored in the background) and
 * NOTIF_FANOUT_CHUNK (default 1000) the notifications stored per transaction (see notify).
 */
@Injectable()
export class NotificationsRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly kit: NotificationsKit;
  /** The mailings' cron jobs of this process (§4 Mailing); `NOTIF_MAILING_SYNC_MS` (default 30000) re-reads them. */
  readonly mailings: MailingScheduler;
  /** Who has the portal open (issue 10: chat notifications go to the people away only). */
  readonly presence: PresenceMap;

  constructor(@Inject(DOMAIN_DEPS) deps: DomainDeps) {
    const env = process.env;
    const origin = (deps.config as { PUBLIC_URL?: string }).PUBLIC_URL?.replace(/\/$/, '') ?? '';
    const directory = new Directory(deps.bus);
    this.presence = new PresenceMap(deps.bus);
    this.mailings = new MailingScheduler(
      { db: deps.db, mailer: deps.mailer, directory, log: deps.log },
      { syncMs: Number(env.NOTIF_MAILING_SYNC_MS) || 30_000 },
    );
    this.kit = {
      directory,
      worker: new DeliveryWorker(
        deps.db,
        [emailChannel(deps.mailer), webhookChannel('slack'), webhookChannel('teams'), telegramChannel(), ...extraChannels],
        deps.log,
        {
          intervalMs: Number(env.NOTIF_DELIVERY_POLL_MS) || 2000,
          baseMs: Number(env.NOTIF_RETRY_BASE_MS) || 5000,
          maxMs: Number(env.NOTIF_RETRY_MAX_MS) || 3_600_000,
          origin,
        },
      ),
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.presence.start();
    this.kit.worker.start();
    await this.mailings.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.mailings.stop();
    await this.kit.worker.stop();
    await this.presence.stop();
  }
}

/** The consumed domain events → notifications (one durable JetStream consumer per subject). */
export function consumerHandler(deps: DomainDeps, runtime: NotificationsRuntime) {
  return async (subject: string, evt: BusEvent) => {
    const r = RULES.find((x) => x.def.subject === subject);
    if (!r || !evt.clientId) return;
    const parsed = { ...evt, data: r.def.payload.parse(evt.data) };
    let addressed = await expandAddressees(r.drafts(parsed), {
      admins: () => runtime.kit.directory.admins(evt.clientId!),
      approvers: (userId) => runtime.kit.directory.approvers(evt.clientId!, userId),
    });
    if (r.awayOnly && addressed.length) {
      const away = new Set(await runtime.presence.away(evt.clientId, [...new Set(addressed.map((d) => d.userId))]));
      addressed = addressed.filter((d) => away.has(d.userId));
    }
    const drafts = await withActors(addressed, async (ids) => {
      const people = await runtime.kit.directory.employees(evt.clientId!, ids);
      return new Map(people.map((p) => [p._id, p.fullName]));
    });
    if (!drafts.length) return;
    await notify({ db: deps.db, outbox: deps.outbox, directory: runtime.kit.directory }, evt.clientId, drafts);
    runtime.kit.worker.kick();
  };
}

type ConsumerFn = ReturnType<typeof consumerHandler>;

/** A Nest controller with one `@EventPattern(subject, { durable })` method per rule. */
function consumersController() {
  class NotificationsConsumers {
    constructor(@Inject(CONSUMERS) readonly handle: ConsumerFn) {}
  }
  for (const r of RULES) {
    const key = `on_${consumerName(r.def.subject).replace(/-/g, '_')}`;
    const subject = r.def.subject;
    const fn = function (this: NotificationsConsumers, evt: BusEvent) {
      return this.handle(subject, evt);
    };
    Object.defineProperty(NotificationsConsumers.prototype, key, { value: fn, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(NotificationsConsumers.prototype, key)!;
    EventPattern(subject, { durable: consumerName(subject) })(NotificationsConsumers.prototype, key, descriptor);
  }
  Controller()(NotificationsConsumers);
  return NotificationsConsumers;
}

/**
 * The notifications domain (DESIGN §2, issue 10): the notification centre (routes, unread counters pushed to the
 * user's sockets), the consumers of the other domains' events, user settings, templates, the mail check and the
 * e-mail channel with retries.
 */
@Domain({
  name: 'notifications',
  migrations: { schema: 'notifications', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    NotificationsRuntime,
    { provide: KIT, useFactory: (rt: NotificationsRuntime) => rt.kit, inject: [NotificationsRuntime] },
    { provide: ROUTES, useFactory: notificationsHandlers, inject: [DOMAIN_DEPS, KIT] },
    { provide: CONSUMERS, useFactory: consumerHandler, inject: [DOMAIN_DEPS, NotificationsRuntime] },
    { provide: ADMIN_ROUTES, useFactory: adminHandlers, inject: [DOMAIN_DEPS] },
    {
      provide: MAILING_ROUTES,
      useFactory: (deps: DomainDeps, rt: NotificationsRuntime) => mailingHandlers(deps, rt.mailings),
      inject: [DOMAIN_DEPS, NotificationsRuntime],
    },
  ],
  controllers: [
    RouteController('NotificationsRoutes', notificationsRoutes, ROUTES),
    RouteController('NotificationsMailingRoutes', mailingRoutes, MAILING_ROUTES),
    RouteController('NotificationsAdminRoutes', notificationsAdminRoutes, ADMIN_ROUTES),
    consumersController(),
  ],
})
export class NotificationsModule {}
