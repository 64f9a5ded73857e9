import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsEvents, type Section } from '@intranet/notifications-contract';
import { formatDateTime } from '@intranet/web-i18n';
import { LoadError, useRealtimeEvent } from '@intranet/web-session';
import { Badge, Button, EmptyState, Loader } from '@intranet/web-ui';
import { notificationKeys } from './api/keys.ts';
import type { Reader } from './api/notification-feed.ts';
import { useNotificationFeed } from './api/notification-feed.ts';
import { useMarkRead } from './api/notification-mark-read.ts';
import { notificationsText } from './locales.ts';
import { useWording } from './reader.ts';

/**
 * One tab's list: GET api/notification/{client}/{section}/{user}/{time|now}, newest first, "show more" pages by the
 * time of the last one; opening an item or "mark as read" marks it read (PUT api/notification); live: a new
 * notification for the user refreshes the list. Test ids: notifications-list, notification-<id>, notifications-more.
 */
export function Feed({ reader, section }: { reader: Reader; section: Section }) {
  const { t } = notificationsText.useT();
  const word = useWording();
  const qc = useQueryClient();
  const feed = useNotificationFeed(reader, section);
  useRealtimeEvent(notificationsEvents.created.subject, () => void qc.invalidateQueries({ queryKey: notificationKeys.feed(section) }));
  const mark = useMarkRead();
  if (feed.isPending) return <Loader />;
  if (feed.isError) return <LoadError error={feed.error} onRetry={() => void feed.refetch()} testId="notifications" noAnswer={t('loadError')} />;
  const items = feed.data.pages.flatMap((p) => p.items);
  if (!items.length) return <EmptyState title={t('empty')} testId="notifications-empty" />;
  return (
    <>
      <div className="notif__toolbar">
        <Button size="small" variant="secondary" onClick={() => mark.mutate({ section })} disabled={mark.isPending} data-testid="notifications-mark-all">
          {t('markAll')}
        </Button>
      </div>
      <ul className="notif__list" data-testid="notifications-list">
        {items.map((n) => (
          <li key={n._id} className={n.read ? 'notif__item ui-card' : 'notif__item notif__item--unread ui-card'} data-testid={`notification-${n._id}`}>
            <div className="notif__head">
              <span className="notif__avatar" aria-hidden="true" data-testid="system-avatar" />
              {n.link ? (
                <Link to={n.link} className="notif__title" onClick={() => !n.read && mark.mutate({ _id: n._id })} data-testid={`notification-link-${n._id}`}>
                  {word(n).title}
                </Link>
              ) : (
                <span className="notif__title">{word(n).title}</span>
              )}
              {n.read ? null : <Badge>{t('unread')}</Badge>}
            </div>
            {word(n).text ? <p className="notif__text">{word(n).text}</p> : null}
            <div className="notif__meta">
              <time dateTime={n.created}>{formatDateTime(n.created)}</time>
              {n.read ? null : (
                <Button size="small" variant="secondary" onClick={() => mark.mutate({ _id: n._id })} data-testid={`notification-read-${n._id}`}>
                  {t('markRead')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button variant="secondary" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage} data-testid="notifications-more">
          {t('loadMore')}
        </Button>
      ) : null}
    </>
  );
}
