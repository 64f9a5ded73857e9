import type { ChatMessage } from '@intranet/chat-contract';
import { formatSize, useFormatDate } from '@intranet/web-i18n';
import { chatText } from './locales.ts';

/** One message: sender (groups), sanitised content, file or image preview, time, edited mark, ticks, actions. */
export function Bubble({
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
