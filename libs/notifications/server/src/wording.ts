import i18next, { type i18n } from 'i18next';
import { NOTIFICATION_TYPE_WORDING } from '@intranet/notifications-contract/wording';

/**
 * How the service words what it sends without a template (e-mail, Slack, Teams, Telegram, the digest) in the
 * recipient's language: i18next, as the web does, with the same sentences per notification type as the
 * notifications remote (`type.*`, variables from the notification's data), plural forms for counts; `ua` is
 * Ukrainian, an unknown language English.
 */
export type Lang = 'ru' | 'uk' | 'en';

const en = {
  type: NOTIFICATION_TYPE_WORDING.en,
  open: 'Open',
  footer: 'You get this because of your notification settings in the portal.',
  digestSubject_one: 'You have {{count}} unread notification',
  digestSubject_other: 'You have {{count}} unread notifications',
  telegramLinked: 'Notifications of the portal will come to this chat.',
};
type Words = typeof en;

const ru: Words = {
  type: NOTIFICATION_TYPE_WORDING.ru,
  open: 'Открыть',
  footer: 'Вы получили это письмо по своим настройкам уведомлений на портале.',
  digestSubject_one: 'У вас {{count}} непрочитанное уведомление',
  digestSubject_few: 'У вас {{count}} непрочитанных уведомления',
  digestSubject_many: 'У вас {{count}} непрочитанных уведомлений',
  digestSubject_other: 'У вас {{count}} непрочитанных уведомлений',
  telegramLinked: 'Уведомления портала будут приходить в этот чат.',
} as Words;

const uk: Words = {
  type: NOTIFICATION_TYPE_WORDING.uk,
  open: 'Відкрити',
  footer: 'Ви отримали цей лист за своїми налаштуваннями сповіщень на порталі.',
  digestSubject_one: 'У вас {{count}} непрочитане сповіщення',
  digestSubject_few: 'У вас {{count}} непрочитані сповіщення',
  digestSubject_many: 'У вас {{count}} непрочитаних сповіщень',
  digestSubject_other: 'У вас {{count}} непрочитаних сповіщень',
  telegramLinked: 'Сповіщення порталу надходитимуть у цей чат.',
} as Words;

let instance: i18n | undefined;
function t(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: { en: { translation: en }, ru: { translation: ru }, uk: { translation: uk } },
      fallbackLng: 'en',
      supportedLngs: ['en', 'ru', 'uk'],
      initAsync: false,
      // Type codes contain dots (`comment.mention`): only `/` separates nested keys.
      keySeparator: '/',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return instance;
}

/** A user's language as the wording knows it (`ua` → `uk`; anything else not ru/uk → en). */
export const langOf = (lang: string | null | undefined): Lang => (lang === 'ua' || lang === 'uk' ? 'uk' : lang === 'ru' ? 'ru' : 'en');

/** The service's sentences in one language. */
export function wordings(lang: string | null | undefined) {
  const fixed = t().getFixedT(langOf(lang));
  return {
    /** The sentence of a notification type with its data, or null for a type without one (use its stored title). */
    typeTitle: (type: string, data: Record<string, string>): string | null => {
      const key = `type/${type}`;
      return t().exists(key, { lng: langOf(lang) }) ? fixed(key, { ...data, actor: data.actor ?? '', name: data.name ?? '' }) : null;
    },
    open: () => fixed('open'),
    footer: () => fixed('footer'),
    digestSubject: (count: number) => fixed('digestSubject', { count }),
    telegramLinked: () => fixed('telegramLinked'),
  };
}
