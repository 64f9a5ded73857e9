import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError as SharedLoadError, NeedSession, useRealtimeEvent, useSession } from '@intranet/web-session';
import { useErrorText } from '@intranet/web-i18n';
import { bpText } from './locales.ts';

/** The current client, user and role flags the services pages need. */
export function useBp() {
  const s = useSession();
  return { clientId: s.client?._id ?? s.user?.client_id ?? null, uid: s.uid, workspace: s.workspace, isAdmin: s.isAdmin, status: s.status };
}

/** Loading until the session is known; an empty state without a workspace. */
export function NeedClient({ children }: { children: ReactNode }) {
  const { t } = bpText.useT();
  return <NeedSession noClient={{ title: t('noClient'), testId: 'bp-no-client' }}>{children}</NeedSession>;
}

/** A failed load: 403 not available, 404 not found, no answer → §8 'No response from server', else worded from its code. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  return (
    <SharedLoadError
      error={error}
      onRetry={onRetry}
      testId="bp"
      back={<Link to="/services">{t('title')}</Link>}
      noAccess={{ title: errorText(error) || t('noAccess') }}
      notFound={{ title: t('notFound') }}
      notFoundOn400={false}
      noAnswer={t('loadError')}
    />
  );
}

/**
 * Calls `handler` on every request event the server relays to the user (started, step assigned, accepted, declined,
 * finished, overdue): the lists and the request page read again, so a change made by someone else shows live.
 */
export function useRequestEvents(handler: (payload: { requestId?: string }) => void): void {
  useRealtimeEvent('evt.bp.request.started', handler);
  useRealtimeEvent('evt.bp.step.assigned', handler);
  useRealtimeEvent('evt.bp.step.accepted', handler);
  useRealtimeEvent('evt.bp.step.declined', handler);
  useRealtimeEvent('evt.bp.request.finished', handler);
  useRealtimeEvent('evt.bp.request.overdue', handler);
  useRealtimeEvent('evt.bp.request.commented', handler);
}

/**
 * The services pages' two date formats (issue 29 §18: the request page mixed three): a day, and a moment (day and
 * time), both in the user's locale through Intl (useFormatDate); never a raw ISO or UTC string.
 */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
