import { access, defineRoute, Id, V, z } from '@intranet/platform-contracts';

/**
 * Administration and Telegram routes of the notifications domain (a subpath export: the shell never loads it):
 * the report of channels that keep failing (issue 10: "a channel that keeps failing is reported in the admin
 * panel"), the client's Telegram bot and channel (§3 Client Telegram channel) and the per-user linking of a
 * Telegram chat by a one-time code.
 */

/** §8 texts and codes (the notifications remote words them in ru/uk/en). */
export const ADMIN_TEXT = {
  telegramCodeInvalid: 'The code is unknown or expired',
  telegramNotConfigured: 'The company has no Telegram bot',
  telegramUnreachable: 'The Telegram bot could not be reached: check its token',
  webhookUrlRefused: 'The webhook must be an https address of a public host',
} as const;
export const ADMIN_CODES = {
  telegramCodeInvalid: 'telegramCodeInvalid',
  telegramNotConfigured: 'telegramNotConfigured',
  telegramUnreachable: 'telegramUnreachable',
  webhookUrlRefused: 'webhookUrlRefused',
} as const satisfies Record<keyof typeof ADMIN_TEXT, string>;

/** One failing channel: undelivered sends since its last success, the latest error's stable code and text. */
export const channelHealthSchema = z.object({
  channel: z.string(),
  /** Sends that failed (given up) or are being retried since the channel last delivered. */
  failing: z.number().int(),
  /** When the oldest of them first failed (ISO). */
  since: z.string(),
  /** Stable code of the latest error (`http_500`, `smtp_451`, `timeout`, `webhookUrlRefused`, `network`, ...). */
  last_code: z.string(),
  last_error: z.string(),
});

const telegramBotResult = z.object({ configured: z.boolean(), channel: z.string().nullable() });

export const notificationsAdminRoutes = {
  channelsHealth: defineRoute({
    method: 'GET',
    path: '/api/notification/channels/{client}',
    subject: 'notifications.channels.health',
    summary: 'Channels that keep failing for the client: count, last error code, since when (administrators)',
    spec: 'issue 10 (failing channel reported in the admin panel), §2 admin panel notification settings',
    access: access.admin,
    params: z.object({ client: Id }),
    result: z.array(channelHealthSchema),
  }),
  telegramBot: defineRoute({
    method: 'GET',
    path: '/api/notification/telegram/bot/{client}',
    subject: 'notifications.telegram.bot',
    summary: 'Whether the client has a Telegram bot, and its channel (the token is never answered; administrators)',
    spec: '§3 Client Telegram channel, §1 channels',
    access: access.admin,
    params: z.object({ client: Id }),
    result: telegramBotResult,
  }),
  telegramBotSave: defineRoute({
    method: 'PUT',
    path: '/api/notification/telegram/bot',
    subject: 'notifications.telegram.botSave',
    summary: 'Set the client’s Telegram bot token (null removes it; absent keeps it) and channel (administrators)',
    spec: '§3 Client Telegram channel, §1 channels',
    access: access.admin,
    body: z.object({
      token: z.string().trim().max(200, V.max(200)).nullable().optional(),
      channel: z.string().trim().max(100, V.max(100)).nullable().optional(),
    }),
    result: telegramBotResult,
  }),
  telegramCode: defineRoute({
    method: 'POST',
    path: '/api/notification/telegram/code',
    subject: 'notifications.telegram.code',
    summary: 'A one-time code (valid 15 min) the caller sends to the client’s bot to link their Telegram chat',
    spec: '§1 channels (Telegram), issue 10 per-user linking',
    access: access.authenticated,
    result: z.object({ code: z.string(), expires: z.string() }),
  }),
  telegramLink: defineRoute({
    method: 'POST',
    path: '/api/notification/telegram/link',
    subject: 'notifications.telegram.link',
    summary: 'Link the caller’s chat: reads the bot’s new messages for the caller’s code (Bot API getUpdates)',
    spec: '§1 channels (Telegram), issue 10 per-user linking',
    access: access.authenticated,
    result: z.object({ linked: z.boolean() }),
  }),
  telegramStatus: defineRoute({
    method: 'GET',
    path: '/api/notification/telegram/link',
    subject: 'notifications.telegram.status',
    summary: 'Whether the caller’s Telegram chat is linked',
    spec: '§1 channels (Telegram)',
    access: access.authenticated,
    result: z.object({ linked: z.boolean() }),
  }),
  telegramUnlink: defineRoute({
    method: 'DELETE',
    path: '/api/notification/telegram/link',
    subject: 'notifications.telegram.unlink',
    summary: 'Unlink the caller’s Telegram chat',
    spec: '§1 channels (Telegram)',
    access: access.authenticated,
    result: z.object({ linked: z.boolean() }),
  }),
};
