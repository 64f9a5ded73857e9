import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

type MarkRead = z.input<typeof notificationsRoutes.notificationMarkRead.body>;

/** PUT /api/notification (§7 Notifications): marks the caller's notifications read — one (`_id`), a section, or all. */
export const markRead = (body: MarkRead) => call(notificationsRoutes.notificationMarkRead, { body, silent: true });

/** Marks read and refreshes every list and count of the domain (whether it worked or not). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markRead, onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }) });
}
