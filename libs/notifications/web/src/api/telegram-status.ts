import { useQuery } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET /api/notification/telegram/link (§1 channels): whether the caller's Telegram chat is linked. */
export const telegramStatusQueryOptions = () => routeQuery(notificationKeys.telegramLink(), notificationsAdminRoutes.telegramStatus);
/** Whether the caller's Telegram chat is linked. */
export const useTelegramStatus = () => useQuery(telegramStatusQueryOptions());
