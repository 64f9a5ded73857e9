import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatMessage, ChatRoom } from '@intranet/chat-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { ConfirmDialog, EmptyState } from '@intranet/web-ui';
import { deleteMessage } from './api/msg-delete.ts';
import { Bubble } from './Bubble.tsx';
import { historyRows } from './history.ts';
import { chatText } from './locales.ts';

/** The virtualised history: day separators in the user's locale, bubbles, seen ticks; older pages load at the top. */
export function MessageList({
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

  const rows = useMemo(() => {
    const today = new Date().toDateString();
    const yesterday = new Date(Date.now() - 86_400_000).toDateString();
    return historyRows(msgs, (d) =>
      d.toDateString() === today ? t('today') : d.toDateString() === yesterday ? t('yesterday') : fmt(d, { dateStyle: 'long' }),
    );
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
          await deleteMessage(m._id);
          onDeleted(m._id);
          setDeleting(null);
        }}
      />
    </div>
  );
}
