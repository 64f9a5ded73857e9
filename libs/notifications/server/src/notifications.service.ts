import { Inject, Injectable } from '@nestjs/common';
import { NOTIF_CODES, NOTIF_ERRORS, NOTIF_TEXT, notificationsEvents, type notificationsRoutes, SECTIONS } from '@intranet/notifications-contract';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import { uuidv7, type Database } from '@intranet/platform-db';
import { DomainError, Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Mailer } from '@intranet/platform-mail';
import type { Outbox } from '@intranet/platform-outbox';
import { canReadNotification, ownClient, self } from './access.ts';
import { toNotification } from './mapping.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { Notifier } from './notifier.service.ts';
import { Directory } from './people.ts';
import { noticeDrafts } from './rules.ts';

type In<K extends keyof typeof notificationsRoutes> = RouteInput<(typeof notificationsRoutes)[K]>;

/** The §7 Notifications routes and POST api/message: each change is one transaction with its socket events in the outbox. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.mailer) private readonly mailer: Mailer,
    @Inject(PORTS.config) private readonly config: Config,
    private readonly repo: NotificationsRepository,
    private readonly directory: Directory,
    private readonly notifier: Notifier,
  ) {}

  /**
   * §7 POST api/notification { user_ids, section, title, text, link } → { created, queued? }: employees of the
   * caller's client only (§1); any other id refuses the whole request (400 on user_ids, 'User not found'). Up to
   * NOTIF_NOTICE_SYNC_MAX recipients (default 1,000) are stored in one transaction before the answer (`created`);
   * a larger notice is accepted in one transaction as evt.notifications.notice.queued and stored right after by the
   * service's consumer in chunks (`queued`: its recipients), so 10,000 recipients never outlast the bus request.
   */
  async notificationCreate({ body }: In<'notificationCreate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const known = new Set((await this.directory.employees(clientId, body.user_ids)).map((u) => u._id));
    if (body.user_ids.some((u) => !known.has(u))) throw Errors.fieldCoded('user_ids', GENERIC.user_not_found);
    const notice = {
      batch: uuidv7(),
      user_ids: [...new Set(body.user_ids)],
      section: body.section,
      title: body.title,
      text: body.text,
      link: body.link,
      by: userId,
    };
    if (notice.user_ids.length > this.config.NOTIF_NOTICE_SYNC_MAX) {
      await this.db.inTenant({ clientId }, (tx) => this.outbox.add(tx, notificationsEvents.noticeQueued, clientId, { ...notice, audience: [] }));
      return { created: 0, queued: notice.user_ids.length };
    }
    const stored = await this.notifier.notify(clientId, noticeDrafts(notice));
    return { created: stored.length };
  }

  /** §7 GET api/notification/{client}/all → a page of the client's notifications (administrators). */
  notificationClientAll({ params, query }: In<'notificationClientAll'>, ctx: RequestContext) {
    const clientId = ownClient(requireCaller(ctx), params.client);
    return this.db.inTenant({ clientId }, async (tx) => {
      const { rows, total } = await this.repo.page(tx, query.page, query.limit);
      return { items: rows.map(toNotification), total, page: query.page, limit: query.limit };
    });
  }

  /** §7 GET api/notification/{id}: its recipient or an administrator of its client. Errors: 404, 403. */
  notificationGet({ params }: In<'notificationGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant({ clientId: caller.clientId }, async (tx) => {
      const row = await this.repo.find(tx, params.id);
      if (!row) throw Errors.notFound();
      if (!canReadNotification(caller, row)) throw Errors.noAccess();
      return toNotification(row);
    });
  }

  /**
   * §7 PUT api/notification { _id | section | nothing (all), read } → { updated, unread }: the caller's own
   * notifications only; the unread counter moves by what changed and the caller's sockets get the new count.
   * Errors: 404 for an id that is not the caller's.
   */
  notificationMarkRead({ body }: In<'notificationMarkRead'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant({ clientId }, async (tx) => {
      if (body._id) {
        const row = await this.repo.find(tx, body._id);
        if (!row || row.userId !== userId) throw Errors.notFound();
      }
      const updated = await this.repo.setRead(tx, clientId, userId, { id: body._id, section: body.section }, body.read);
      const unread = await this.repo.unread(tx, userId);
      if (updated) await this.outbox.add(tx, notificationsEvents.unreadChanged, clientId, { unread: unread.count, audience: [userId] });
      return { updated, unread };
    });
  }

  /**
   * §7 POST api/message { emails, subject, text } → { sent }: the admin panel's mail check. §5: at least one
   * address (400 mailAddressRequired). A refused send answers 500 mailSendFailed with the server's reason.
   */
  async messageSend({ body }: In<'messageSend'>, ctx: RequestContext) {
    requireCaller(ctx);
    if (!body.emails.length) throw Errors.fieldCoded('emails', NOTIF_ERRORS.mailAddressRequired);
    let sent = 0;
    for (const to of body.emails) {
      try {
        await this.mailer.send({ to, subject: body.subject, text: body.text });
        sent++;
      } catch (err) {
        throw new DomainError('internal', NOTIF_TEXT.mailSendFailed, {
          code: NOTIF_CODES.mailSendFailed,
          params: { email: to, reason: String((err as Error)?.message ?? err).slice(0, 200) },
        });
      }
    }
    return { sent };
  }

  /**
   * §7 GET api/notification/{client}/{section}/{user}/{time|now}?read=0|1 → { items, next }: the user's own
   * notifications before `time`, newest first; `next` is the `time` of the following page (null at the end).
   */
  notificationFeed({ params, query }: In<'notificationFeed'>, ctx: RequestContext) {
    const clientId = self(requireCaller(ctx), params.client, params.user);
    if (!(SECTIONS as readonly string[]).includes(params.section)) throw Errors.fieldCoded('section', GENERIC.invalidValue);
    const before = params.time === 'now' ? new Date(Date.now() + 1000) : new Date(params.time);
    const read = query.read === undefined ? undefined : query.read === '1';
    return this.db.inTenant({ clientId }, async (tx) => {
      const rows = await this.repo.feed(tx, params.user, params.section, before, read, query.limit + 1);
      const more = rows.length > query.limit;
      const items = rows.slice(0, query.limit).map(toNotification);
      return { items, next: more ? items[items.length - 1]!.created : null };
    });
  }

  /** §7 GET api/notification/unread/{client}/{user} → { count, sections } (oneself). */
  notificationUnread({ params }: In<'notificationUnread'>, ctx: RequestContext) {
    const clientId = self(requireCaller(ctx), params.client, params.user);
    return this.db.inTenant({ clientId }, (tx) => this.repo.unread(tx, params.user));
  }
}
