import { access, defineEvent, defineRoute, Id, optionalUrl, safeUrl, V, z, type EventPayload } from '@intranet/platform-contracts';

/**
 * The notifications domain's API as data (DESIGN §4): §3 Notification, Template and user settings, the §7
 * Notifications, Users (notifications settings) and POST api/message routes with their exact paths, the §5 text
 * of the mail check and the events pushed to a user's sockets (unread count, a new notification).
 */

/** §3 Notification sections (the /notifications tabs map blogs → posts, calendar → events, groups → groups). */
export * from './codes.ts';
export const SECTIONS = ['all', 'events', 'groups', 'polls', 'posts', 'services', 'idp', 'shop', 'resp', 'tasks', 'adapt', 'other'] as const;
export type Section = (typeof SECTIONS)[number];
/** Sections a notification is filed under (`all` is the union, never stored). */
export const STORED_SECTIONS = SECTIONS.filter((s) => s !== 'all') as Exclude<Section, 'all'>[];

/**
 * §1 channels a user switches per section. The notification centre itself is always on (it is where the
 * notification lives); `system` is the browser popup while a page is open.
 */
export const CHANNELS = ['system', 'email', 'telegram', 'teams', 'slack'] as const;
export type Channel = (typeof CHANNELS)[number];
/** Channels a template may be for: the centre (title, short body) and the external ones. */
export const TEMPLATE_CHANNELS = ['centre', ...CHANNELS] as const;

/** The built-in defaults when neither the user nor the client chose: the browser popup and e-mail on, others off. */
export const DEFAULT_CHANNELS: Record<Channel, boolean> = { system: true, email: true, telegram: false, teams: false, slack: false };

/** §5 / §8 texts of the domain; each has a stable code in NOTIF_CODES (the web words them in ru, uk, en). */
export const NOTIF_TEXT = {
  /** §5 Mail check. */
  mailAddressRequired: 'Mail test needs at least one address',
  mailSendFailed: 'The message could not be sent',
  templateExists: 'A template with this code already exists',
} as const;
export const NOTIF_CODES = {
  mailAddressRequired: 'mailAddressRequired',
  mailSendFailed: 'mailSendFailed',
  templateExists: 'templateExists',
} as const satisfies Record<keyof typeof NOTIF_TEXT, string>;

/** Longest title, text and link of a notification; notifications per page. */
export const NOTIF_LIMITS = { title: 300, text: 2000, link: 1000, page: 20, pageMax: 100 } as const;

/** §3 Notification as the API returns it. */
export const notificationSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  user_id: z.string(),
  section: z.enum(STORED_SECTIONS as [Exclude<Section, 'all'>, ...Exclude<Section, 'all'>[]]),
  /** What happened (`mention`, `comment`, `thanks`, `like`, `group.invited`, `event.invited`, `task.assigned`, ...). */
  type: z.string(),
  title: z.string(),
  text: z.string(),
  /** The object's page in the portal (`/wall/post/<id>`), or null. */
  link: z.string().nullable(),
  object: z.object({ type: z.string(), id: z.string() }).nullable(),
  actor_id: z.string().nullable(),
  /** Values the web words it with by `type` in the reader's language (`actor`, `name`); `title` is the English fallback. */
  data: z.record(z.string(), z.string()),
  read: z.boolean(),
  created: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A user's (or the client's default) section × channel matrix: `matrix[section][channel]`. */
export const settingsMatrix = z.partialRecord(z.enum(STORED_SECTIONS as [string, ...string[]]), z.partialRecord(z.enum(CHANNELS), z.boolean()));
export type SettingsMatrix = Record<string, Partial<Record<Channel, boolean>>>;
/** An incoming webhook: a safe URL the server posts to, so http(s) only. */
const webhookUrl = safeUrl(1000).refine((u) => /^https?:\/\//i.test(u), V.url);
/** The client's incoming webhooks (Slack, MS Teams): where those channels post; administrators only. */
export const webhooksSchema = z.object({
  slack: webhookUrl.nullable().optional(),
  teams: webhookUrl.nullable().optional(),
});
export const settingsResult = z.object({
  user_id: z.string().nullable(),
  client_id: z.string(),
  /** The effective switches, every section and channel filled (user's choice, else the client's, else built in). */
  matrix: z.record(z.string(), z.record(z.string(), z.boolean())),
  /** The client's webhooks: only in the client's defaults (administrators). */
  webhooks: webhooksSchema.optional(),
});

/** §3 Template. */
export const templateSchema = z.object({
  _id: z.string(),
  code: z.string(),
  lang: z.string(),
  channel: z.enum(TEMPLATE_CHANNELS),
  name: z.string(),
  title: z.string(),
  short: z.string(),
  full: z.string(),
  variables: z.array(z.string()),
});
export type Template = z.infer<typeof templateSchema>;
const templateBody = z.object({
  /** An empty code is sent as '__' (§7). */
  code: z
    .string()
    .trim()
    .max(100, V.max(100))
    .transform((c) => c || '__'),
  lang: z.enum(['ru', 'uk', 'en']).default('ru'),
  channel: z.enum(TEMPLATE_CHANNELS).default('centre'),
  name: z.string().trim().min(1, V.required).max(200, V.max(200)),
  title: z.string().max(300, V.max(300)).default(''),
  short: z.string().max(2000, V.max(2000)).default(''),
  full: z.string().max(50_000, V.max(50_000)).default(''),
  variables: z.array(z.string().max(100)).max(50).default([]),
});

/**
 * A template named without an id in the path (§7 DELETE api/notif_template): its `_id`, or its code (an empty code
 * is sent as '__') with an optional language and channel.
 */
const templateKey = z
  .object({
    _id: Id.optional(),
    code: z
      .string()
      .trim()
      .max(100, V.max(100))
      .transform((c) => c || '__')
      .optional(),
    lang: z.enum(['ru', 'uk', 'en']).optional(),
    channel: z.enum(TEMPLATE_CHANNELS).optional(),
  })
  .refine((k) => k._id !== undefined || k.code !== undefined, { message: V.required, path: ['code'] });

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(NOTIF_LIMITS.pageMax).default(NOTIF_LIMITS.page);
const countResult = z.object({ count: z.number().int(), sections: z.record(z.string(), z.number().int()) });

export const notificationsRoutes = {
  notificationCreate: defineRoute({
    method: 'POST',
    path: '/api/notification',
    subject: 'notifications.notification.create',
    summary:
      'Notify employees of the caller’s client (administrators): one notification per user, pushed to their sockets (a large notice is stored in the background)',
    spec: '§7 Notifications, §1 (employee accounts only)',
    access: access.admin,
    body: z.object({
      user_ids: z.array(Id).min(1, V.required).max(10_000),
      section: z.enum(STORED_SECTIONS as [string, ...string[]]).default('other'),
      title: z.string().trim().min(1, V.required).max(NOTIF_LIMITS.title, V.max(NOTIF_LIMITS.title)),
      text: z.string().max(NOTIF_LIMITS.text, V.max(NOTIF_LIMITS.text)).default(''),
      link: optionalUrl(NOTIF_LIMITS.link).default(null),
    }),
    /**
     * `created`: notifications stored before the answer; `queued`: recipients of a large notice (more than the
     * service's NOTIF_NOTICE_SYNC_MAX, default 1000) whose notifications are stored in the background right after.
     */
    result: z.object({ created: z.number().int(), queued: z.number().int().optional() }),
  }),
  notificationClientAll: defineRoute({
    method: 'GET',
    path: '/api/notification/{client}/all',
    subject: 'notifications.notification.clientAll',
    summary: 'Every notification of a client, newest first, paged (its administrators)',
    spec: '§7 Notifications',
    access: access.admin,
    params: z.object({ client: Id }),
    query: z.object({ page, limit }),
    result: z.object({ items: z.array(notificationSchema), total: z.number().int(), page: z.number(), limit: z.number() }),
  }),
  notificationGet: defineRoute({
    method: 'GET',
    path: '/api/notification/{id}',
    subject: 'notifications.notification.get',
    summary: 'One notification (its recipient, or an administrator of its client)',
    spec: '§7 Notifications',
    access: access.authenticated,
    params: z.object({ id: Id }),
    result: notificationSchema,
  }),
  notificationMarkRead: defineRoute({
    method: 'PUT',
    path: '/api/notification',
    subject: 'notifications.notification.markRead',
    summary: 'Mark the caller’s notifications read: one (`_id`), a section, or all; answers the new unread count',
    spec: '§7 Notifications, §4 unread count',
    access: access.authenticated,
    body: z.object({
      _id: Id.optional(),
      section: z.enum(SECTIONS).optional(),
      read: z.boolean().default(true),
    }),
    result: z.object({ updated: z.number().int(), unread: countResult }),
  }),
  messageSend: defineRoute({
    method: 'POST',
    path: '/api/message',
    subject: 'notifications.message.send',
    summary: 'Mail check: a test message to the given addresses (administrators)',
    spec: '§7 POST api/message, §5 Mail test needs at least one address',
    access: access.admin,
    body: z.object({
      emails: z.array(z.string().trim().email(V.email)).max(50).default([]),
      subject: z.string().trim().max(300, V.max(300)).default('Mail check'),
      text: z.string().max(10_000, V.max(10_000)).default('This is a test message.'),
    }),
    result: z.object({ sent: z.number().int() }),
  }),
  notificationFeed: defineRoute({
    method: 'GET',
    path: '/api/notification/{client}/{section}/{user}/{time}',
    subject: 'notifications.notification.feed',
    summary:
      'A user’s notifications of a section (all for every section) created before `time` (ISO, or `now`), newest first; `read` 0 unread only, 1 read only; `next` is the time of the next page or null',
    spec: '§7 Notifications, §2 /notifications tabs',
    access: access.authenticated,
    params: z.object({ client: Id, section: z.string().max(20), user: Id, time: z.union([z.literal('now'), z.iso.datetime({ offset: true })]) }),
    query: z.object({ read: z.enum(['0', '1']).optional(), limit }),
    result: z.object({ items: z.array(notificationSchema), next: z.string().nullable() }),
  }),
  notificationUnread: defineRoute({
    method: 'GET',
    path: '/api/notification/unread/{client}/{user}',
    subject: 'notifications.notification.unread',
    summary: 'A user’s unread count (the bell) and per section (oneself)',
    spec: '§7 Notifications, §4 unread count',
    access: access.authenticated,
    params: z.object({ client: Id, user: Id }),
    result: countResult,
  }),
  settingsUser: defineRoute({
    method: 'GET',
    path: '/api/user/notifications/{user}',
    subject: 'notifications.settings.user',
    summary: 'A user’s section × channel switches (oneself, or an administrator of the client)',
    spec: '§7 Users notifications settings',
    access: access.authenticated,
    params: z.object({ user: Id }),
    result: settingsResult,
  }),
  settingsClient: defineRoute({
    method: 'GET',
    path: '/api/user/notifications/client/{client}',
    subject: 'notifications.settings.client',
    summary: 'The client’s default switches for employees who chose none (administrators)',
    spec: '§7 Users notifications settings, §2 employee administration tab notifications',
    access: access.admin,
    params: z.object({ client: Id }),
    result: settingsResult,
  }),
  settingsSave: defineRoute({
    method: 'PUT',
    path: '/api/user/notifications',
    subject: 'notifications.settings.save',
    summary: 'Save switches: one’s own (no ids or `user_id` oneself), another user’s (administrators) or the client’s defaults (`client_id`, administrators)',
    spec: '§7 Users notifications settings',
    access: access.authenticated,
    body: z.object({ user_id: Id.optional(), client_id: Id.optional(), matrix: settingsMatrix, webhooks: webhooksSchema.optional() }),
    result: settingsResult,
  }),
  templateList: defineRoute({
    method: 'GET',
    path: '/api/notif_template',
    subject: 'notifications.template.list',
    summary: 'The client’s notification templates, filtered by code, language or channel (administrators)',
    spec: '§7 Templates',
    access: access.admin,
    query: z.object({
      code: z.string().max(100).optional(),
      lang: z.string().max(5).optional(),
      channel: z.enum(TEMPLATE_CHANNELS).optional(),
    }),
    result: z.array(templateSchema),
  }),
  templateGet: defineRoute({
    method: 'GET',
    path: '/api/notif_template/{id}',
    subject: 'notifications.template.get',
    summary: 'One template (administrators)',
    spec: '§7 Templates',
    access: access.admin,
    params: z.object({ id: Id }),
    result: templateSchema,
  }),
  templateCreate: defineRoute({
    method: 'POST',
    path: '/api/notif_template',
    subject: 'notifications.template.create',
    summary: 'Create a template (administrators); one per code, language and channel',
    spec: '§7 Templates',
    access: access.admin,
    body: templateBody,
    result: templateSchema,
  }),
  templateUpdate: defineRoute({
    method: 'PUT',
    path: '/api/notif_template/{id}',
    subject: 'notifications.template.update',
    summary: 'Change a template (administrators)',
    spec: '§7 Templates',
    access: access.admin,
    params: z.object({ id: Id }),
    body: templateBody,
    result: templateSchema,
  }),
  templateSave: defineRoute({
    method: 'PUT',
    path: '/api/notif_template',
    subject: 'notifications.template.save',
    summary:
      'Change a template named in the body (administrators): by `_id`, else the one with its code (empty sent as `__`), language and channel; 404 when there is none',
    spec: '§7 Templates (PUT api/notif_template, no id in the path)',
    access: access.admin,
    body: templateBody.extend({ _id: Id.optional() }),
    result: templateSchema,
  }),
  templateRemoveByCode: defineRoute({
    method: 'DELETE',
    path: '/api/notif_template',
    subject: 'notifications.template.removeByCode',
    summary:
      'Delete templates named in the query (administrators): `_id`, or a code (empty sent as `__`) with an optional language and channel; answers the ids deleted, 404 when none',
    spec: '§7 Templates (DELETE api/notif_template, no id in the path)',
    access: access.admin,
    query: templateKey,
    result: z.object({ deleted: z.array(z.string()) }),
  }),
  templateRemove: defineRoute({
    method: 'DELETE',
    path: '/api/notif_template/{id}',
    subject: 'notifications.template.remove',
    summary: 'Delete a template (administrators)',
    spec: '§7 Templates',
    access: access.admin,
    params: z.object({ id: Id }),
    result: z.object({ _id: z.string() }),
  }),
};

/**
 * Events of the notifications domain (DESIGN §6). `audience` routes them to the recipient's sockets only (the
 * gateway strips the list); nothing else of the domain is relayed.
 */
export const notificationsEvents = {
  /** A notification arrived for `audience[0]`: the bell's new count and the notification (browser popup). */
  created: defineEvent(
    'evt.notifications.notification.created',
    z.object({ notification: notificationSchema, unread: z.number().int(), system: z.boolean(), audience: z.array(z.string()) }),
    'A notification was stored for a user (to their sockets)',
  ),
  /**
   * A large notice of POST api/notification was accepted (one transaction): the service's own consumer stores its
   * notifications in chunks, keyed by `batch` and user so a redelivery stores none twice. `audience` is empty: no
   * socket gets it.
   */
  noticeQueued: defineEvent(
    'evt.notifications.notice.queued',
    z.object({
      batch: z.string(),
      user_ids: z.array(z.string()),
      section: z.string(),
      title: z.string(),
      text: z.string(),
      link: z.string().nullable(),
      by: z.string().nullable(),
      audience: z.array(z.string()).max(0),
    }),
    'An administrator’s notice to many employees was accepted (stored in the background)',
  ),
  /** The user's unread count changed (marked read). */
  unreadChanged: defineEvent(
    'evt.notifications.unread.changed',
    z.object({ unread: z.number().int(), audience: z.array(z.string()) }),
    'A user’s unread count changed (to their sockets)',
  ),
};
export type NotificationCreatedEvent = EventPayload<typeof notificationsEvents.created>;
