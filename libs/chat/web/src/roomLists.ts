import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  chatEvents,
  type ChatMessage,
  type ChatMsgDeletedEvent,
  type ChatMsgEvent,
  type ChatRoom,
  type ChatRoomRemovedEvent,
  type ChatRoomSummary,
  type ChatSeenEvent,
} from '@intranet/chat-contract';
import { acquireRealtime, useSession } from '@intranet/web-session';
import { chatKeys } from './api/keys.ts';

type RoomsPage = { rooms: ChatRoomSummary[]; unread_total: number; next: string | null };

/** The room currently open on this page (its messages count as read, not unread). */
let openRoom: string | null = null;
export const setOpenRoom = (id: string | null) => {
  openRoom = id;
};
/** Whether room `id` is open on this page (the menu badge does not count its messages). */
export const isOpenRoom = (id: string) => openRoom === id;

const eachRoomList = (qc: QueryClient, fn: (p: RoomsPage) => RoomsPage) => {
  for (const [key, data] of qc.getQueriesData<RoomsPage>({ queryKey: chatKeys.roomLists() })) if (data) qc.setQueryData(key, fn(data));
};

/** A new message in the room lists: last message, order, unread (not for one's own nor for the open room). */
export function applyMessage(qc: QueryClient, msg: ChatMessage, me: string): boolean {
  let known = false;
  const counts = msg.senderId !== me && openRoom !== msg.room_id;
  eachRoomList(qc, (p) => {
    const i = p.rooms.findIndex((r) => r._id === msg.room_id);
    if (i < 0) return p;
    known = true;
    const r = p.rooms[i];
    if (r.last && r.last._id >= msg._id) return p;
    const next = { ...r, last: msg, last_at: msg.date, unread: r.unread + (counts ? 1 : 0) };
    return { ...p, rooms: [next, ...p.rooms.filter((_, j) => j !== i)], unread_total: p.unread_total + (counts ? 1 : 0) };
  });
  return known;
}

/** The caller read a room: its unread count in the lists. */
export function applyRead(qc: QueryClient, roomId: string, unread: number, unreadTotal: number): void {
  qc.setQueryData(chatKeys.unread(), unreadTotal);
  eachRoomList(qc, (p) => ({ ...p, rooms: p.rooms.map((r) => (r._id === roomId ? { ...r, unread } : r)), unread_total: unreadTotal }));
}

/** A member's read position in the open room's cache. */
export function applySeen(qc: QueryClient, e: ChatSeenEvent): void {
  qc.setQueriesData<ChatRoom>({ queryKey: chatKeys.room(e.room_id) }, (r) =>
    r
      ? { ...r, members: r.members.map((m) => (m._id === e.user_id && (!m.last_seen || m.last_seen < e.last_seen) ? { ...m, last_seen: e.last_seen } : m)) }
      : r,
  );
  eachRoomList(qc, (p) => ({
    ...p,
    rooms: p.rooms.map((r) =>
      r._id === e.room_id && r.last && r.last.senderId !== e.user_id && r.last._id <= e.last_seen ? { ...r, last: { ...r.last, seen: true } } : r,
    ),
  }));
}

/**
 * §4 realtime for the room lists while a chat page is mounted: messages update the lists in place; room changes
 * and anything unknown refetch them; after a reconnect everything is refetched (events sent meanwhile are lost).
 */
export function useChatListRealtime(): void {
  const qc = useQueryClient();
  const { uid, token, client, isSuperadmin } = useSession();
  const enabled = !!uid && !!token && !!client?._id && !isSuperadmin;
  useEffect(() => {
    if (!enabled) return;
    const rt = acquireRealtime();
    const refetch = () => void qc.invalidateQueries({ queryKey: chatKeys.roomLists() });
    rt.on<ChatMsgEvent>(chatEvents.msgCreated.subject, (e) => {
      if (!applyMessage(qc, e.msg, uid!)) refetch();
    });
    rt.on<ChatMsgEvent>(chatEvents.msgUpdated.subject, refetch);
    rt.on<ChatMsgDeletedEvent>(chatEvents.msgDeleted.subject, refetch);
    rt.on<ChatSeenEvent>(chatEvents.msgSeen.subject, (e) => applySeen(qc, e));
    rt.on(chatEvents.roomCreated.subject, refetch);
    rt.on(chatEvents.roomUpdated.subject, (e: { room_id: string }) => {
      refetch();
      void qc.invalidateQueries({ queryKey: chatKeys.room(e.room_id) });
    });
    rt.on<ChatRoomRemovedEvent>(chatEvents.roomRemoved.subject, (e) => {
      refetch();
      void qc.invalidateQueries({ queryKey: chatKeys.room(e.room_id) });
    });
    rt.onReconnect(() => void qc.invalidateQueries({ queryKey: chatKeys.all }));
    return () => rt.release();
  }, [qc, enabled, uid]);
}
