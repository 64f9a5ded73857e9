import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** POST /api/adaptation/items (§7 Adaptation): a new item; 400 with field errors for a bad name. */
export const createItem = (body: z.input<typeof adaptationRoutes.itemCreate.body>) => call(adaptationRoutes.itemCreate, { body, silent: true });

/** Creates an item and refreshes the list (through its key). */
export function useCreateItem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createItem, onSuccess: () => qc.invalidateQueries({ queryKey: adaptationKeys.items() }) });
}
