/**
 * How each notification type is worded, per language (ru, uk, en): the notification centre (web), the bell, the
 * toasts and the channels' messages without a template (e-mail, Slack, Teams, Telegram) say the same thing
 * (`wordNotification`). Variables `{{...}}` come from the notification's data (`notificationVars`).
 */
export const NOTIFICATION_TYPE_WORDING = {
  en: {
    mention: '{{actor}} mentioned you in a post',
    thanks: '{{actor}} thanked you',
    'comment.mention': '{{actor}} mentioned you in a comment',
    'post.comment': '{{actor}} commented on your post',
    'post.like': '{{actor}} liked your post',
    'group.requested': '{{actor}} asked to join your group “{{name}}”',
    'group.invited': 'You were invited to the group “{{name}}”',
    'group.approved': 'Your request to join the group “{{name}}” was approved',
    'group.rejected': 'Your request to join the group “{{name}}” was rejected',
    'group.post': '{{actor}} posted in the group “{{name}}”',
    'event.invited': 'You were invited to the event “{{name}}”',
    'event.reminder': 'The event “{{name}}” starts in {{minutes}} min',
    'event.changed': 'The event “{{name}}” was changed',
    'event.cancelled': 'The event “{{name}}” was cancelled',
    'event.occurrence_changed': 'The event “{{name}}” on {{date}} was changed',
    'event.occurrence_cancelled': 'The event “{{name}}” on {{date}} was cancelled',
    'poll.published': 'A new poll to answer: “{{name}}”',
    'poll.reminded': 'Please answer the poll “{{name}}”',
    'task.assigned': 'You were assigned the task “{{name}}”',
    'task.due_soon': 'The task “{{name}}” is due soon',
    'task.overdue': 'The task “{{name}}” is overdue',
    'chat.message': 'New message from {{actor}}',
    'vacancy.responded': '{{actor}} responded to the vacancy “{{name}}”',
    'bp.step': 'A step of the request “{{name}}” awaits you: {{step}}',
    'bp.finished': 'Your request “{{name}}” was completed',
    'bp.rejected': 'Your request “{{name}}” was rejected',
    'bp.service_req': '{{actor}} asked the administrators for a service',
    'vacation.approved': '{{actor}} approved your vacation {{start}} – {{end}}',
    'vacation.deleted': '{{actor}} cancelled your vacation {{start}} – {{end}}',
    'vacation.requested': '{{actor}} asks you to approve a vacation {{start}} – {{end}}',
    'idea.sent': '{{actor}} proposed a new idea',
    'idea.status': 'Your idea is now: {{status}}',
    'viol_report.sent': 'A new violation report was sent',
    'shop.accrued': 'You received {{amount}} coins for “{{name}}”',
    'shop.accrued_auto': 'You received {{amount}} coins',
    'shop.purchased': '{{actor}} bought “{{name}}” for {{amount}} coins',
    'course.appointed': 'You were appointed the course “{{name}}”',
    'idp.created': 'A development plan “{{name}}” was created',
    'idp.changed': 'The development plan “{{name}}” was changed',
    'adapt.started': 'Adaptation “{{name}}” has started',
    'adapt.step_opened': 'A new adaptation step is open: “{{step}}” ({{name}})',
    'adapt.finished': 'Adaptation “{{name}}” is finished',
    'adapt.probation': 'Probation passed: adaptation “{{name}}”',
  },
  ru: {
    mention: '{{actor}} упомянул(а) вас в посте',
    thanks: '{{actor}} поблагодарил(а) вас',
    'comment.mention': '{{actor}} упомянул(а) вас в комментарии',
    'post.comment': '{{actor}} прокомментировал(а) ваш пост',
    'post.like': '{{actor}} оценил(а) ваш пост',
    'group.requested': '{{actor}} просит принять его (её) в вашу группу «{{name}}»',
    'group.invited': 'Вас пригласили в группу «{{name}}»',
    'group.approved': 'Ваша заявка в группу «{{name}}» одобрена',
    'group.rejected': 'Ваша заявка в группу «{{name}}» отклонена',
    'group.post': '{{actor}} опубликовал(а) пост в группе «{{name}}»',
    'event.invited': 'Вас пригласили на событие «{{name}}»',
    'event.reminder': 'Событие «{{name}}» начнётся через {{minutes}} мин',
    'event.changed': 'Событие «{{name}}» изменено',
    'event.cancelled': 'Событие «{{name}}» отменено',
    'event.occurrence_changed': 'Событие «{{name}}» {{date}} изменено',
    'event.occurrence_cancelled': 'Событие «{{name}}» {{date}} отменено',
    'poll.published': 'Новый опрос: «{{name}}»',
    'poll.reminded': 'Пройдите опрос «{{name}}»',
    'task.assigned': 'Вам назначена задача «{{name}}»',
    'task.due_soon': 'Срок задачи «{{name}}» скоро истекает',
    'task.overdue': 'Задача «{{name}}» просрочена',
    'chat.message': 'Новое сообщение от {{actor}}',
    'vacancy.responded': '{{actor}} откликнулся(-ась) на вакансию «{{name}}»',
    'bp.step': 'Вас ждёт этап заявки «{{name}}»: {{step}}',
    'bp.finished': 'Ваша заявка «{{name}}» выполнена',
    'bp.rejected': 'Ваша заявка «{{name}}» отклонена',
    'bp.service_req': '{{actor}} обратился(лась) к администраторам по поводу сервиса',
    'vacation.approved': '{{actor}} согласовал(а) ваш отпуск {{start}} – {{end}}',
    'vacation.deleted': '{{actor}} отменил(а) ваш отпуск {{start}} – {{end}}',
    'vacation.requested': '{{actor}} просит согласовать отпуск {{start}} – {{end}}',
    'idea.sent': '{{actor}} предложил(а) новую идею',
    'idea.status': 'Статус вашей идеи: {{status}}',
    'viol_report.sent': 'Поступило новое сообщение о нарушении',
    'shop.accrued': 'Вам начислено монет: {{amount}} за «{{name}}»',
    'shop.accrued_auto': 'Вам начислено монет: {{amount}}',
    'shop.purchased': '{{actor}} купил(а) «{{name}}» за {{amount}} монет(ы)',
    'course.appointed': 'Вам назначен курс «{{name}}»',
    'idp.created': 'Создан план развития «{{name}}»',
    'idp.changed': 'План развития «{{name}}» изменён',
    'adapt.started': 'Адаптация «{{name}}» началась',
    'adapt.step_opened': 'Открыт новый шаг адаптации: «{{step}}» ({{name}})',
    'adapt.finished': 'Адаптация «{{name}}» завершена',
    'adapt.probation': 'Испытательный срок пройден: адаптация «{{name}}»',
  },
  uk: {
    mention: '{{actor}} згадав(-ла) вас у дописі',
    thanks: '{{actor}} подякував(-ла) вам',
    'comment.mention': '{{actor}} згадав(-ла) вас у коментарі',
    'post.comment': '{{actor}} прокоментував(-ла) ваш допис',
    'post.like': '{{actor}} вподобав(-ла) ваш допис',
    'group.requested': '{{actor}} просить прийняти його (її) до вашої групи «{{name}}»',
    'group.invited': 'Вас запросили до групи «{{name}}»',
    'group.approved': 'Вашу заявку до групи «{{name}}» схвалено',
    'group.rejected': 'Вашу заявку до групи «{{name}}» відхилено',
    'group.post': '{{actor}} опублікував(-ла) допис у групі «{{name}}»',
    'event.invited': 'Вас запросили на подію «{{name}}»',
    'event.reminder': 'Подія «{{name}}» почнеться через {{minutes}} хв',
    'event.changed': 'Подію «{{name}}» змінено',
    'event.cancelled': 'Подію «{{name}}» скасовано',
    'event.occurrence_changed': 'Подію «{{name}}» {{date}} змінено',
    'event.occurrence_cancelled': 'Подію «{{name}}» {{date}} скасовано',
    'poll.published': 'Нове опитування: «{{name}}»',
    'poll.reminded': 'Пройдіть опитування «{{name}}»',
    'task.assigned': 'Вам призначено задачу «{{name}}»',
    'task.due_soon': 'Термін задачі «{{name}}» скоро спливає',
    'task.overdue': 'Задачу «{{name}}» прострочено',
    'chat.message': 'Нове повідомлення від {{actor}}',
    'vacancy.responded': '{{actor}} відгукнувся(-лася) на вакансію «{{name}}»',
    'bp.step': 'На вас чекає етап заявки «{{name}}»: {{step}}',
    'bp.finished': 'Вашу заявку «{{name}}» виконано',
    'bp.rejected': 'Вашу заявку «{{name}}» відхилено',
    'bp.service_req': '{{actor}} звернувся(лася) до адміністраторів щодо сервісу',
    'vacation.approved': '{{actor}} погодив(-ла) вашу відпустку {{start}} – {{end}}',
    'vacation.deleted': '{{actor}} скасував(-ла) вашу відпустку {{start}} – {{end}}',
    'vacation.requested': '{{actor}} просить погодити відпустку {{start}} – {{end}}',
    'idea.sent': '{{actor}} запропонував(-ла) нову ідею',
    'idea.status': 'Статус вашої ідеї: {{status}}',
    'viol_report.sent': 'Надійшло нове повідомлення про порушення',
    'shop.accrued': 'Вам нараховано монет: {{amount}} за «{{name}}»',
    'shop.accrued_auto': 'Вам нараховано монет: {{amount}}',
    'shop.purchased': '{{actor}} купив(-ла) «{{name}}» за {{amount}} монет(и)',
    'course.appointed': 'Вам призначено курс «{{name}}»',
    'idp.created': 'Створено план розвитку «{{name}}»',
    'idp.changed': 'План розвитку «{{name}}» змінено',
    'adapt.started': 'Адаптація «{{name}}» розпочалася',
    'adapt.step_opened': 'Відкрито новий крок адаптації: «{{step}}» ({{name}})',
    'adapt.finished': 'Адаптацію «{{name}}» завершено',
    'adapt.probation': 'Випробувальний термін пройдено: адаптація «{{name}}»',
  },
};

/** The languages notifications are worded in. */
export type WordingLang = keyof typeof NOTIFICATION_TYPE_WORDING;

/**
 * The body of a notification whose text is built from its data (a date or time that must be shown in the reader's
 * language and zone); types not listed keep their stored text (an excerpt of a post, a chat message...).
 */
export const NOTIFICATION_TEXT_WORDING: Record<WordingLang, Record<string, string>> = {
  en: {
    'event.invited': '{{date}}, {{time}}',
    'event.reminder': 'Starts {{start}}',
    'task.due_soon': 'Deadline: {{deadline}}',
    'task.overdue': 'Deadline: {{deadline}}',
  },
  ru: {
    'event.invited': '{{date}}, {{time}}',
    'event.reminder': 'Начало: {{start}}',
    'task.due_soon': 'Срок: {{deadline}}',
    'task.overdue': 'Срок: {{deadline}}',
  },
  uk: {
    'event.invited': '{{date}}, {{time}}',
    'event.reminder': 'Початок: {{start}}',
    'task.due_soon': 'Термін: {{deadline}}',
    'task.overdue': 'Термін: {{deadline}}',
  },
};

/** The words of an idea's §3 status (`{{status}}` of `idea.status`). */
export const IDEA_STATUS_WORDING: Record<WordingLang, Record<string, string>> = {
  en: { new: 'new', review: 'under review', accepted: 'accepted', rejected: 'rejected' },
  ru: { new: 'новая', review: 'на рассмотрении', accepted: 'принята', rejected: 'отклонена' },
  uk: { new: 'нова', review: 'на розгляді', accepted: 'прийнята', rejected: 'відхилена' },
};

const LOCALES: Record<WordingLang, string> = { en: 'en-GB', ru: 'ru-RU', uk: 'uk-UA' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A user's language as notifications word it (`ua` → `uk`; anything else not ru/uk → en). */
export const wordingLang = (lang: string | null | undefined): WordingLang => (lang === 'ua' || lang === 'uk' ? 'uk' : lang === 'ru' ? 'ru' : 'en');

/** Where the reader is: the zone instants are shown in (the browser's when absent), and whether to name it. */
export interface ReaderZone {
  timeZone?: string;
  /** Name the zone after the time ("09:01 UTC"): when the reader's own zone is not known (e-mail, Telegram). */
  showZone?: boolean;
}

/**
 * The variables of a notification for a reader: a day (`YYYY-MM-DD`) in their language, an instant (ISO) as date and
 * time in their language and zone, an idea's status in words; anything else as it is.
 */
export function notificationVars(
  data: Record<string, unknown> | null | undefined,
  lang: string | null | undefined,
  zone: ReaderZone = {},
): Record<string, string> {
  const l = wordingLang(lang);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) {
    const s = v === null || v === undefined ? '' : String(v);
    if (DAY.test(s)) out[k] = new Intl.DateTimeFormat(LOCALES[l], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${s}T00:00:00Z`));
    else if (INSTANT.test(s) && !Number.isNaN(Date.parse(s))) out[k] = formatInstant(s, l, zone);
    else out[k] = s;
  }
  if (out.status && IDEA_STATUS_WORDING[l][out.status]) out.status = IDEA_STATUS_WORDING[l][out.status]!;
  return out;
}

function formatInstant(iso: string, l: WordingLang, zone: ReaderZone): string {
  let timeZone = zone.timeZone;
  try {
    if (timeZone) new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    timeZone = 'UTC';
  }
  const opts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone };
  if (zone.showZone) opts.timeZoneName = 'short';
  return new Intl.DateTimeFormat(LOCALES[l], opts).format(new Date(iso));
}

/** Fills `{{var}}` of a sentence; a variable the data lacks becomes empty (never a raw placeholder). */
export const fillWording = (sentence: string, vars: Record<string, string>) => sentence.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => vars[k] ?? '');

/**
 * A notification worded for its reader: the title (its type's sentence; null for a type without one, e.g. an
 * administrator's notice, which keeps its stored title) and the body built from its data (null: keep the stored
 * text), dates and times in the reader's language and zone.
 */
export function wordNotification(
  n: { type: string; data?: Record<string, unknown> | null },
  lang: string | null | undefined,
  zone: ReaderZone = {},
): { title: string | null; text: string | null; vars: Record<string, string> } {
  const l = wordingLang(lang);
  const vars = notificationVars(n.data, l, zone);
  const title = (NOTIFICATION_TYPE_WORDING[l] as Record<string, string>)[n.type];
  const text = NOTIFICATION_TEXT_WORDING[l][n.type];
  return { title: title ? fillWording(title, vars) : null, text: text ? fillWording(text, vars) : null, vars };
}
