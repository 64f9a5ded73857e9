import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoutes, type ChatRoom } from '@intranet/chat-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { chatKeys } from './keys.ts';

/** PUT /api/chat/room (§7 Chat): the owner renames a group room, adds and removes members. Answers the room. */
export const updateRoom = (body: z.input<typeof chatRoutes.roomUpdate.body>) => call(chatRoutes.roomUpdate, { body, silent: true });

/** Puts an updated room into its cache entry and refreshes the room lists (its name or member count changed). */
export function useRoomUpdated() {
  const qc = useQueryClient();
  return (room: ChatRoom) => {
    qc.setQueriesData<ChatRoom>({ queryKey: chatKeys.room(room._id) }, room);
    void qc.invalidateQueries({ queryKey: chatKeys.roomLists() });
  };
}

/** Adds or removes members of room `roomId` (its owner); the room's cache and the lists follow. */
export function useChangeMembers(roomId: string) {
  const updated = useRoomUpdated();
  return useMutation({
    mutationFn: (change: { add?: string[]; remove?: string[] }) => updateRoom({ _id: roomId, ...change }),
    onSuccess: updated,
  });
}
