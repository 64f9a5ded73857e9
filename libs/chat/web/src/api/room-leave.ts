import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/** POST /api/chat/room/{id}/leave (§7 Chat): leaves a group room (an owner who leaves hands it to the longest member). */
export const leaveRoom = (id: string) => call(chatRoutes.roomLeave, { params: { id } });
