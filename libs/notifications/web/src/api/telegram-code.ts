import { useMutation } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { call } from '@intranet/web-api';

/** POST /api/notification/telegram/code (§1 channels, issue 10): a one-time code (15 min) to send to the company bot. */
export const telegramCode = () => call(notificationsAdminRoutes.telegramCode, { silent: true });
/** Asks for a linking code; `data.code` is shown to the user. */
export const useTelegramCode = () => useMutation({ mutationFn: telegramCode });
