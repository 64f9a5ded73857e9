import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** DELETE api/shop/shop_items/{id}: 409 when it has sales. */
export const itemDelete = (id: string) => call(shopRoutes.itemDelete, { params: { id }, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useItemDelete() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: itemDelete, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
