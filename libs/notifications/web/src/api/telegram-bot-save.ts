import { useQueryClient } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { telegramBotQueryOptions } from './telegram-bot.ts';

/** The body of PUT /api/notification/telegram/bot (as the bot form parses it). */
export type TelegramBotBody = z.output<typeof notificationsAdminRoutes.telegramBotSave.body>;

/** PUT /api/notification/telegram/bot (§3 Client Telegram channel): token (null removes, absent keeps) and channel. */
export const saveTelegramBot = (body: TelegramBotBody) => call(notificationsAdminRoutes.telegramBotSave, { body, silent: true });

/** `saveTelegramBot` that puts the answer in the bot query's cache of `client`. */
export function useSaveTelegramBot(client: string) {
  const qc = useQueryClient();
  return async (body: TelegramBotBody) => {
    const r = await saveTelegramBot(body);
    qc.setQueryData(telegramBotQueryOptions(client).queryKey, r);
    return r;
  };
}
