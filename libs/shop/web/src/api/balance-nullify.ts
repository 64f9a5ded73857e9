import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/balances/nullify/{client} (admin). */
export const balanceNullify = (client: string) => call(shopRoutes.balanceNullify, { params: { client }, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useBalanceNullify() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: balanceNullify, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
