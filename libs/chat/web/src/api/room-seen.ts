import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/**
 * PUT /api/chat/room/{id}/seen (§3 Chat message seen): the caller read room `id` up to message `msgId`. Answers the
 * room's and the caller's total unread counts.
 */
export const markSeen = (id: string, msgId: string) => call(chatRoutes.roomSeen, { params: { id }, body: { msg_id: msgId }, silent: true });
