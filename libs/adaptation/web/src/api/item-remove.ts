import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { call } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** DELETE /api/adaptation/items/{id} (§7 Adaptation): its author or an admin; 403 else, 404 unknown. */
export const removeItem = (id: string) => call(adaptationRoutes.itemRemove, { params: { id }, silent: true });

/** Deletes an item and refreshes the list (through its key). */
export function useRemoveItem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeItem, onSettled: () => qc.invalidateQueries({ queryKey: adaptationKeys.items() }) });
}
