import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/buy: 409 out of stock or not enough coins. */
export const purchaseCreate = (item: string) => call(shopRoutes.purchaseCreate, { body: { item }, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function usePurchaseCreate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: purchaseCreate, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
