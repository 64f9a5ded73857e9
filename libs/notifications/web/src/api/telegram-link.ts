import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import { call } from '@intranet/web-api';
import { telegramStatusQueryOptions } from './telegram-status.ts';

/** POST /api/notification/telegram/link (§1 channels): links the caller's chat if the bot got the caller's code. */
export const telegramLink = () => call(notificationsAdminRoutes.telegramLink, { silent: true });
/** Checks the link; the answer replaces the link status. */
export function useTelegramLink() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: telegramLink, onSuccess: (r) => qc.setQueryData(telegramStatusQueryOptions().queryKey, r) });
}
