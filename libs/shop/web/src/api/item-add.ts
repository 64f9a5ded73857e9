import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/shop_items/{id}/add/{amount}: more stock. */
export const itemAdd = ({ id, amount }: { id: string; amount: number }) => call(shopRoutes.itemAdd, { params: { id, amount }, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useItemAdd() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: itemAdd, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
