import { NOTIF_CODES, NOTIF_TEXT, notificationsEvents, SECTIONS, type notificationsRoutes, type SettingsMatrix } from '@intranet/notifications-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors, MESSAGES } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import type { DeliveryWorker } from './channels.ts';
import { noticeDrafts } from './consumers.ts';
import { notify } from './notify.ts';
import { assertPublicUrl, TARGET_REFUSED } from './targets.ts';

/** §8 text of a refused webhook (code webhookUrlRefused). */
export const WEBHOOK_REFUSED_TEXT = 'The webhook must be an https address of a public host';
import type { Directory } from './people.ts';
import { CLIENT_DEFAULTS, effectiveMatrix, notificationsRepository, templatesRepository, toNotification } from './repository.ts';

/** What the handlers share beyond the platform ports: the employee directory and the delivery worker. */
export interface NotificationsKit {
  directory: Directory;
  worker: DeliveryWorker;
}

const isAdmin = (ctx: RequestContext) => ctx.roles.includes('admin') || ctx.roles.includes('superadmin');

/** The caller's client id (403 without one: the superadmin outside a workspace). */
function clientOf(ctx: RequestContext): string {
  if (!ctx.clientId) throw Errors.noAccess();
  return ctx.clientId;
}

/** The route names the caller's own client (another client's id: 403, nothing read). */
function ownClient(ctx: RequestContext, client: string): string {
  const c = clientOf(ctx);
  if (client !== c) throw Errors.noAccess();
  return c;
}

/** Only the user themself (their notifications are theirs alone, §6). */
function self(ctx: RequestContext, client: string, user: string): string {
  const c = ownClient(ctx, client);
  if (user !== ctx.userId) throw Errors.noAccess();
  return c;
}

/**
 * Handlers of the §7 Notifications, Users (notifications settings), Templates and POST api/message routes. Input is
 * validated by the contract; each change is one transaction and writes its socket events to the outbox in it.
 */
export function notificationsHandlers({ db, outbox, mailer }: DomainDeps, kit: NotificationsKit): RouteHandlers<typeof notificationsRoutes> {
  const unreadEvent = async (tx: Parameters<Parameters<typeof db.inTenant>[1]>[0], clientId: string, userId: string) => {
    const unread = await notificationsRepository.unread(tx, userId);
    await outbox.add(tx, notificationsEvents.unreadChanged, clientId, { unread: unread.count, audience: [userId] });
    return unread;
  };

  /** Settings of `userId` in the caller's client: oneself, or an administrator for an employee of the client. */
  const settingsTarget = async (ctx: RequestContext, userId: string): Promise<string> => {
    const clientId = clientOf(ctx);
    if (userId === ctx.userId) return clientId;
    if (!isAdmin(ctx)) throw Errors.noAccess();
    const [u] = await kit.directory.employees(clientId, [userId]);
    if (!u) throw Errors.userNotFound();
    return clientId;
  };

  return {
    /**
     * §7 POST api/notification { user_ids, section, title, text, link } → { created, queued? }: employees of the
     * caller's client only (§1); any other id refuses the whole request (400 on user_ids, 'User not found'). Up to
     * NOTIF_NOTICE_SYNC_MAX recipients (default 1,000) are stored in one transaction before the answer (`created`);
     * a larger notice is accepted in one transaction as evt.notifications.notice.queued and stored right after by the
     * service's consumer in chunks (`queued`: its recipients), so 10,000 recipients never outlast the bus request.
     */
    create: async ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      const known = new Set((await kit.directory.employees(clientId, body.user_ids)).map((u) => u._id));
      const unknown = body.user_ids.filter((u) => !known.has(u));
      if (unknown.length) throw Errors.field('user_ids', MESSAGES.userNotFound);
      const notice = {
        batch: uuidv7(),
        user_ids: [...new Set(body.user_ids)],
        section: body.section,
        title: body.title,
        text: body.text,
        link: body.link,
        by: ctx.userId ?? null,
      };
      if (notice.user_ids.length > (Number(process.env.NOTIF_NOTICE_SYNC_MAX) || 1000)) {
        await db.inTenant({ clientId }, (tx) => outbox.add(tx, notificationsEvents.noticeQueued, clientId, { ...notice, audience: [] }));
        return { created: 0, queued: notice.user_ids.length };
      }
      const stored = await notify({ db, outbox, directory: kit.directory }, clientId, noticeDrafts(notice));
      kit.worker.kick();
      return { created: stored.length };
    },

    /** §7 GET api/notification/{client}/all → a page of the client's notifications (administrators). */
    clientAll: ({ params, query }, ctx) => {
      const clientId = ownClient(ctx, params.client);
      return db.inTenant({ clientId }, async (tx) => {
        const { rows, total } = await notificationsRepository.page(tx, query.page, query.limit);
        return { items: rows.map(toNotification), total, page: query.page, limit: query.limit };
      });
    },

    /** §7 GET api/notification/{id}: its recipient or an administrator of its client. Errors: 404, 403. */
    get: ({ params }, ctx) =>
      db.inTenant({ clientId: clientOf(ctx) }, async (tx) => {
        const row = await notificationsRepository.find(tx, params.id);
        if (!row) throw Errors.notFound();
        if (row.userId !== ctx.userId && !isAdmin(ctx)) throw Errors.noAccess();
        return toNotification(row);
      }),

    /**
     * §7 PUT api/notification { _id | section | nothing (all), read } → { updated, unread }: the caller's own
     * notifications only; the unread counter moves by what changed and the caller's sockets get the new count.
     * Errors: 404 for an id that is not the caller's.
     */
    markRead: ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      const userId = ctx.userId;
      if (!userId) throw Errors.noAccess();
      return db.inTenant({ clientId }, async (tx) => {
        if (body._id) {
          const row = await notificationsRepository.find(tx, body._id);
          if (!row || row.userId !== userId) throw Errors.notFound();
        }
        const updated = await notificationsRepository.setRead(tx, clientId, userId, { id: body._id, section: body.section }, body.read);
        const unread = updated ? await unreadEvent(tx, clientId, userId) : await notificationsRepository.unread(tx, userId);
        return { updated, unread };
      });
    },

    /**
     * §7 POST api/message { emails, subject, text } → { sent }: the admin panel's mail check. §5: at least one
     * address (400 mailAddressRequired). A refused send answers 500 mailSendFailed with the server's reason.
     */
    message: async ({ body }, ctx) => {
      clientOf(ctx);
      if (!body.emails.length) throw Errors.field('emails', NOTIF_TEXT.mailAddressRequired, NOTIF_CODES.mailAddressRequired);
      let sent = 0;
      for (const to of body.emails) {
        try {
          await mailer.send({ to, subject: body.subject, text: body.text });
          sent++;
        } catch (err) {
          throw new DomainError('internal', NOTIF_TEXT.mailSendFailed, {
            code: NOTIF_CODES.mailSendFailed,
            params: { email: to, reason: String((err as Error)?.message ?? err).slice(0, 200) },
          });
        }
      }
      return { sent };
    },

    /**
     * §7 GET api/notification/{client}/{section}/{user}/{time|now}?read=0|1 → { items, next }: the user's own
     * notifications before `time`, newest first; `next` is the `time` of the following page (null at the end).
     */
    feed: ({ params, query }, ctx) => {
      const clientId = self(ctx, params.client, params.user);
      if (!(SECTIONS as readonly string[]).includes(params.section)) throw Errors.field('section', 'Invalid value', 'invalidValue');
      const before = params.time === 'now' ? new Date(Date.now() + 1000) : new Date(params.time);
      const read = query.read === undefined ? undefined : query.read === '1';
      return db.inTenant({ clientId }, async (tx) => {
        const rows = await notificationsRepository.feed(tx, params.user, params.section, before, read, query.limit + 1);
        const more = rows.length > query.limit;
        const items = rows.slice(0, query.limit).map(toNotification);
        return { items, next: more ? items[items.length - 1]!.created : null };
      });
    },

    /** §7 GET api/notification/unread/{client}/{user} → { count, sections } (oneself). */
    unread: ({ params }, ctx) => {
      const clientId = self(ctx, params.client, params.user);
      return db.inTenant({ clientId }, (tx) => notificationsRepository.unread(tx, params.user));
    },

    /** §7 GET api/user/notifications/{user} → the effective section × channel matrix (oneself or an admin). */
    userSettings: async ({ params }, ctx) => {
      const clientId = await settingsTarget(ctx, params.user);
      return db.inTenant({ clientId }, async (tx) => {
        const { defaults, users } = await notificationsRepository.settingsOf(tx, [params.user]);
        return { user_id: params.user, client_id: clientId, matrix: effectiveMatrix(users.get(params.user), defaults) };
      });
    },

    /** §7 GET api/user/notifications/client/{client} → the client's defaults for new employees (admins). */
    clientSettings: ({ params }, ctx) => {
      const clientId = ownClient(ctx, params.client);
      return db.inTenant({ clientId }, async (tx) => {
        const { defaults, webhooks } = await notificationsRepository.settingsOf(tx, []);
        return { user_id: null, client_id: clientId, matrix: effectiveMatrix(undefined, defaults), webhooks };
      });
    },

    /**
     * §7 PUT api/user/notifications { user_id?, client_id?, matrix, webhooks? } → the effective matrix saved: one's
     * own, an employee's (admins) or, with `client_id`, the client's defaults and webhooks (admins). Errors: 403,
     * 404 user, 400 webhookUrlRefused (a webhook not https to a public host, unless NOTIF_ALLOW_PRIVATE_HOSTS).
     */
    saveSettings: async ({ body }, ctx) => {
      let clientId: string;
      let target: string;
      // A client_id beside a user_id still names a client: another client's is refused (issue 38 §6).
      if (body.client_id) ownClient(ctx, body.client_id);
      if (body.client_id && !body.user_id) {
        clientId = ownClient(ctx, body.client_id);
        if (!isAdmin(ctx)) throw Errors.noAccess();
        target = CLIENT_DEFAULTS;
      } else {
        target = body.user_id ?? ctx.userId ?? '';
        if (!target) throw Errors.noAccess();
        clientId = await settingsTarget(ctx, target);
      }
      if (target === CLIENT_DEFAULTS && body.webhooks) {
        for (const k of ['slack', 'teams'] as const) {
          const url = body.webhooks[k];
          if (!url) continue;
          try {
            await assertPublicUrl(url);
          } catch {
            throw Errors.field(`webhooks.${k}`, WEBHOOK_REFUSED_TEXT, TARGET_REFUSED);
          }
        }
      }
      return db.inTenant({ clientId }, async (tx) => {
        const isDefaults = target === CLIENT_DEFAULTS;
        await notificationsRepository.saveSettings(tx, clientId, target, body.matrix as SettingsMatrix, isDefaults ? body.webhooks : undefined);
        const { defaults, webhooks, users } = await notificationsRepository.settingsOf(tx, isDefaults ? [] : [target]);
        return {
          user_id: isDefaults ? null : target,
          client_id: clientId,
          matrix: effectiveMatrix(isDefaults ? undefined : users.get(target), defaults),
          ...(isDefaults ? { webhooks } : {}),
        };
      });
    },

    /** §7 GET api/notif_template?code&lang&channel → the client's templates (admins). */
    templates: ({ query }, ctx) => db.inTenant({ clientId: clientOf(ctx) }, (tx) => templatesRepository.list(tx, query)),

    /** §7 GET api/notif_template/{id} → one template. Errors: 404. */
    templateGet: ({ params }, ctx) =>
      db.inTenant({ clientId: clientOf(ctx) }, async (tx) => {
        const t = await templatesRepository.find(tx, params.id);
        if (!t) throw Errors.notFound();
        return t;
      }),

    /** §7 POST api/notif_template → the template. Errors: 409 when the code, language and channel exist. */
    templateCreate: ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      return db.inTenant({ clientId }, async (tx) => {
        const t = await templatesRepository.insert(tx, clientId, body);
        if (!t) throw Errors.conflict('code', NOTIF_TEXT.templateExists, NOTIF_CODES.templateExists);
        return t;
      });
    },

    /** §7 PUT api/notif_template/{id} → the template. Errors: 404; 409 when another has its code, language, channel. */
    templateUpdate: ({ params, body }, ctx) =>
      db.inTenant({ clientId: clientOf(ctx) }, async (tx) => {
        if (!(await templatesRepository.find(tx, params.id))) throw Errors.notFound();
        const same = await templatesRepository.list(tx, { code: body.code, lang: body.lang, channel: body.channel });
        if (same.some((s) => s._id !== params.id)) throw Errors.conflict('code', NOTIF_TEXT.templateExists, NOTIF_CODES.templateExists);
        return (await templatesRepository.update(tx, params.id, body))!;
      }),

    /** §7 DELETE api/notif_template/{id} → { _id }. Errors: 404. */
    templateRemove: ({ params }, ctx) =>
      db.inTenant({ clientId: clientOf(ctx) }, async (tx) => {
        if (!(await templatesRepository.delete(tx, params.id))) throw Errors.notFound();
        return { _id: params.id };
      }),
  };
}
