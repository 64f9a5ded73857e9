import { useTranslation } from 'react-i18next';
import type { VacancyRespondedEvent } from '@intranet/kb-contract';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { VACANCY_RESPONDED_SUBJECT } from './subjects.ts';
import { useNotifier } from '@intranet/web-ui';

/**
 * Toasts for the signed-in user's personal events, on every page (until the notifications domain exists):
 * evt.kb.vacancy.responded reaches a vacancy's receivers and owner only (the gateway relays it to their sockets).
 * Test id: toast text.
 */
export function RealtimeNotices() {
  const { t } = useTranslation('shell');
  const s = useSession();
  const notifier = useNotifier();
  useRealtimeEvent<VacancyRespondedEvent>(
    VACANCY_RESPONDED_SUBJECT,
    (e) => {
      if (e.userId === s.uid) return;
      notifier.toast(t('notices.vacancyResponded', { name: e.userName || t('notices.someone'), title: e.title }), 'info');
    },
    s.status === 'ready' && !!s.uid && !s.isSuperadmin,
  );
  return null;
}
