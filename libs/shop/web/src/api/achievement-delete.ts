import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';
import { shopKeys } from './keys.ts';

/** DELETE api/shop/achievements/{id} (manager). */
export const achievementDelete = (id: string) => call(shopRoutes.achievementDelete, { params: { id }, silent: true });

/** The call as a mutation that refreshes every shop query. */
export function useAchievementDelete() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: achievementDelete, onSettled: () => qc.invalidateQueries({ queryKey: shopKeys.all }) });
}
