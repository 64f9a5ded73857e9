import { useQueryClient } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { assistantSettingsQueryOptions } from './assistant-settings.ts';

/** PUT api/kb/assistant/settings (issue 37): saves the AI data and connection. Silent: the form shows the errors. */
export const configureAssistant = (body: z.input<typeof kbRoutes.assistantConfigure.body>) => call(kbRoutes.assistantConfigure, { body, silent: true });

/** Saves and puts the answer in the settings query's cache. */
export function useConfigureAssistant() {
  const qc = useQueryClient();
  return async (body: z.input<typeof kbRoutes.assistantConfigure.body>) => {
    const r = await configureAssistant(body);
    qc.setQueryData(assistantSettingsQueryOptions().queryKey, r);
    return r;
  };
}
