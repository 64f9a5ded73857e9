import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatRoutes } from '@intranet/chat-contract';
import { call, routeQuery } from '@intranet/web-api';
import { useSession } from '@intranet/web-session';
import { chatKeys } from './keys.ts';

/** GET /api/chat/rooms/{id} (§7 Chat): the rooms of user `uid` (the caller), latest activity first, filtered by `search`. */
export const roomListQueryOptions = (uid: string, search: string) =>
  routeQuery(chatKeys.roomList(search), chatRoutes.roomList, { params: { id: uid }, query: search ? { search } : {} });

/** The caller's rooms, optionally filtered by `search` (room or member name). */
export function useRooms(search: string) {
  const { uid } = useSession();
  return useQuery({ ...roomListQueryOptions(uid ?? '', search), enabled: !!uid });
}

/**
 * The caller's unread total over all rooms (issue 16, the menu badge): the same route read with one room, kept as a
 * plain number under `chatKeys.unread()` so the socket events can add to it in place.
 */
export const unreadTotalQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: chatKeys.unread(),
    queryFn: async ({ signal }) => (await call(chatRoutes.roomList, { params: { id: uid }, query: { limit: 1 }, signal, silent: true })).unread_total,
    staleTime: Infinity,
  });

/** The caller's unread total while `enabled` (signed in to a workspace with the chat right). */
export const useUnreadTotal = (uid: string, enabled: boolean) => useQuery({ ...unreadTotalQueryOptions(uid), enabled });
