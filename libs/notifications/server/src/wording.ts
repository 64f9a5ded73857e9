import i18next, { type i18n } from 'i18next';
import { wordNotification, type ReaderZone } from '@intranet/notifications-contract/wording';

/**
 * How the service words what it sends without a template (e-mail, Slack, Teams, Telegram, the digest) in the
 * recipient's language: i18next, as the web does, with the same sentences per notification type as the
 * notifications remote (`wordNotification` of the contract, variables from the notification's data), plural forms
 * for counts; `ua` is Ukrainian, an unknown language English. Neither users nor clients keep a time zone: a time is
 * shown in the zone its data names (`tz`: a calendar event's zone), else UTC, with the zone's name.
 */
export type Lang = 'ru' | 'uk' | 'en';

const en = {
  open: 'Open',
  footer: 'You get this because of your notification settings in the portal.',
  digestSubject_one: 'You have {{count}} unread notification',
  digestSubject_other: 'You have {{count}} unread notifications',
  telegramLinked: 'Notifications of the portal will come to this chat.',
};
type Words = typeof en;

const ru: Words = {
  open: 'Открыть',
  footer: 'Вы получили это письмо по своим настройкам уведомлений на портале.',
  digestSubject_one: 'У вас {{count}} непрочитанное уведомление',
  digestSubject_few: 'У вас {{count}} непрочитанных уведомления',
  digestSubject_many: 'У вас {{count}} непрочитанных уведомлений',
  digestSubject_other: 'У вас {{count}} непрочитанных уведомлений',
  telegramLinked: 'Уведомления портала будут приходить в этот чат.',
} as Words;

const uk: Words = {
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

/** The zone a channel's message shows times in: the data's own (`tz`), else UTC, named after the time. */
export const zoneOf = (data: Record<string, string> | null | undefined): ReaderZone => ({ timeZone: data?.tz || 'UTC', showZone: true });

/** The service's sentences in one language. */
export function wordings(lang: string | null | undefined) {
  const fixed = t().getFixedT(langOf(lang));
  return {
    /** The sentence of a notification type with its data, or null for a type without one (use its stored title). */
    typeTitle: (type: string, data: Record<string, string>): string | null => wordNotification({ type, data }, langOf(lang), zoneOf(data)).title,
    /** The body of a type built from its data (a date, a time), or null (use the stored text). */
    typeText: (type: string, data: Record<string, string>): string | null => wordNotification({ type, data }, langOf(lang), zoneOf(data)).text,
    open: () => fixed('open'),
    footer: () => fixed('footer'),
    digestSubject: (count: number) => fixed('digestSubject', { count }),
    telegramLinked: () => fixed('telegramLinked'),
  };
}
