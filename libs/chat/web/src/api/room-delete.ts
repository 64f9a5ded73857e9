import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/chat/room/{id} (§7 Chat): deletes a room with its messages and files (a group's owner, either side of a direct chat). */
export const deleteRoom = (id: string) => call(chatRoutes.roomDelete, { params: { id } });
