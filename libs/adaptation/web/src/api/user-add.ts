import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** The add-newcomer form's body. */
export type AddUserInput = z.input<typeof adaptationRoutes.userAdd.body>;
/** POST api/adaptation/add_user (HR): a newcomer on a track; 400/409 with the §5 field errors. */
export const addUser = (body: AddUserInput) => call(adaptationRoutes.userAdd, { body, silent: true });
/** Adds a newcomer and refreshes the participants and counts. */
export function useAddUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addUser, onSuccess: () => qc.invalidateQueries({ queryKey: adaptationKeys.all }) });
}
