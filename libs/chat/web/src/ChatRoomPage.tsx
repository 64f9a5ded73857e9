import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { chatText } from './locales.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  chatEvents,
  chatRoutes,
  type ChatMessage,
  type ChatMsgDeletedEvent,
  type ChatMsgEvent,
  type ChatRoom,
  type ChatRoomRemovedEvent,
  type ChatTypingEvent,
} from '@intranet/chat-contract';
import type { User } from '@intranet/people-contract';
import { call, isApiError } from '@intranet/web-api';
import { formatSize, PageLoadError, pageLoadKind, useErrorText, useFormatDate } from '@intranet/web-i18n';
import { acquireRealtime, useSession } from '@intranet/web-session';
import { Alert, Button, ConfirmDialog, EmptyState, ErrorState, Input, Loader, Modal } from '@intranet/web-ui';
import { ChatAvatar, PeoplePicker, RoomList } from './ChatPage.tsx';
import { Composer } from './Composer.tsx';
import { applyRead, chatKeys, setOpenRoom, useRoom } from './data.ts';
import './chat.css';

/** How long the typing indicator stays without news. */
const TYPING_SHOW_MS = 5000;

type Row = { kind: 'day'; key: string; label: string } | { kind: 'msg'; key: string; m: ChatMessage; first: boolean };

/** Messages by id, oldest first: the one place both the HTTP replies and the socket events go (never a duplicate). */
function mergeById(cur: ChatMessage[], add: ChatMessage[]): ChatMessage[] {
  if (!add.length) return cur;
  const by = new Map(cur.map((m) => [m._id, m]));
  for (const m of add) {
    const old = by.get(m._id);
    by.set(m._id, old ? { ...m, seen: m.seen || old.seen } : m);
  }
  return [...by.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** §2 /chat/{_id}: the room list beside the open room (a phone shows the room only). */
export function ChatRoomPage() {
  const { id = '' } = useParams();
  return (
    <section className="page chat-page chat-page--room" data-testid="chat-room-page">
      <div className="chat-layout chat-layout--room">
        <aside className="chat-aside">
          <RoomList activeId={id} />
        </aside>
        <Room key={id} id={id} />
      </div>
    </section>
  );
}

/** One open room: header, virtualised history, typing line, composer; settings in a dialog. */
function Room({ id }: { id: string }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const room = useRoom(id);
  const [msgs, setMsgs] = useState<ChatMessage[]>([]);
  const [older, setOlder] = useState<{ hasMore: boolean; before: string | null; loading: boolean }>({ hasMore: false, before: null, loading: false });
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loaded, setLoaded] = useState(false);
  const [typing, setTyping] = useState<Record<string, { name: string; until: number }>>({});
  const [removed, setRemoved] = useState(false);
  const [settings, setSettings] = useState(false);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const merge = useCallback((add: ChatMessage[]) => setMsgs((cur) => mergeById(cur, add)), []);

  // The newest page, then (again) after a reconnect: whatever arrived meanwhile is merged by id.
  const loadNewest = useCallback(async () => {
    try {
      const page = await call(chatRoutes.msgList, { params: { id }, query: {}, silent: true });
      setMsgs((cur) => (cur.length ? mergeById(cur, page.msgs) : page.msgs));
      setOlder((o) => (o.before ? o : { hasMore: page.hasMore, before: page.before, loading: false }));
      setLoaded(true);
    } catch (err) {
      setLoadError(err);
    }
  }, [id]);

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
    rt.on<ChatMsgDeletedEvent>(chatEvents.msgDeleted.subject, (e) => e.room_id === id && setMsgs((cur) => cur.filter((m) => m._id !== e._id)));
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
  }, [id, uid, merge, loadNewest]);

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
    const markSeen = () => {
      if (document.visibilityState !== 'visible' || (marked.current && marked.current >= target) || (myPos && myPos >= target)) return;
      marked.current = target;
      call(chatRoutes.roomSeen, { params: { id }, body: { msg_id: target }, silent: true })
        .then((r) => applyRead(qc, id, r.unread, r.unread_total))
        .catch(() => {
          marked.current = null;
        });
    };
    markSeen();
    document.addEventListener('visibilitychange', markSeen);
    return () => document.removeEventListener('visibilitychange', markSeen);
  }, [newestOther?._id, myPos, id, qc, removed]);

  const loadOlder = useCallback(async () => {
    if (!older.hasMore || older.loading || !older.before) return;
    setOlder((o) => ({ ...o, loading: true }));
    try {
      const page = await call(chatRoutes.msgList, { params: { id }, query: { before: older.before }, silent: true });
      merge(page.msgs);
      setOlder({ hasMore: page.hasMore, before: page.before, loading: false });
    } catch {
      setOlder((o) => ({ ...o, loading: false }));
    }
  }, [id, older, merge]);

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
          <MessageList
            room={r}
            msgs={msgs}
            older={older}
            onOlder={loadOlder}
            onEdit={setEditing}
            onDeleted={(mid) => setMsgs((c) => c.filter((m) => m._id !== mid))}
          />
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
          void qc.invalidateQueries({ queryKey: chatKeys.roomLists });
          navigate('/chat');
        }}
      />
    </div>
  );
}

/** The virtualised history: day separators in the user's locale, bubbles, seen ticks; older pages load at the top. */
function MessageList({
  room,
  msgs,
  older,
  onOlder,
  onEdit,
  onDeleted,
}: {
  room: ChatRoom;
  msgs: ChatMessage[];
  older: { hasMore: boolean; loading: boolean };
  onOlder: () => void;
  onEdit: (m: ChatMessage) => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = chatText.useT();
  const fmt = useFormatDate();
  const { uid } = useSession();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);

  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    const today = new Date();
    const yesterday = new Date(Date.now() - 86_400_000);
    let day = '';
    let prevSender = '';
    for (const m of msgs) {
      const d = new Date(m.date);
      const dk = d.toDateString();
      if (dk !== day) {
        day = dk;
        prevSender = '';
        const label = dk === today.toDateString() ? t('today') : dk === yesterday.toDateString() ? t('yesterday') : fmt(d, { dateStyle: 'long' });
        out.push({ kind: 'day', key: `day-${dk}`, label });
      }
      out.push({ kind: 'msg', key: m._id, m, first: m.senderId !== prevSender });
      prevSender = m.senderId;
    }
    return out;
  }, [msgs, fmt, t]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 36 : 64),
    getItemKey: (i) => rows[i]!.key,
    overscan: 8,
  });

  // Keep the view: at the bottom when it was (or on one's own message); on the same message when older ones came.
  const lastKey = rows.at(-1)?.key;
  const firstKey = rows[0]?.key;
  useLayoutEffect(() => {
    if (!rows.length) return;
    const a = anchor.current;
    if (a) {
      anchor.current = null;
      const i = rows.findIndex((r) => r.key === a.key);
      if (i >= 0) {
        virtualizer.scrollToIndex(i, { align: 'start' });
        return;
      }
    }
    const last = rows.at(-1)!;
    if (atBottom.current || (last.kind === 'msg' && last.m.senderId === uid)) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [lastKey, firstKey]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 200 && older.hasMore && !older.loading) {
      const first = virtualizer.getVirtualItems()[0];
      if (first) anchor.current = { key: String(first.key), offset: first.start };
      onOlder();
    }
  };

  const othersSeen = (m: ChatMessage) => m.seen || room.members.some((x) => x._id !== m.senderId && x.last_seen && x.last_seen >= m._id);

  if (!msgs.length) return <EmptyState title={t('noMessages')} testId="chat-empty" />;
  return (
    <div className="chat-scroll" ref={scroller} onScroll={onScroll} data-testid="chat-messages">
      {older.loading ? <div className="chat-muted chat-pad">{t('loadOlder')}</div> : null}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index]!;
          return (
            <div key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="chat-vrow" style={{ transform: `translateY(${v.start}px)` }}>
              {row.kind === 'day' ? (
                <div className="chat-day" role="separator" data-testid="chat-day">
                  <span>{row.label}</span>
                </div>
              ) : (
                <Bubble
                  m={row.m}
                  first={row.first}
                  mine={row.m.senderId === uid}
                  seen={othersSeen(row.m)}
                  direct={room.direct}
                  onEdit={onEdit}
                  onDelete={setDeleting}
                />
              )}
            </div>
          );
        })}
      </div>
      <ConfirmDialog
        open={!!deleting}
        message={t('deleteConfirm')}
        confirmLabel={t('delete')}
        danger
        testId="chat-delete-confirm"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const m = deleting!;
          await call(chatRoutes.msgDelete, { params: { id: m._id } });
          onDeleted(m._id);
          setDeleting(null);
        }}
      />
    </div>
  );
}

/** One message: sender (groups), sanitised content, file or image preview, time, edited mark, ticks, actions. */
function Bubble({
  m,
  first,
  mine,
  seen,
  direct,
  onEdit,
  onDelete,
}: {
  m: ChatMessage;
  first: boolean;
  mine: boolean;
  seen: boolean;
  direct: boolean;
  onEdit: (m: ChatMessage) => void;
  onDelete: (m: ChatMessage) => void;
}) {
  const { t, i18n } = chatText.useT();
  const fmt = useFormatDate();
  const isImage = m.file?.mimetype.startsWith('image/');
  return (
    <div className={`chat-msg${mine ? ' chat-msg--mine' : ''}`} data-testid="chat-msg" data-id={m._id}>
      <div className="chat-bubble">
        {!mine && !direct && first ? <div className="chat-bubble__who">{m.username}</div> : null}
        {m.file ? (
          isImage ? (
            <a href={m.file.url} target="_blank" rel="noopener" className="chat-image">
              <img src={m.file.thumb ?? m.file.url} alt={m.file.fileName} loading="lazy" />
            </a>
          ) : (
            <a href={m.file.url} download={m.file.fileName} className="chat-file" data-testid="chat-file">
              📎 {m.file.fileName} <span className="chat-muted">{formatSize(m.file.size, i18n.language)}</span>
            </a>
          )
        ) : null}
        {m.content ? <div className="chat-content" data-testid="chat-content" dangerouslySetInnerHTML={{ __html: m.content }} /> : null}
        <div className="chat-meta">
          {m.edited ? <span>{t('edited')}</span> : null}
          <time dateTime={m.date}>{fmt(m.date, { timeStyle: 'short' })}</time>
          {mine ? (
            <span
              className={`chat-ticks${seen ? ' chat-ticks--seen' : ''}`}
              data-testid={seen ? 'chat-seen' : 'chat-sent'}
              title={seen ? t('seen') : t('sent')}
            >
              <span aria-hidden="true">{seen ? '✓✓' : '✓'}</span>
              <span className="chat-sr">{seen ? t('seen') : t('sent')}</span>
            </span>
          ) : null}
        </div>
      </div>
      {mine ? (
        <div className="chat-actions">
          <button type="button" className="chat-link" onClick={() => onEdit(m)} data-testid="chat-edit">
            {t('edit')}
          </button>
          <button type="button" className="chat-link chat-link--danger" onClick={() => onDelete(m)} data-testid="chat-delete">
            {t('delete')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Room settings: rename and members (the owner of a group), leave (a group), delete (the owner, or either side of a direct chat). */
function RoomSettings({ open, room, onClose, onGone }: { open: boolean; room: ChatRoom; onClose: () => void; onGone: () => void }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const qc = useQueryClient();
  const errorTextOf = useErrorText();
  const owner = room.owner === uid;
  const [name, setName] = useState(room.name);
  const [adding, setAdding] = useState<User[]>([]);
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  useEffect(() => setName(room.name), [room.name, open]);
  const save = useMutation({
    mutationFn: (body: { name?: string; add?: string[]; remove?: string[] }) => call(chatRoutes.roomUpdate, { body: { _id: room._id, ...body }, silent: true }),
    onSuccess: (r) => {
      qc.setQueryData(chatKeys.room(room._id), r);
      void qc.invalidateQueries({ queryKey: chatKeys.roomLists });
      setAdding([]);
    },
  });
  const nameError = isApiError(save.error) ? save.error.fields.find((f) => f.field === 'name') : undefined;
  return (
    <Modal open={open} onClose={onClose} title={t('settings')} testId="chat-settings-dialog">
      {!room.direct && owner ? (
        <form
          className="chat-settings__name"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ name });
          }}
        >
          <Input
            label={t('name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            error={nameError ? errorTextOf(nameError) : undefined}
            data-testid="chat-rename"
          />
          <Button type="submit" size="small" loading={save.isPending} data-testid="chat-rename-save">
            {t('save')}
          </Button>
        </form>
      ) : null}
      <h2 className="chat-list__heading">{t('membersTitle')}</h2>
      <ul className="chat-members" data-testid="chat-members">
        {room.members.map((m) => (
          <li key={m._id}>
            <ChatAvatar name={m.name} src={m.avatar} />
            <span className="chat-members__name">
              {m.name}
              {m.owner ? <span className="chat-muted"> · {t('owner')}</span> : null}
              {m.deleted ? <span className="chat-muted"> · {t('deleted')}</span> : null}
            </span>
            {owner && !room.direct && m._id !== uid ? (
              <Button size="small" variant="ghost" onClick={() => save.mutate({ remove: [m._id] })} data-testid={`chat-remove-${m._id}`}>
                {t('remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner && !room.direct ? (
        <div className="chat-settings__add">
          <PeoplePicker chosen={adding} onChange={setAdding} exclude={room.members.map((m) => m._id)} />
          <Button
            size="small"
            disabled={!adding.length}
            loading={save.isPending}
            onClick={() => save.mutate({ add: adding.map((u) => u._id) })}
            data-testid="chat-add-members"
          >
            {t('add')}
          </Button>
        </div>
      ) : null}
      {isApiError(save.error) && !nameError ? <Alert kind="error">{errorTextOf(save.error.fields[0] ?? save.error)}</Alert> : null}
      <div className="chat-settings__danger">
        {!room.direct ? (
          <Button variant="secondary" onClick={() => setConfirm('leave')} data-testid="chat-leave">
            {t('leave')}
          </Button>
        ) : null}
        {room.direct || owner ? (
          <Button variant="danger" onClick={() => setConfirm('delete')} data-testid="chat-delete-room">
            {t('deleteRoom')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={!!confirm}
        message={confirm === 'leave' ? t('leaveConfirm') : t('deleteRoomConfirm')}
        confirmLabel={confirm === 'leave' ? t('leave') : t('deleteRoom')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm === 'leave') await call(chatRoutes.roomLeave, { params: { id: room._id } });
          else await call(chatRoutes.roomDelete, { params: { id: room._id } });
          setConfirm(null);
          onClose();
          onGone();
        }}
      />
    </Modal>
  );
}
