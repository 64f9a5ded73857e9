import { Inject, Injectable } from '@nestjs/common';
import { notificationsEvents, type Notification } from '@intranet/notifications-contract';
import type { Config } from '@intranet/platform-config';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { DeliveryService } from './delivery.service.ts';
import { effectiveMatrix, toNotification } from './mapping.ts';
import { NotificationsRepository, type QueuedSend } from './notifications.repository.ts';
import { Directory, type Recipient } from './people.ts';
import type { Draft } from './rule.ts';
import { TelegramRepository } from './telegram.repository.ts';

/**
 * Turns drafts into notifications (issue 10 "Rules and mechanics"), NOTIF_FANOUT_CHUNK drafts per tenant transaction
 * (one transaction for an ordinary event; a fan-out to thousands is several, each committed and pushed in turn, and
 * each idempotent by the drafts' keys, so a redelivered event completes a fan-out cut short and stores none twice):
 * - only employee accounts of the client get one (§1); unknown or deleted users are dropped;
 * - a draft whose key is already stored is dropped (replay, redelivery), so nobody is notified twice;
 * - the unread counters move by what was stored (§4) and each recipient's sockets get the notification and the new
 *   count through the outbox (`evt.notifications.notification.created`, relayed by the gateway to that user only);
 * - external channels the recipient switched on for the section are queued for the delivery worker: e-mail,
 *   Slack / Teams (the client's webhooks), Telegram (the user's linked chat, else the client's channel); the
 *   worker sends them after commit with retries: a failing send never fails the event (§8).
 */
@Injectable()
export class Notifier {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.config) private readonly config: Config,
    private readonly directory: Directory,
    private readonly repo: NotificationsRepository,
    private readonly telegram: TelegramRepository,
    private readonly delivery: DeliveryService,
  ) {}

  /**
   * Stores the drafts of `clientId` and starts sending what they queued. Output: the notifications stored. Errors:
   * database and directory errors pass through (the consumer retries).
   */
  async notify(clientId: string, drafts: readonly Draft[]): Promise<Notification[]> {
    if (!drafts.length) return [];
    const people = await this.directory.employees(
      clientId,
      drafts.map((d) => d.userId),
    );
    const byId = new Map(people.map((p) => [p._id, p]));
    const kept = drafts.filter((d) => byId.has(d.userId));
    const chunk = this.config.NOTIF_FANOUT_CHUNK;
    const out: Notification[] = [];
    for (let i = 0; i < kept.length; i += chunk) out.push(...(await this.storeChunk(clientId, kept.slice(i, i + chunk), byId)));
    if (out.length) this.delivery.kick();
    return out;
  }

  /** One transaction of `notify`: stores the drafts, moves the counts, writes the pushes and queues the channels. */
  private storeChunk(clientId: string, drafts: readonly Draft[], byId: Map<string, Recipient>): Promise<Notification[]> {
    return this.db.inTenant({ clientId }, async (tx) => {
      const rows = await this.repo.insertMany(tx, clientId, drafts);
      if (!rows.length) return [];
      const recipients = [...new Set(rows.map((r) => r.userId))];
      const { defaults, webhooks, users } = await this.repo.settingsOf(tx, recipients);
      const tg = await this.telegram.targets(tx, recipients);
      // One grouped query for every recipient's new total (not one per recipient).
      const counts = await this.repo.unreadTotals(tx, recipients);
      const matrices = new Map<string, ReturnType<typeof effectiveMatrix>>();
      const queue: QueuedSend[] = [];
      for (const r of rows) {
        let matrix = matrices.get(r.userId);
        if (!matrix) matrices.set(r.userId, (matrix = effectiveMatrix(users.get(r.userId), defaults)));
        const m = matrix[r.section]!;
        const person = byId.get(r.userId)!;
        const base = { notificationId: r.id, lang: person.lang || 'ru', recipient: person.fullName };
        if (m.email && person.email) queue.push({ ...base, channel: 'email', target: person.email });
        if (m.slack && webhooks.slack) queue.push({ ...base, channel: 'slack', target: webhooks.slack });
        if (m.teams && webhooks.teams) queue.push({ ...base, channel: 'teams', target: webhooks.teams });
        if (m.telegram && tg.bot) {
          const chat = tg.chats.get(r.userId);
          if (chat) queue.push({ ...base, recipient: '', channel: 'telegram', target: chat });
          else if (tg.channel) queue.push({ ...base, channel: 'telegram', target: tg.channel });
        }
        await this.outbox.add(tx, notificationsEvents.created, clientId, {
          notification: toNotification(r),
          unread: counts.get(r.userId) ?? 0,
          system: m.system,
          audience: [r.userId],
        });
      }
      await this.repo.enqueue(tx, clientId, queue);
      return rows.map(toNotification);
    });
  }
}
