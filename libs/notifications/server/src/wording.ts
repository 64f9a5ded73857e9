import i18next, { type i18n } from 'i18next';

/**
 * How the service words what it sends without a template (e-mail, Slack, Teams, Telegram, the digest) in the
 * recipient's language: i18next, as the web does, with the same sentences per notification type as the
 * notifications remote (`type.*`, variables from the notification's data), plural forms for counts; `ua` is
 * Ukrainian, an unknown language English.
 */
export type Lang = 'ru' | 'uk' | 'en';

const en = {
  type: {
    mention: '{{actor}} mentioned you in a post',
    thanks: '{{actor}} thanked you',
    'comment.mention': '{{actor}} mentioned you in a comment',
    'post.comment': '{{actor}} commented on your post',
    'post.like': '{{actor}} liked your post',
    'group.invited': 'You were invited to a group',
    'group.approved': 'Your request to join a group was approved',
    'group.rejected': 'Your request to join a group was rejected',
    'event.invited': 'You were invited to the event “{{name}}”',
    'event.reminder': 'The event “{{name}}” starts in {{minutes}} min',
    'poll.published': 'A new poll to answer: “{{name}}”',
    'poll.reminded': 'Please answer the poll “{{name}}”',
    'task.assigned': 'You were assigned the task “{{name}}”',
    'task.due_soon': 'The task “{{name}}” is due soon',
    'task.overdue': 'The task “{{name}}” is overdue',
    'chat.message': 'New message from {{actor}}',
    'vacancy.responded': '{{actor}} responded to the vacancy “{{name}}”',
  },
  open: 'Open',
  footer: 'You get this because of your notification settings in the portal.',
  digestSubject_one: 'You have {{count}} unread notification',
  digestSubject_other: 'You have {{count}} unread notifications',
  telegramLinked: 'Notifications of the portal will come to this chat.',
};
type Words = typeof en;

const ru: Words = {
  type: {
    mention: '{{actor}} упомянул(а) вас в посте',
    thanks: '{{actor}} поблагодарил(а) вас',
    'comment.mention': '{{actor}} упомянул(а) вас в комментарии',
    'post.comment': '{{actor}} прокомментировал(а) ваш пост',
    'post.like': '{{actor}} оценил(а) ваш пост',
    'group.invited': 'Вас пригласили в группу',
    'group.approved': 'Ваша заявка в группу одобрена',
    'group.rejected': 'Ваша заявка в группу отклонена',
    'event.invited': 'Вас пригласили на событие «{{name}}»',
    'event.reminder': 'Событие «{{name}}» начнётся через {{minutes}} мин',
    'poll.published': 'Новый опрос: «{{name}}»',
    'poll.reminded': 'Пройдите опрос «{{name}}»',
    'task.assigned': 'Вам назначена задача «{{name}}»',
    'task.due_soon': 'Срок задачи «{{name}}» скоро истекает',
    'task.overdue': 'Задача «{{name}}» просрочена',
    'chat.message': 'Новое сообщение от {{actor}}',
    'vacancy.responded': '{{actor}} откликнулся(-ась) на вакансию «{{name}}»',
  },
  open: 'Открыть',
  footer: 'Вы получили это письмо по своим настройкам уведомлений на портале.',
  digestSubject_one: 'У вас {{count}} непрочитанное уведомление',
  digestSubject_few: 'У вас {{count}} непрочитанных уведомления',
  digestSubject_many: 'У вас {{count}} непрочитанных уведомлений',
  digestSubject_other: 'У вас {{count}} непрочитанных уведомлений',
  telegramLinked: 'Уведомления портала будут приходить в этот чат.',
} as Words;

const uk: Words = {
  type: {
    mention: '{{actor}} згадав(-ла) вас у дописі',
    thanks: '{{actor}} подякував(-ла) вам',
    'comment.mention': '{{actor}} згадав(-ла) вас у коментарі',
    'post.comment': '{{actor}} прокоментував(-ла) ваш допис',
    'post.like': '{{actor}} вподобав(-ла) ваш допис',
    'group.invited': 'Вас запросили до групи',
    'group.approved': 'Вашу заявку до групи схвалено',
    'group.rejected': 'Вашу заявку до групи відхилено',
    'event.invited': 'Вас запросили на подію «{{name}}»',
    'event.reminder': 'Подія «{{name}}» почнеться через {{minutes}} хв',
    'poll.published': 'Нове опитування: «{{name}}»',
    'poll.reminded': 'Пройдіть опитування «{{name}}»',
    'task.assigned': 'Вам призначено задачу «{{name}}»',
    'task.due_soon': 'Термін задачі «{{name}}» скоро спливає',
    'task.overdue': 'Задачу «{{name}}» прострочено',
    'chat.message': 'Нове повідомлення від {{actor}}',
    'vacancy.responded': '{{actor}} відгукнувся(-лася) на вакансію «{{name}}»',
  },
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
