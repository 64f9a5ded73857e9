import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { call } from '@intranet/web-api';
import { telegramStatusQueryOptions } from './telegram-status.ts';

/** DELETE /api/notification/telegram/link (§1 channels): unlinks the caller's Telegram chat. */
export const telegramUnlink = () => call(notificationsAdminRoutes.telegramUnlink, { silent: true });
/** Unlinks; the answer replaces the link status. */
export function useTelegramUnlink() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: telegramUnlink, onSuccess: (r) => qc.setQueryData(telegramStatusQueryOptions().queryKey, r) });
}
