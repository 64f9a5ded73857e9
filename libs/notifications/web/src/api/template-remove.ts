import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { call } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** DELETE /api/notif_template/{id} (§7 Templates). */
export const removeTemplate = (id: string) => call(notificationsRoutes.templateRemove, { params: { id }, silent: true });

/** Deletes a template and refreshes the list. */
export function useRemoveTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.templates() }) });
}
