import { useTranslation } from 'react-i18next';
import { kbEvents, type VacancyRespondedEvent } from '@intranet/kb-contract';
import { registerTranslations } from '@intranet/web-i18n';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { useNotifier } from '@intranet/web-ui';

let registered = false;
/** Registered on first render: i18next is initialised by then (the bootstrap does it before rendering). */
function registerNoticeTexts(): void {
  if (registered) return;
  registered = true;
  registerTranslations('notices', {
    en: { vacancyResponded: '{{name}} responded to the vacancy “{{title}}”', someone: 'Someone' },
    ru: { vacancyResponded: '{{name}} откликается на вакансию «{{title}}»', someone: 'Кто-то' },
    uk: { vacancyResponded: '{{name}} відгукується на вакансію «{{title}}»', someone: 'Хтось' },
  });
}

/**
 * Toasts for the signed-in user's personal events, on every page (until the notifications domain exists):
 * evt.kb.vacancy.responded reaches a vacancy's receivers and owner only (the gateway relays it to their sockets).
 * Test id: toast text.
 */
export function RealtimeNotices() {
  registerNoticeTexts();
  const { t } = useTranslation('notices');
  const s = useSession();
  const notifier = useNotifier();
  useRealtimeEvent<VacancyRespondedEvent>(
    kbEvents.vacancyResponded,
    (e) => {
      if (e.userId === s.uid) return;
      notifier.toast(t('vacancyResponded', { name: e.userName || t('someone'), title: e.title }), 'info');
    },
    s.status === 'ready' && !!s.uid && !s.isSuperadmin,
  );
  return null;
}
