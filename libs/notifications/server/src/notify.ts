import { notificationsEvents, type Notification } from '@intranet/notifications-contract';
import type { Database } from '@intranet/platform-db';
import type { Outbox } from '@intranet/platform-outbox';
import type { Directory, Recipient } from './people.ts';
import { effectiveMatrix, notificationsRepository, toNotification, type Draft } from './repository.ts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { telegramBots, telegramLinks } from './schema.ts';

/** The client's Telegram bot (whether it has a token), its channel, and the linked chats of these users. */
async function telegramTargets(tx: Tx, userIds: string[]) {
  const [bot] = await tx.select({ token: telegramBots.token, channel: telegramBots.channel }).from(telegramBots);
  if (!bot?.token) return { bot: false, channel: null, chats: new Map<string, string>() };
  const links = await tx.select().from(telegramLinks).where(inArray(telegramLinks.userId, userIds));
  return { bot: true, channel: bot.channel, chats: new Map(links.map((l) => [l.userId, l.chatId])) };
}

/** Drafts stored per transaction (NOTIF_FANOUT_CHUNK, default 1,000): a fan-out to 10,000 is ten transactions. */
export const fanoutChunk = () => Math.max(1, Number(process.env.NOTIF_FANOUT_CHUNK) || 1000);

/**
 * Turns drafts into notifications (issue 10 "Rules and mechanics"), `fanoutChunk()` drafts per tenant transaction
 * (one transaction for an ordinary event; a fan-out to thousands is several, each committed and pushed in turn, and
 * each idempotent by the drafts' keys, so a redelivered event completes a fan-out cut short and stores none twice):
 * - only employee accounts of the client get one (§1); unknown or deleted users are dropped;
 * - a draft whose key is already stored is dropped (replay, redelivery), so nobody is notified twice;
 * - the unread counters move by what was stored (§4) and each recipient's sockets get the notification and the new
 *   count through the outbox (`evt.notifications.notification.created`, relayed by the gateway to that user only);
 * - external channels the recipient switched on for the section are queued for the delivery worker: e-mail,
 *   Slack / Teams (the client's webhooks), Telegram (the user's linked chat, else the client's channel); the
 *   worker sends them after commit with retries: a failing send never fails the event (§8).
 * Output: the notifications stored. Errors: database and directory errors pass through (the consumer retries).
 */
export async function notify(deps: { db: Database; outbox: Outbox; directory: Directory }, clientId: string, drafts: readonly Draft[]) {
  if (!drafts.length) return [];
  const people = await deps.directory.employees(
    clientId,
    drafts.map((d) => d.userId),
  );
  const byId = new Map(people.map((p) => [p._id, p]));
  const kept = drafts.filter((d) => byId.has(d.userId));
  const chunk = fanoutChunk();
  const out: Notification[] = [];
  for (let i = 0; i < kept.length; i += chunk) out.push(...(await storeChunk(deps, clientId, kept.slice(i, i + chunk), byId)));
  return out;
}

/** One transaction of `notify`: stores the drafts, moves the counts, writes the pushes and queues the channels. */
async function storeChunk(deps: { db: Database; outbox: Outbox }, clientId: string, drafts: readonly Draft[], byId: Map<string, Recipient>) {
  return deps.db.inTenant({ clientId }, async (tx) => {
    const rows = await notificationsRepository.insertMany(tx, clientId, drafts);
    if (!rows.length) return [];
    const recipients = [...new Set(rows.map((r) => r.userId))];
    const { defaults, webhooks, users } = await notificationsRepository.settingsOf(tx, recipients);
    const tg = await telegramTargets(tx, recipients);
    // One grouped query for every recipient's new total (not one per recipient).
    const counts = await notificationsRepository.unreadTotals(tx, recipients);
    const matrices = new Map<string, ReturnType<typeof effectiveMatrix>>();
    const queue: { notificationId: string; channel: string; target: string; lang: string; recipient: string }[] = [];
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
      await deps.outbox.add(tx, notificationsEvents.created, clientId, {
        notification: toNotification(r),
        unread: counts.get(r.userId) ?? 0,
        system: m.system,
        audience: [r.userId],
      });
    }
    await notificationsRepository.enqueue(tx, clientId, queue);
    return rows.map(toNotification);
  });
}
