import { useCallback, useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { authHeaders, routeUrl } from '@intranet/web-api';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { useNotifier } from '@intranet/web-ui';
import { RemoteWidget, slotWidgets } from '../remotes.tsx';
import { NOTIFICATION_CREATED_SUBJECT, NOTIFICATION_UNREAD_PATH, NOTIFICATION_UNREAD_SUBJECT } from '../subjects.ts';

interface CreatedPayload {
  notification: { title: string; type: string; data?: Record<string, string> };
  unread: number;
  system: boolean;
}

/**
 * The toast's words for a new notification in `lang` (ru, uk, en): its type's wording from the notifications
 * contract (the table the notification centre and the e-mails use), loaded on the first toast so the shell's first
 * load stays small; variables filled from the notification's data, dates in the user's language and zone. Null for a type without wording
 * (an administrator's notice): the caller then says only that one came.
 */
async function toastText(n: CreatedPayload['notification'], lang: string): Promise<string | null> {
  const { wordNotification } = await import('@intranet/notifications-contract/wording');
  return wordNotification(n, lang).title;
}

/**
 * The header's bell (issue 10, §4 unread count): the signed-in employee's unread count from GET
 * api/notification/unread/{client}/{user}, then live from their socket (a new notification carries the new count,
 * marking read elsewhere sends it too); a new one with the browser channel on also shows a toast worded by its type. Errors are
 * swallowed (§8 "Notification ... errors are swallowed"): the bell then shows no count. Written without the
 * notifications contract so the shell's first load stays small (issue 8 §5). Test ids: notif-bell, notif-bell-count
 * (the same on the remote's dropdown trigger, `notifications/BellMenu`).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('shell');
  const s = useSession();
  const notifier = useNotifier();
  const clientId = s.client?._id ?? s.user?.client_id ?? null;
  const enabled = s.status === 'ready' && !!s.uid && !!clientId && !s.isSuperadmin;
  const [count, setCount] = useState(0);

  const load = useCallback(async () => {
    if (!enabled) return;
    try {
      const url = routeUrl({ path: NOTIFICATION_UNREAD_PATH }, { client: clientId, user: s.uid });
      const res = await fetch(url, { headers: { Accept: 'application/json', ...authHeaders() }, credentials: 'same-origin' });
      if (!res.ok) return;
      const body = (await res.json()) as { result?: { count?: number } };
      setCount(body.result?.count ?? 0);
    } catch {
      // §8: swallowed
    }
  }, [enabled, clientId, s.uid]);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtimeEvent<CreatedPayload>(
    NOTIFICATION_CREATED_SUBJECT,
    (e) => {
      setCount(e.unread);
      // The one toast path for every notification (a vacancy response included): worded by type in the user's
      // language; the stored title is the server's English, so a type without wording says only that one came.
      if (!e.system) return;
      toastText(e.notification, i18n.language)
        .catch(() => null)
        .then((text) => notifier.toast(text || t('notices.notification'), 'info'));
    },
    enabled,
  );
  useRealtimeEvent<{ unread: number }>(NOTIFICATION_UNREAD_SUBJECT, (e) => setCount(e.unread), enabled);

  if (!enabled) return null;
  const link = (
    <NavLink to="/notifications" className="shell-bell" aria-label={t('header.bell', { count })} title={t('header.bell', { count })} data-testid="notif-bell">
      <Bell size={20} aria-hidden="true" />
      {count > 0 ? (
        <span className="shell-bell__count" data-testid="notif-bell-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
  // The dropdown of the latest notifications comes with the notifications remote (slot `bell`, loaded lazily, so it
  // costs the shell's first load nothing); until it has loaded, or without it, the bell is a link to the page.
  const [widget] = slotWidgets('bell');
  return widget ? <RemoteWidget id={widget.id} props={{ count }} fallback={link} /> : link;
}
