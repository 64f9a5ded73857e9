import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** DELETE /api/lms/items/{id} (§7 Lms): its author or an admin; 403 else, 404 unknown. */
export const removeItem = (id: string) => call(lmsRoutes.itemRemove, { params: { id }, silent: true });

/** Deletes an item and refreshes the list (through its key). */
export function useRemoveItem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeItem, onSettled: () => qc.invalidateQueries({ queryKey: lmsKeys.items() }) });
}
