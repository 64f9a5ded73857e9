import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsRoutes, type Notification, type SettingsMatrix } from '@intranet/notifications-contract';
import { wordNotification } from '@intranet/notifications-contract/wording';
import { call } from '@intranet/web-api';
import { errorText, formatDateTime } from '@intranet/web-i18n';
import { LoadError, useRealtimeEvent, useSession } from '@intranet/web-session';
import { Badge, Button, EmptyState, Loader, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { registerNotificationsTranslations } from './i18n.ts';
import { TemplatesTab } from './TemplatesTab.tsx';
import { MailingsTab } from './MailingsTab.tsx';
import { Matrix } from './Matrix.tsx';
import { TelegramLink } from './Channels.tsx';
import './notifications.css';

registerNotificationsTranslations();

/** §2 tabs and the §3 section each lists (blogs → posts, calendar → events). */
const TABS = { all: 'all', blogs: 'posts', calendar: 'events', groups: 'groups', settings: null, templates: null, mailings: null } as const;
/** Tabs for administrators only. */
const ADMIN_TABS = new Set<string>(['templates', 'mailings']);
type Tab = keyof typeof TABS;
const LIMIT = 20;
const CREATED = 'evt.notifications.notification.created';
const UNREAD = 'evt.notifications.unread.changed';

const keys = {
  all: ['notifications'] as const,
  feed: (section: string) => ['notifications', 'feed', section] as const,
  settings: (uid: string) => ['notifications', 'settings', uid] as const,
};

function useIds() {
  const s = useSession();
  return { clientId: s.client?._id ?? s.user?.client_id ?? null, uid: s.uid, status: s.status, isAdmin: s.isAdmin };
}

/**
 * The notification worded in the reader's language by its type, every variable filled, dates and times in the
 * reader's language and the browser's zone (the stored English title and text otherwise).
 */
export function useWording() {
  const { i18n } = useTranslation('notifications');
  return (n: Pick<Notification, 'type' | 'data' | 'title' | 'text'>) => {
    const w = wordNotification(n, i18n.language);
    return { title: w.title ?? n.title, text: w.text ?? n.text };
  };
}

/**
 * One tab's list: GET api/notification/{client}/{section}/{user}/{time|now}, newest first, "show more" pages by the
 * time of the last one; opening an item or "mark as read" marks it read (PUT api/notification); live: a new
 * notification for the user refreshes the list. Test ids: notifications-list, notification-<id>, notifications-more.
 */
function Feed({ section }: { section: string }) {
  const { t } = useTranslation('notifications');
  const word = useWording();
  const { clientId, uid } = useIds();
  const qc = useQueryClient();
  const feed = useInfiniteQuery({
    queryKey: keys.feed(section),
    initialPageParam: 'now',
    queryFn: ({ pageParam, signal }) =>
      call(notificationsRoutes.notificationFeed, { params: { client: clientId!, section, user: uid!, time: pageParam }, query: { limit: LIMIT }, signal, silent: true }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  useRealtimeEvent(CREATED, () => void qc.invalidateQueries({ queryKey: keys.feed(section) }));
  const mark = useMutation({
    mutationFn: (body: { _id?: string; section?: string }) => call(notificationsRoutes.notificationMarkRead, { body: body as never, silent: true }),
    onSettled: () => void qc.invalidateQueries({ queryKey: keys.all }),
  });
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

/**
 * §2 settings tab: the section × channel matrix (GET/PUT api/user/notifications); the notification centre itself
 * always keeps them. Test ids: notifications-settings, notif-setting-<section>-<channel>, notifications-settings-save.
 */
function Settings() {
  const { t } = useTranslation('notifications');
  const { uid } = useIds();
  const notifier = useNotifier();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: keys.settings(uid!),
    queryFn: ({ signal }) => call(notificationsRoutes.settingsUser, { params: { user: uid! }, signal, silent: true }),
  });
  const [matrix, setMatrix] = useState<SettingsMatrix | null>(null);
  useEffect(() => {
    if (q.data) setMatrix(q.data.matrix);
  }, [q.data]);
  const save = useMutation({
    mutationFn: (m: SettingsMatrix) => call(notificationsRoutes.settingsSave, { body: { matrix: m as never }, silent: true }),
    onSuccess: (r) => {
      qc.setQueryData(keys.settings(uid!), r);
      notifier.toast(t('settings.saved'), 'success');
    },
  });
  if (q.isPending || !matrix)
    return q.isError ? <LoadError error={q.error} onRetry={() => void q.refetch()} testId="notifications" noAnswer={t('loadError')} /> : <Loader />;
  return (
    <section data-testid="notifications-settings">
      <h2>{t('settings.title')}</h2>
      <p className="notif__hint">{t('settings.hint')}</p>
      <Matrix matrix={matrix} onChange={setMatrix} />
      {save.isError ? <p role="alert">{errorText(save.error)}</p> : null}
      <Button onClick={() => save.mutate(matrix)} disabled={save.isPending} data-testid="notifications-settings-save">
        {t('settings.save')}
      </Button>
      <TelegramLink />
    </section>
  );
}

/**
 * /notifications (§2): tabs all, blogs, calendar, groups (the user's notifications of that section, paged, mark
 * read, links to the object), settings (the section × channel matrix) and, for administrators, templates and mailings. The unread count heads the page and
 * follows the user's socket. Test ids: notifications-page, notifications-tab-<tab>, notifications-unread.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { clientId, uid, status, isAdmin } = useIds();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = wanted && wanted in TABS && (!ADMIN_TABS.has(wanted) || isAdmin) ? (wanted as Tab) : 'all';
  const qc = useQueryClient();
  const enabled = !!clientId && !!uid;
  const count = useQuery({
    queryKey: ['notifications', 'unread'],
    enabled,
    queryFn: ({ signal }) => call(notificationsRoutes.notificationUnread, { params: { client: clientId!, user: uid! }, signal, silent: true }),
  });
  useRealtimeEvent(UNREAD, () => void qc.invalidateQueries({ queryKey: ['notifications', 'unread'] }), enabled);
  useRealtimeEvent(CREATED, () => void qc.invalidateQueries({ queryKey: ['notifications', 'unread'] }), enabled);
  if (status === 'loading') return <Loader />;
  if (!enabled) return <EmptyState title={t('noClient')} testId="notifications-no-client" />;
  const section = TABS[tab];
  return (
    <section className="page notif" data-testid="notifications-page">
      <header className="notif__header">
        <h1>{t('title')}</h1>
        {count.data?.count ? <Badge>{<span data-testid="notifications-unread">{t('unreadCount', { count: count.data.count })}</span>}</Badge> : null}
      </header>
      <Tabs
        label={t('title')}
        active={tab}
        onChange={(id) => setParams(id === 'all' ? {} : { tab: id })}
        tabs={(Object.keys(TABS) as Tab[])
          .filter((id) => !ADMIN_TABS.has(id) || isAdmin)
          .map((id) => ({ id, label: <span data-testid={`notifications-tab-${id}`}>{t(`tabs.${id}`)}</span> }))}
      />
      {section ? <Feed key={section} section={section} /> : tab === 'templates' ? <TemplatesTab /> : tab === 'mailings' ? <MailingsTab /> : <Settings />}
    </section>
  );
}
