import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatText } from './locales.ts';
import { chatEvents, type ChatMsgEvent, type ChatSeenEvent } from '@intranet/chat-contract';
import { acquireRealtime, useSession } from '@intranet/web-session';
import { chatKeys } from './api/keys.ts';
import { useUnreadTotal } from './api/room-list.ts';
import { isOpenRoom } from './roomLists.ts';
import './chat.css';

/**
 * The unread total in the shell's menu (issue 16; §7 GET api/chat/rooms/{id} answers `unread_total`, read once with
 * one room): kept live from the socket events chat already emits — a message of someone else in a room not open
 * here adds one; the caller's own seen (any tab), a deleted message, a room gone or added, and a reconnect read it
 * again. The open room's read answer sets it (applyRead). Exposed by the chat remote as `chat/UnreadBadge` in the
 * shell's `menu:chats` slot. Test id: chat-unread-total (only when above 0).
 */
export function UnreadBadge() {
  const { t } = chatText.useT();
  const qc = useQueryClient();
  const { uid, token, client, isSuperadmin, hasRight } = useSession();
  const enabled = !!uid && !!token && !!client?._id && !isSuperadmin && hasRight('chat');
  const q = useUnreadTotal(uid ?? '', enabled);
  useEffect(() => {
    if (!enabled) return;
    const rt = acquireRealtime();
    const reread = () => void qc.invalidateQueries({ queryKey: chatKeys.unread() });
    rt.on<ChatMsgEvent>(chatEvents.msgCreated.subject, (e) => {
      if (e.msg.senderId === uid || isOpenRoom(e.msg.room_id)) return;
      qc.setQueryData<number>(chatKeys.unread(), (n) => (n ?? 0) + 1);
    });
    rt.on<ChatSeenEvent>(chatEvents.msgSeen.subject, (e) => {
      if (e.user_id === uid) reread();
    });
    rt.on(chatEvents.msgDeleted.subject, reread);
    rt.on(chatEvents.roomCreated.subject, reread);
    rt.on(chatEvents.roomRemoved.subject, reread);
    rt.onReconnect(reread);
    return () => rt.release();
  }, [qc, enabled, uid]);
  const n = q.data ?? 0;
  if (!enabled || n <= 0) return null;
  return (
    <span className="chat-menu-badge" data-testid="chat-unread-total" aria-label={t('unread', { count: n })} title={t('unread', { count: n })}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
