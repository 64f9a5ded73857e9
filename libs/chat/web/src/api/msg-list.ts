import { chatRoutes } from '@intranet/chat-contract';
import { routeQuery } from '@intranet/web-api';
import { chatKeys } from './keys.ts';

/**
 * GET /api/chat/room/{id}/msgs (§7 Chat): one page of a room's history, oldest first — the newest page, or the one
 * before message `before`. The room reads pages with `queryClient.fetchQuery` and merges them with the socket's
 * messages itself (see useRoomHistory).
 */
export const msgListQueryOptions = (id: string, before?: string) =>
  routeQuery(chatKeys.msgs(id), chatRoutes.msgList, { params: { id }, query: before ? { before } : {} });
