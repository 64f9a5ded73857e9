import { useState } from 'react';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsEvents } from '@intranet/notifications-contract';
import { formatDateTime } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { Button, Loader } from '@intranet/web-ui';
import { Popover } from '@intranet/web-ui/widgets';
import { notificationKeys } from './api/keys.ts';
import { useLatestNotifications } from './api/notification-feed.ts';
import { useMarkRead } from './api/notification-mark-read.ts';
import { notificationsText } from './locales.ts';
import { useReader, useWording } from './reader.ts';
import './notifications.css';

/** How many of the latest notifications the dropdown lists. */
const LATEST = 8;

/**
 * The latest notifications of the signed-in employee (GET api/notification/{client}/all/{user}/now), each linking to
 * its object (opening it marks it read), a "mark as read" per unread one, "mark all as read" and "see all".
 * Test ids: notif-bell-list, notif-bell-item-<id>, notif-bell-read-<id>, notif-bell-all-read, notif-bell-see-all.
 */
function BellPanel({ onClose }: { onClose: () => void }) {
  const { t } = notificationsText.useT();
  const { reader } = useReader();
  const qc = useQueryClient();
  const q = useLatestNotifications(reader, LATEST);
  useRealtimeEvent(notificationsEvents.created.subject, () => void qc.invalidateQueries({ queryKey: notificationKeys.all }));
  const mark = useMarkRead();
  const word = useWording();
  const items = q.data?.items ?? [];
  return (
    <div className="notif-bell">
      <div className="notif-bell__head">
        <strong>{t('title')}</strong>
        {items.some((n) => !n.read) ? (
          <Button size="small" variant="secondary" onClick={() => mark.mutate({})} disabled={mark.isPending} data-testid="notif-bell-all-read">
            {t('markAll')}
          </Button>
        ) : null}
      </div>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <p role="alert">{t('loadError')}</p>
      ) : items.length ? (
        <ul className="notif-bell__list" data-testid="notif-bell-list">
          {items.map((n) => {
            const w = word(n);
            return (
              <li key={n._id} className={n.read ? 'notif-bell__item' : 'notif-bell__item notif-bell__item--unread'} data-testid={`notif-bell-item-${n._id}`}>
                {n.link ? (
                  <Link
                    to={n.link}
                    className="notif-bell__title"
                    onClick={() => {
                      if (!n.read) mark.mutate({ _id: n._id });
                      onClose();
                    }}
                  >
                    {w.title}
                  </Link>
                ) : (
                  <span className="notif-bell__title">{w.title}</span>
                )}
                {w.text ? <span className="notif-bell__text">{w.text}</span> : null}
                <span className="notif-bell__meta">
                  <time dateTime={n.created}>{formatDateTime(n.created)}</time>
                  {n.read ? null : (
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => mark.mutate({ _id: n._id })}
                      aria-label={`${t('markRead')}: ${w.title}`}
                      data-testid={`notif-bell-read-${n._id}`}
                    >
                      {t('markRead')}
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="notif-bell__empty">{t('empty')}</p>
      )}
      <Link to="/notifications" className="notif-bell__all" onClick={onClose} data-testid="notif-bell-see-all">
        {t('bell.seeAll')}
      </Link>
    </div>
  );
}

/**
 * The header's bell as a dropdown (issue 29): the shell counts the unread ones and hands the count in (`count`); a
 * click opens the latest notifications in the kit's popover (Radix: Escape and an outside click close it, focus
 * returns to the bell). Shown in the shell's `bell` slot, loaded with this remote. Test ids: notif-bell,
 * notif-bell-count, notif-bell-panel.
 */
export function BellMenu({ count = 0 }: { count?: number }) {
  const { t } = notificationsText.useT();
  const [open, setOpen] = useState(false);
  const label = t('bell.label', { count });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label={t('title')}
      align="end"
      testId="notif-bell-panel"
      trigger={
        <button type="button" className="shell-bell notif-bell__trigger" aria-label={label} title={label} data-testid="notif-bell">
          <Bell size={20} aria-hidden="true" />
          {count > 0 ? (
            <span className="shell-bell__count" data-testid="notif-bell-count">
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </button>
      }
    >
      {open ? <BellPanel onClose={() => setOpen(false)} /> : null}
    </Popover>
  );
}
