import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** POST api/shop/{client}/achievements (manager). */
export const achievementCreate = ({ client, ...body }: z.input<typeof shopRoutes.achievementCreate.body> & { client: string }) =>
  call(shopRoutes.achievementCreate, { params: { client }, body, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useAchievementCreate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: achievementCreate, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
