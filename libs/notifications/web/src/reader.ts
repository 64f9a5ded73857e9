import { wordNotification } from '@intranet/notifications-contract/wording';
import type { Notification } from '@intranet/notifications-contract';
import { useSession } from '@intranet/web-session';
import type { Reader } from './api/notification-feed.ts';
import { notificationsText } from './locales.ts';

/**
 * The session as the notification pages need it: the reader (client and user; null without a client or user), the
 * session's status and whether the user administers the client.
 */
export function useReader(): { reader: Reader | null; status: ReturnType<typeof useSession>['status']; isAdmin: boolean } {
  const s = useSession();
  const client = s.client?._id ?? s.user?.client_id ?? null;
  return { reader: client && s.uid ? { client, user: s.uid } : null, status: s.status, isAdmin: s.isAdmin };
}

/**
 * The notification worded in the reader's language by its type, every variable filled, dates and times in the
 * reader's language and the browser's zone (the stored English title and text otherwise).
 */
export function useWording() {
  const { i18n } = notificationsText.useT();
  return (n: Pick<Notification, 'type' | 'data' | 'title' | 'text'>) => {
    const w = wordNotification(n, i18n.language);
    return { title: w.title ?? n.title, text: w.text ?? n.text };
  };
}
