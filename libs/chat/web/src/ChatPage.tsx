import { useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { chatText } from './locales.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatRoutes, type ChatRoomSummary } from '@intranet/chat-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { call, isApiError } from '@intranet/web-api';
import { useErrorText, useFormatDate } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Alert, Button, EmptyState, ErrorState, Input, Loader, Modal } from '@intranet/web-ui';
import { chatKeys, htmlToText, useChatListRealtime, useRooms } from './data.ts';
import './chat.css';

/** Initials of a name for an avatar without a picture. */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '#'
  );
}

/** A round avatar (picture or initials). */
export function ChatAvatar({ name, src }: { name: string; src?: string | null }) {
  return (
    <span className="chat-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" /> : initials(name)}
    </span>
  );
}

/** People of the address book matching `search` (2+ symbols; needs the `address` right). */
export function usePeopleSearch(search: string) {
  const { workspace, hasRight } = useSession();
  const q = search.trim();
  return useQuery({
    queryKey: ['chat', 'people', q],
    queryFn: ({ signal }) =>
      call(peopleRoutes.userFilter, { params: { workspace: workspace ?? '' }, body: { data: { search: q, page: 1, limit: 10 } }, signal, silent: true }),
    enabled: q.length >= 2 && !!workspace && hasRight('address'),
    staleTime: 30_000,
  });
}

/** When a message was written: the time today, else the date (user's locale, §9). */
function when(iso: string, fmt: ReturnType<typeof useFormatDate>): string {
  const d = new Date(iso);
  const today = new Date();
  return d.toDateString() === today.toDateString() ? fmt(d, { timeStyle: 'short' }) : fmt(d, { dateStyle: 'short' });
}

/** One row of the room list: avatar, name, last message and time, unread badge. */
function RoomRow({ r, active }: { r: ChatRoomSummary; active?: boolean }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const fmt = useFormatDate();
  const preview = r.last ? htmlToText(r.last.content) || (r.last.file ? `📎 ${r.last.file.fileName}` : '') : '';
  const who = r.last && !r.direct ? `${r.last.senderId === uid ? t('you') : r.last.username}: ` : r.last?.senderId === uid ? `${t('you')}: ` : '';
  return (
    <li>
      <Link
        to={`/chat/${r._id}`}
        className={`chat-room-row${active ? ' chat-room-row--active' : ''}`}
        data-testid={`chat-room-${r._id}`}
        aria-current={active ? 'page' : undefined}
      >
        <ChatAvatar name={r.name} src={r.peer?.avatar} />
        <span className="chat-room-row__main">
          <span className="chat-room-row__top">
            <span className="chat-room-row__name">{r.name}</span>
            {r.last ? <time className="chat-muted">{when(r.last.date, fmt)}</time> : null}
          </span>
          <span className="chat-room-row__bottom">
            <span className="chat-room-row__preview">
              {who}
              {preview}
            </span>
            {r.unread > 0 ? (
              <span className="chat-unread" data-testid="chat-unread" aria-label={t('unread', { count: r.unread })}>
                {r.unread}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The room list with search of rooms and people and the "new group" dialog (§2 /chat). */
export function RoomList({ activeId }: { activeId?: string }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [groupOpen, setGroupOpen] = useState(false);
  useChatListRealtime();
  const rooms = useRooms(deferred);
  const people = usePeopleSearch(deferred);
  const direct = useMutation({
    mutationFn: (userId: string) => call(chatRoutes.create, { body: { direct: true, members: [userId] }, silent: true }),
    onSuccess: (room) => navigate(`/chat/${room._id}`),
  });
  const others = (people.data?.users ?? []).filter((u) => u._id !== uid);
  return (
    <div className="chat-list" data-testid="chat-list">
      <div className="chat-list__tools">
        <input
          className="ui-field__control chat-search"
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('search')}
          data-testid="chat-search"
          type="search"
        />
        <Button size="small" onClick={() => setGroupOpen(true)} data-testid="chat-new-group">
          {t('newGroup')}
        </Button>
      </div>
      {isApiError(direct.error) ? <Alert kind="error">{errorText(direct.error)}</Alert> : null}
      {rooms.isPending ? (
        <Loader />
      ) : rooms.isError ? (
        <ErrorState title={t('loadError')} onRetry={() => void rooms.refetch()} />
      ) : rooms.data.rooms.length === 0 && !deferred ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          {deferred ? <h2 className="chat-list__heading">{t('rooms')}</h2> : null}
          {rooms.data.rooms.length ? (
            <ul className="chat-rooms" data-testid="chat-rooms">
              {rooms.data.rooms.map((r) => (
                <RoomRow key={r._id} r={r} active={r._id === activeId} />
              ))}
            </ul>
          ) : (
            <p className="chat-muted chat-pad">{t('noMatch')}</p>
          )}
        </>
      )}
      {deferred.length >= 2 && others.length ? (
        <>
          <h2 className="chat-list__heading">{t('people')}</h2>
          <ul className="chat-rooms" data-testid="chat-people">
            {others.map((u) => (
              <li key={u._id}>
                <button
                  type="button"
                  className="chat-room-row"
                  onClick={() => direct.mutate(u._id)}
                  data-testid={`chat-person-${u._id}`}
                  disabled={direct.isPending}
                >
                  <ChatAvatar name={u.fullName} src={u.avatar} />
                  <span className="chat-room-row__main">
                    <span className="chat-room-row__name">{u.fullName}</span>
                    <span className="chat-muted">{u.position ?? ''}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <NewGroupDialog open={groupOpen} onClose={() => setGroupOpen(false)} />
    </div>
  );
}

/** A picker of colleagues (search, then click to add); the chosen ones are listed with a remove button. */
export function PeoplePicker({ chosen, onChange, exclude = [] }: { chosen: User[]; onChange: (u: User[]) => void; exclude?: string[] }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const [q, setQ] = useState('');
  const found = usePeopleSearch(q);
  const skip = new Set([uid ?? '', ...exclude, ...chosen.map((c) => c._id)]);
  return (
    <div className="chat-picker">
      <Input label={t('addPeople')} value={q} onChange={(e) => setQ(e.target.value)} data-testid="chat-picker-search" type="search" />
      <ul className="chat-picker__found">
        {(found.data?.users ?? [])
          .filter((u) => !skip.has(u._id))
          .map((u) => (
            <li key={u._id}>
              <button type="button" className="chat-link" onClick={() => onChange([...chosen, u])} data-testid={`chat-pick-${u._id}`}>
                + {u.fullName}
              </button>
            </li>
          ))}
      </ul>
      {chosen.length ? (
        <ul className="chat-chips">
          {chosen.map((u) => (
            <li key={u._id} className="chat-chip">
              {u.fullName}
              <button type="button" aria-label={`${t('remove')} ${u.fullName}`} onClick={() => onChange(chosen.filter((c) => c._id !== u._id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "New group": a name and members (POST api/chat/room); opens the new room. */
function NewGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = chatText.useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<User[]>([]);
  const create = useMutation({
    mutationFn: () => call(chatRoutes.create, { body: { name, members: chosen.map((u) => u._id) }, silent: true }),
    onSuccess: (room) => {
      void qc.invalidateQueries({ queryKey: chatKeys.roomLists });
      setName('');
      setChosen([]);
      onClose();
      navigate(`/chat/${room._id}`);
    },
  });
  const fieldError = (f: string) => {
    const e = isApiError(create.error) ? create.error.fields.find((x) => x.field === f) : undefined;
    return e ? errorText(e) : undefined;
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('newGroup')}
      testId="chat-group-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="chat-group-create">
            {t('create')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Input
          label={t('name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError('name')}
          maxLength={100}
          data-testid="chat-group-name"
        />
        <PeoplePicker chosen={chosen} onChange={setChosen} />
        {fieldError('members') ? <Alert kind="error">{fieldError('members')}</Alert> : null}
        {isApiError(create.error) && !create.error.fields.length ? <Alert kind="error">{errorText(create.error)}</Alert> : null}
      </form>
    </Modal>
  );
}

/** §2 /chat: the caller's chats (a phone shows the list; a desktop the list beside an empty pane). */
export function ChatPage() {
  const { t } = chatText.useT();
  return (
    <section className="page chat-page" data-testid="chat-page">
      <h1 className="ui-page-title">{t('title')}</h1>
      <div className="chat-layout">
        <RoomList />
      </div>
    </section>
  );
}
