import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  chatEvents,
  type ChatMessage,
  type ChatMsgDeletedEvent,
  type ChatMsgEvent,
  type ChatRoomRemovedEvent,
  type ChatTypingEvent,
} from '@intranet/chat-contract';
import { PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { acquireRealtime, useSession } from '@intranet/web-session';
import { Alert, Button, ErrorState, Loader } from '@intranet/web-ui';
import { chatKeys } from './api/keys.ts';
import { useRoom } from './api/room-get.ts';
import { markSeen } from './api/room-seen.ts';
import { ChatAvatar } from './ChatAvatar.tsx';
import { Composer } from './Composer.tsx';
import { chatText } from './locales.ts';
import { MessageList } from './MessageList.tsx';
import { RoomSettings } from './RoomSettings.tsx';
import { applyRead, setOpenRoom } from './roomLists.ts';
import { useRoomHistory } from './useRoomHistory.ts';

/** How long the typing indicator stays without news. */
const TYPING_SHOW_MS = 5000;

/** One open room: header, virtualised history, typing line, composer; settings in a dialog. */
export function Room({ id }: { id: string }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const room = useRoom(id);
  const { msgs, older, loaded, loadError, merge, drop, loadNewest, loadOlder } = useRoomHistory(id);
  const [typing, setTyping] = useState<Record<string, { name: string; until: number }>>({});
  const [removed, setRemoved] = useState(false);
  const [settings, setSettings] = useState(false);
  const [editing, setEditing] = useState<ChatMessage | null>(null);

  useEffect(() => {
    setOpenRoom(id);
    void loadNewest();
    return () => setOpenRoom(null);
  }, [id, loadNewest]);

  // §4 realtime of this room: messages, edits, deletions, typing; removal closes it.
  useEffect(() => {
    const rt = acquireRealtime();
    rt.on<ChatMsgEvent>(chatEvents.msgCreated.subject, (e) => {
      if (e.msg.room_id !== id) return;
      merge([e.msg]);
      setTyping((cur) => {
        if (!cur[e.msg.senderId]) return cur;
        const { [e.msg.senderId]: _gone, ...rest } = cur;
        return rest;
      });
    });
    rt.on<ChatMsgEvent>(chatEvents.msgUpdated.subject, (e) => e.msg.room_id === id && merge([e.msg]));
    rt.on<ChatMsgDeletedEvent>(chatEvents.msgDeleted.subject, (e) => e.room_id === id && drop(e._id));
    rt.on<ChatTypingEvent>(chatEvents.typing.subject, (e) => {
      if (e.room_id !== id || e.user_id === uid) return;
      setTyping((cur) => {
        const { [e.user_id]: _old, ...rest } = cur;
        return e.typing ? { ...rest, [e.user_id]: { name: e.username, until: Date.now() + TYPING_SHOW_MS } } : rest;
      });
    });
    rt.on<ChatRoomRemovedEvent>(chatEvents.roomRemoved.subject, (e) => e.room_id === id && setRemoved(true));
    rt.onReconnect(() => void loadNewest());
    return () => rt.release();
  }, [id, uid, merge, drop, loadNewest]);

  // Typing lines expire without news.
  useEffect(() => {
    const names = Object.values(typing);
    if (!names.length) return;
    const next = Math.min(...names.map((n) => n.until)) - Date.now();
    const timer = setTimeout(() => setTyping((cur) => Object.fromEntries(Object.entries(cur).filter(([, v]) => v.until > Date.now()))), Math.max(next, 50));
    return () => clearTimeout(timer);
  }, [typing]);

  // Read: the newest message of another member, while the page is visible (PUT api/chat/room/{id}/seen).
  const marked = useRef<string | null>(null);
  const newestOther = [...msgs].reverse().find((m) => m.senderId !== uid);
  const myPos = room.data?.members.find((m) => m._id === uid)?.last_seen ?? null;
  useEffect(() => {
    if (!newestOther || removed) return;
    const target = newestOther._id;
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || (marked.current && marked.current >= target) || (myPos && myPos >= target)) return;
      marked.current = target;
      markSeen(id, target)
        .then((r) => applyRead(qc, id, r.unread, r.unread_total))
        .catch(() => {
          marked.current = null;
        });
    };
    onVisible();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [newestOther?._id, myPos, id, qc, removed]);

  if (room.isError) {
    return (
      <div className="chat-room">
        {/* An unknown room (or one out of reach) reads like every not-found page (docs/glossary.md), with the way back. */}
        {pageLoadKind(room.error) !== 'error' ? (
          <PageLoadError error={room.error} home={<Link to="/chat">{t('back')}</Link>} />
        ) : (
          <ErrorState onRetry={() => void room.refetch()} />
        )}
      </div>
    );
  }
  if (room.isPending) return <Loader />;
  const r = room.data;
  const typingNames = Object.values(typing).map((v) => v.name);
  return (
    <div className="chat-room" data-testid="chat-room">
      <header className="chat-room__head">
        <Link to="/chat" className="chat-back" aria-label={t('back')}>
          ←
        </Link>
        <ChatAvatar name={r.name} src={r.peer?.avatar} />
        <div className="chat-room__title">
          <h1 data-testid="chat-room-name">{r.name}</h1>
          {!r.direct ? <span className="chat-muted">{t('members', { count: r.members_count })}</span> : null}
        </div>
        <Button size="small" variant="secondary" onClick={() => setSettings(true)} data-testid="chat-settings">
          {t('settings')}
        </Button>
      </header>
      {removed ? (
        <Alert kind="info" testId="chat-removed">
          {t('removed')}
        </Alert>
      ) : null}
      {/* The history fills the pane whatever it holds (nothing yet, a loader, an error): the composer stays at its foot. */}
      <div className="chat-room__body">
        {loadError ? (
          <ErrorState onRetry={() => void loadNewest()} />
        ) : !loaded ? (
          <Loader />
        ) : (
          <MessageList room={r} msgs={msgs} older={older} onOlder={loadOlder} onEdit={setEditing} onDeleted={drop} />
        )}
      </div>
      <div className="chat-typing" aria-live="polite" data-testid="chat-typing">
        {typingNames.length ? t('typing', { name: typingNames.join(', ') }) : ''}
      </div>
      {!removed ? <Composer roomId={id} onSent={(m) => merge([m])} editing={editing} onEditDone={() => setEditing(null)} /> : null}
      <RoomSettings
        open={settings}
        room={r}
        onClose={() => setSettings(false)}
        onGone={() => {
          void qc.invalidateQueries({ queryKey: chatKeys.roomLists() });
          navigate('/chat');
        }}
      />
    </div>
  );
}
