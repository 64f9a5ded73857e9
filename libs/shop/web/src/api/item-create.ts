import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/{client_id}/shop_items: a new item (manager). */
export const itemCreate = ({ client, ...body }: z.input<typeof shopRoutes.itemCreate.body> & { client: string }) =>
  call(shopRoutes.itemCreate, { params: { client_id: client }, body, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useItemCreate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: itemCreate, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
