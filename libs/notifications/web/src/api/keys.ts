/**
 * The notifications web's query keys (issue 31 §1): the only place they are written. Every key starts with
 * `notificationKeys.all`, so invalidating it refreshes everything the domain shows (a new notification, a mark-read).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** A tab's feed (`all`, `posts`, `events`, `groups`), paged by time. */
  feed: (section: string) => [...notificationKeys.all, 'feed', section] as const,
  /** The bell's latest notifications. */
  latest: () => [...notificationKeys.all, 'bell'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  /** A user's section × channel switches. */
  userSettings: (user: string) => [...notificationKeys.all, 'settings', user] as const,
  /** The client's defaults and webhooks. */
  clientSettings: (client: string) => [...notificationKeys.all, 'defaults', client] as const,
  employees: (client: string) => [...notificationKeys.all, 'employees', client] as const,
  templates: () => [...notificationKeys.all, 'templates'] as const,
  mailings: () => [...notificationKeys.all, 'mailings'] as const,
  failing: (client: string) => [...notificationKeys.all, 'failing', client] as const,
  telegramBot: (client: string) => [...notificationKeys.all, 'telegram-bot', client] as const,
  telegramLink: () => [...notificationKeys.all, 'telegram-link'] as const,
};
