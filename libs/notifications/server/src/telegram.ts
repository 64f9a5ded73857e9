import type { Api } from 'grammy';
import type { Database } from '@intranet/platform-db';
import type { ChannelAdapter } from './channels.ts';
import type { TelegramRepository } from './telegram.repository.ts';

/**
 * A grammy Bot API client for a bot token under `apiRoot` (TELEGRAM_API_ROOT; tests use a local stand-in).
 * grammy is imported on the first call, not at start-up (issue 39: ≈ 65 ms of every portal start otherwise).
 */
export async function botApi(token: string, apiRoot: string): Promise<Api> {
  const grammy = await import('grammy');
  return new grammy.Api(token, { apiRoot, timeoutSeconds: 15 });
}

/**
 * Links chats by the codes users sent to the client's bot (Bot API getUpdates from the stored offset, in the
 * tenant transaction that holds the bot row locked, so two calls never read the same updates): a private message
 * whose text is (or ends with, as in `/start CODE`) a valid code links that chat to the code's user. Output: the
 * users linked. Errors: Bot API errors pass through.
 */
export async function linkFromUpdates(db: Database, repo: TelegramRepository, clientId: string, apiRoot: string): Promise<string[]> {
  return db.inTenant({ clientId }, async (tx) => {
    const bot = await repo.botForUpdate(tx);
    if (!bot?.token) return [];
    const api = await botApi(bot.token, apiRoot);
    const updates = await api.getUpdates({ offset: bot.updateOffset || undefined, timeout: 0, allowed_updates: ['message'] });
    const linked: string[] = [];
    let offset = bot.updateOffset;
    for (const u of updates) {
      offset = Math.max(offset, u.update_id + 1);
      const m = u.message;
      if (!m?.text) continue;
      const code = m.text.trim().split(/\s+/).pop()!.toUpperCase();
      const userId = await repo.takeCode(tx, code);
      if (!userId) continue;
      await repo.link(tx, clientId, userId, String(m.chat.id));
      linked.push(userId);
    }
    if (offset !== bot.updateOffset) await repo.setOffset(tx, clientId, offset);
    return linked;
  });
}

/**
 * The Telegram channel adapter: sends the message through the client's bot (its token comes with the due row as
 * `credential`) to `target` (the user's linked chat, or the client's channel). A refused call rejects with the Bot
 * API's error code as `status` (the worker retries; the failing-channel report shows `http_<code>`).
 */
export function telegramChannel(apiRoot: string): ChannelAdapter {
  return {
    channel: 'telegram',
    async send(msg) {
      if (!msg.credential) throw Object.assign(new Error('The company has no Telegram bot'), { code: 'ETELEGRAMNOBOT' });
      // A shared channel names whom it is for (notify leaves `recipient` empty for the user's own chat).
      const text = `${msg.recipient ? `${msg.recipient}: ` : ''}${msg.text}`;
      try {
        const api = await botApi(msg.credential, apiRoot);
        await api.sendMessage(msg.target, text.slice(0, 4096), { link_preview_options: { is_disabled: true } });
      } catch (err) {
        const status = (err as { error_code?: number }).error_code;
        throw Object.assign(new Error(String((err as Error).message)), status ? { status } : {});
      }
    },
  };
}
