import { Link } from 'react-router';
import type { ChatRoomSummary } from '@intranet/chat-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { ChatAvatar } from './ChatAvatar.tsx';
import { chatText } from './locales.ts';
import { htmlToText } from './text.ts';

/** When a message was written: the time today, else the date (user's locale, §9). */
function when(iso: string, fmt: ReturnType<typeof useFormatDate>): string {
  const d = new Date(iso);
  const today = new Date();
  return d.toDateString() === today.toDateString() ? fmt(d, { timeStyle: 'short' }) : fmt(d, { dateStyle: 'short' });
}

/** One row of the room list: avatar, name, last message and time, unread badge. */
export function RoomRow({ r, active }: { r: ChatRoomSummary; active?: boolean }) {
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
