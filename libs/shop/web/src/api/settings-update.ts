import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** PUT api/shop: the settings (admin). */
export const settingsUpdate = (body: z.input<typeof shopRoutes.settingsUpdate.body>) => call(shopRoutes.settingsUpdate, { body, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useSettingsUpdate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: settingsUpdate, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
