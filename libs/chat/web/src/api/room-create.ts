import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoutes } from '@intranet/chat-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { chatKeys } from './keys.ts';

/**
 * POST /api/chat/room (§7 Chat): a direct chat with one colleague (the existing one comes back) or a group room
 * with a name and members. Answers the room; errors are ApiError (§8), shown by the caller.
 */
export const createRoom = (body: z.input<typeof chatRoutes.roomCreate.body>) => call(chatRoutes.roomCreate, { body, silent: true });

/** Creates a room (see `createRoom`); the room lists are read again so it shows at once. */
export function useCreateRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.roomLists() }),
  });
}
