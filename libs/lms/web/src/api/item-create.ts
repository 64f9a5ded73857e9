import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** POST /api/lms/items (§7 Lms): a new item; 400 with field errors for a bad name. */
export const createItem = (body: z.input<typeof lmsRoutes.itemCreate.body>) => call(lmsRoutes.itemCreate, { body, silent: true });

/** Creates an item and refreshes the list (through its key). */
export function useCreateItem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createItem, onSuccess: () => qc.invalidateQueries({ queryKey: lmsKeys.items() }) });
}
