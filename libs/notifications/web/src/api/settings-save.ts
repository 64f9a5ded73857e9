import { useQueryClient } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { settingsClientQueryOptions } from './settings-client.ts';
import { settingsUserQueryOptions } from './settings-user.ts';

/** The body of PUT /api/user/notifications. */
export type SettingsSave = z.input<typeof notificationsRoutes.settingsSave.body>;

/**
 * PUT /api/user/notifications (§7 Users notifications settings): saves one's own switches, an employee's
 * (`user_id`, administrators) or the client's defaults (`client_id`); answers the saved settings.
 */
export const saveSettings = (body: SettingsSave) => call(notificationsRoutes.settingsSave, { body, silent: true });

/** `saveSettings` that puts the answer in the cache of the user's or the client's settings it saved (no refetch). */
export function useSaveSettings() {
  const qc = useQueryClient();
  return async (body: SettingsSave) => {
    const r = await saveSettings(body);
    qc.setQueryData((r.user_id ? settingsUserQueryOptions(r.user_id) : settingsClientQueryOptions(r.client_id)).queryKey, r);
    return r;
  };
}
