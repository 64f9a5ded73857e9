import { useQuery } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET /api/notification/telegram/bot/{client} (§3 Client Telegram channel): whether a bot is set, and its channel. */
export const telegramBotQueryOptions = (client: string) =>
  routeQuery(notificationKeys.telegramBot(client), notificationsAdminRoutes.telegramBot, { params: { client } });
/** The client's Telegram bot (the token is never answered). */
export const useTelegramBot = (client: string) => useQuery(telegramBotQueryOptions(client));
