import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { settingsGetQueryOptions } from './settings-get.ts';

/** The settings form's body. */
export type SettingsInput = z.input<typeof adaptationRoutes.settingsSave.body>;
/** POST api/adaptation/{client_id}/settings (admins): change the client's adaptation settings. */
export const saveSettings = (clientId: string, body: SettingsInput) =>
  call(adaptationRoutes.settingsSave, { params: { client_id: clientId }, body, silent: true });
/** Saves the settings and puts the answer in the cache. */
export function useSaveSettings(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsInput) => saveSettings(clientId, body),
    onSuccess: (r) => qc.setQueryData(settingsGetQueryOptions(clientId).queryKey, r),
  });
}
