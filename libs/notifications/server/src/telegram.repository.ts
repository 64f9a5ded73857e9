import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { telegramBots, telegramCodes, telegramLinks } from './schema.ts';

/** How long a linking code is valid, ms. */
export const CODE_TTL_MS = 15 * 60_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** SQL of the Telegram parts: the client's bot, the one-time linking codes, the users' linked chats (tenant transaction). */
@Injectable()
export class TelegramRepository {
  /** The client's bot row (token, channel, update offset), if any. */
  async bot(tx: Tx) {
    const [b] = await tx.select().from(telegramBots);
    return b;
  }

  /** The bot row locked for the rest of the transaction (two link calls never read the same updates). */
  async botForUpdate(tx: Tx) {
    const [b] = await tx.select().from(telegramBots).for('update');
    return b;
  }

  /** Stores the token and/or channel (an empty one clears it; a new token restarts the update offset). */
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
  }

  /** Moves the bot's getUpdates offset past the updates read. */
  async setOffset(tx: Tx, clientId: string, offset: number): Promise<void> {
    await tx.update(telegramBots).set({ updateOffset: offset }).where(eq(telegramBots.clientId, clientId));
  }

  /** A new one-time code for the user (their older ones, and every expired one, are dropped). */
  async newCode(tx: Tx, clientId: string, userId: string): Promise<{ code: string; expires: Date }> {
    await tx.delete(telegramCodes).where(eq(telegramCodes.userId, userId));
    await tx.delete(telegramCodes).where(lt(telegramCodes.expiresAt, new Date()));
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const expires = new Date(Date.now() + CODE_TTL_MS);
    await tx.insert(telegramCodes).values({ clientId, code, userId, expiresAt: expires });
    return { code, expires };
  }

  /** Uses a code: its user, or undefined when unknown or expired (a used code is deleted). */
  async takeCode(tx: Tx, code: string): Promise<string | undefined> {
    const [row] = await tx
      .delete(telegramCodes)
      .where(and(eq(telegramCodes.code, code), gt(telegramCodes.expiresAt, new Date())))
      .returning({ userId: telegramCodes.userId });
    return row?.userId;
  }

  /** Links (or re-links) a user's chat. */
  async link(tx: Tx, clientId: string, userId: string, chatId: string): Promise<void> {
    await tx
      .insert(telegramLinks)
      .values({ clientId, userId, chatId })
      .onConflictDoUpdate({ target: [telegramLinks.clientId, telegramLinks.userId], set: { chatId, linkedAt: new Date() } });
  }

  /** The user's linked chat, if any. */
  async linkOf(tx: Tx, userId: string) {
    const [l] = await tx.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
    return l;
  }

  async unlink(tx: Tx, userId: string): Promise<void> {
    await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
  }

  /** The client's Telegram bot (whether it has a token), its channel, and the linked chats of these users. */
  async targets(tx: Tx, userIds: string[]): Promise<{ bot: boolean; channel: string | null; chats: Map<string, string> }> {
    const [bot] = await tx.select({ token: telegramBots.token, channel: telegramBots.channel }).from(telegramBots);
    if (!bot?.token) return { bot: false, channel: null, chats: new Map<string, string>() };
    const links = await tx.select().from(telegramLinks).where(inArray(telegramLinks.userId, userIds));
    return { bot: true, channel: bot.channel, chats: new Map(links.map((l) => [l.userId, l.chatId])) };
  }
}
