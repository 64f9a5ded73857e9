import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@intranet/web-api';
import { useErrorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Alert, Button, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { useCreateRoom } from './api/room-create.ts';
import { useRooms } from './api/room-list.ts';
import { usePeopleSearch } from './api/user-filter.ts';
import { ChatAvatar } from './ChatAvatar.tsx';
import { chatText } from './locales.ts';
import { NewGroupDialog } from './NewGroupDialog.tsx';
import { RoomRow } from './RoomRow.tsx';
import { useChatListRealtime } from './roomLists.ts';

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
  const direct = useCreateRoom();
  const startDirect = (userId: string) => direct.mutate({ direct: true, members: [userId] }, { onSuccess: (room) => navigate(`/chat/${room._id}`) });
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
                  onClick={() => startDirect(u._id)}
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
