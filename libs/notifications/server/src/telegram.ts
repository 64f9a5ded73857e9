import { randomInt } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { Api } from 'grammy';
import type { Database, Tx } from '@intranet/platform-db';
import type { ChannelAdapter } from './channels.ts';
import { telegramBots, telegramCodes, telegramLinks } from './schema.ts';

/**
 * The Bot API root the service calls (grammy's `apiRoot`): `TELEGRAM_API_ROOT`, default https://api.telegram.org.
 * Tests point it at a local HTTP server that plays the Bot API.
 */
export const telegramApiRoot = () => process.env.TELEGRAM_API_ROOT?.replace(/\/$/, '') || 'https://api.telegram.org';

/** A grammy Bot API client for a bot token (the configured API root). */
export const botApi = (token: string) => new Api(token, { apiRoot: telegramApiRoot(), timeoutSeconds: 15 });

/** How long a linking code is valid, ms. */
export const CODE_TTL_MS = 15 * 60_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** SQL of the Telegram parts (inside a tenant transaction). */
export const telegramRepository = {
  async bot(tx: Tx) {
    const [b] = await tx.select().from(telegramBots);
    return b;
  },
  async saveBot(tx: Tx, clientId: string, v: { token?: string | null; channel?: string | null }) {
    const set: Partial<typeof telegramBots.$inferInsert> = { updatedAt: new Date() };
    if (v.token !== undefined) set.token = v.token || null;
    if (v.channel !== undefined) set.channel = v.channel || null;
    if (v.token !== undefined) set.updateOffset = 0;
    const [b] = await tx
      .insert(telegramBots)
      .values({ clientId, token: v.token ?? null, channel: v.channel ?? null })
      .onConflictDoUpdate({ target: telegramBots.clientId, set })
      .returning();
    return b!;
  },
  /** A new one-time code for the user (their older ones are dropped). */
  async newCode(tx: Tx, clientId: string, userId: string): Promise<{ code: string; expires: Date }> {
    await tx.delete(telegramCodes).where(eq(telegramCodes.userId, userId));
    await tx.delete(telegramCodes).where(lt(telegramCodes.expiresAt, new Date()));
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const expires = new Date(Date.now() + CODE_TTL_MS);
    await tx.insert(telegramCodes).values({ clientId, code, userId, expiresAt: expires });
    return { code, expires };
  },
  /** Uses a code: its user, or undefined when unknown or expired (a used code is deleted). */
  async takeCode(tx: Tx, code: string): Promise<string | undefined> {
    const [row] = await tx
      .delete(telegramCodes)
      .where(and(eq(telegramCodes.code, code), gt(telegramCodes.expiresAt, new Date())))
      .returning({ userId: telegramCodes.userId });
    return row?.userId;
  },
  async link(tx: Tx, clientId: string, userId: string, chatId: string) {
    await tx
      .insert(telegramLinks)
      .values({ clientId, userId, chatId })
      .onConflictDoUpdate({ target: [telegramLinks.clientId, telegramLinks.userId], set: { chatId, linkedAt: new Date() } });
  },
  async linkOf(tx: Tx, userId: string) {
    const [l] = await tx.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
    return l;
  },
  async unlink(tx: Tx, userId: string) {
    await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
  },
};

/**
 * Links chats by the codes users sent to the client's bot (Bot API getUpdates from the stored offset, in the
 * tenant transaction that holds the bot row locked, so two calls never read the same updates): a private message
 * whose text is (or ends with, as in `/start CODE`) a valid code links that chat to the code's user and the bot
 * answers in `reply(lang)`. Output: the users linked. Errors: Bot API errors pass through.
 */
export async function linkFromUpdates(db: Database, clientId: string): Promise<string[]> {
  return db.inTenant({ clientId }, async (tx) => {
    const [bot] = await tx.select().from(telegramBots).for('update');
    if (!bot?.token) return [];
    const api = botApi(bot.token);
    const updates = await api.getUpdates({ offset: bot.updateOffset || undefined, timeout: 0, allowed_updates: ['message'] });
    const linked: string[] = [];
    let offset = bot.updateOffset;
    for (const u of updates) {
      offset = Math.max(offset, u.update_id + 1);
      const m = u.message;
      if (!m?.text) continue;
      const code = m.text.trim().split(/\s+/).pop()!.toUpperCase();
      const userId = await telegramRepository.takeCode(tx, code);
      if (!userId) continue;
      await telegramRepository.link(tx, clientId, userId, String(m.chat.id));
      linked.push(userId);
    }
    if (offset !== bot.updateOffset) await tx.update(telegramBots).set({ updateOffset: offset }).where(eq(telegramBots.clientId, clientId));
    return linked;
  });
}

/**
 * The Telegram channel adapter: sends the message through the client's bot (its token comes with the due row as
 * `credential`) to `target` (the user's linked chat, or the client's channel). A refused call rejects with the Bot
 * API's error code as `status` (the worker retries; the failing-channel report shows `http_<code>`).
 */
export function telegramChannel(): ChannelAdapter {
  return {
    channel: 'telegram',
    async send(msg) {
      if (!msg.credential) throw Object.assign(new Error('The company has no Telegram bot'), { code: 'ETELEGRAMNOBOT' });
      // A shared channel names whom it is for (notify leaves `recipient` empty for the user's own chat).
      const text = `${msg.recipient ? `${msg.recipient}: ` : ''}${msg.text}`;
      try {
        await botApi(msg.credential).sendMessage(msg.target, text.slice(0, 4096), { link_preview_options: { is_disabled: true } });
      } catch (err) {
        const status = (err as { error_code?: number }).error_code;
        throw Object.assign(new Error(String((err as Error).message)), status ? { status } : {});
      }
    },
  };
}
