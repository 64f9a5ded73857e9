import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsEvents } from '@intranet/notifications-contract';
import { useRealtimeEvent } from '@intranet/web-session';
import { Badge, EmptyState, Loader } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { notificationKeys } from './api/keys.ts';
import { useUnreadCount } from './api/notification-unread.ts';
import { Feed } from './Feed.tsx';
import { MailingsTab } from './MailingsTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { TemplatesTab } from './TemplatesTab.tsx';
import { notificationsText } from './locales.ts';
import { useReader } from './reader.ts';
import './notifications.css';

/** §2 tabs and the §3 section each lists (blogs → posts, calendar → events). */
const TABS = { all: 'all', blogs: 'posts', calendar: 'events', groups: 'groups', settings: null, templates: null, mailings: null } as const;
/** Tabs for administrators only. */
const ADMIN_TABS = new Set<string>(['templates', 'mailings']);
type Tab = keyof typeof TABS;

/**
 * /notifications (§2): tabs all, blogs, calendar, groups (the user's notifications of that section, paged, mark
 * read, links to the object), settings (the section × channel matrix) and, for administrators, templates and
 * mailings. The unread count heads the page and follows the user's socket. Test ids: notifications-page,
 * notifications-tab-<tab>, notifications-unread, notifications-no-client.
 */
export function NotificationsPage() {
  const { t } = notificationsText.useT();
  const { reader, status, isAdmin } = useReader();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = wanted && wanted in TABS && (!ADMIN_TABS.has(wanted) || isAdmin) ? (wanted as Tab) : 'all';
  const qc = useQueryClient();
  const count = useUnreadCount(reader);
  const recount = () => void qc.invalidateQueries({ queryKey: notificationKeys.unread() });
  useRealtimeEvent(notificationsEvents.unreadChanged.subject, recount, !!reader);
  useRealtimeEvent(notificationsEvents.created.subject, recount, !!reader);
  if (status === 'loading') return <Loader />;
  if (!reader) return <EmptyState title={t('noClient')} testId="notifications-no-client" />;
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
      {section ? (
        <Feed key={section} reader={reader} section={section} />
      ) : tab === 'templates' ? (
        <TemplatesTab />
      ) : tab === 'mailings' ? (
        <MailingsTab />
      ) : (
        <SettingsTab user={reader.user} />
      )}
    </section>
  );
}
