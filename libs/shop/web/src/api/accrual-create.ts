import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/accrue (manager). */
export const accrualCreate = (body: z.input<typeof shopRoutes.accrualCreate.body>) => call(shopRoutes.accrualCreate, { body, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useAccrualCreate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: accrualCreate, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
