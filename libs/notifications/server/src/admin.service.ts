import { Inject, Injectable } from '@nestjs/common';
import { NOTIF_ADMIN_ERRORS } from '@intranet/notifications-contract';
import { ADMIN_CODES, ADMIN_TEXT, type notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { ownClient } from './access.ts';
import { DeliveriesRepository } from './deliveries.repository.ts';
import { linkFromUpdates } from './telegram.ts';
import { TelegramRepository } from './telegram.repository.ts';

type In<K extends keyof typeof notificationsAdminRoutes> = RouteInput<(typeof notificationsAdminRoutes)[K]>;

/** A channel is reported once this many sends failed since it last delivered (or one was given up). */
export const KEEPS_FAILING = 2;

const notConfigured = () => Errors.fieldCoded('telegram', NOTIF_ADMIN_ERRORS.telegramNotConfigured);

/**
 * The failing-channel report and the Telegram routes (contract `@intranet/notifications-contract/admin`). The bot
 * token is stored per client and never answered; linking reads the bot's updates on demand (no poller).
 */
@Injectable()
export class ChannelsAdminService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    private readonly deliveries: DeliveriesRepository,
    private readonly telegram: TelegramRepository,
  ) {}

  /**
   * GET api/notification/channels/{client} → [{ channel, failing, since, last_code, last_error }]: per channel, the
   * sends being retried or given up since its last successful send, when the oldest first failed and the newest
   * error; only channels with KEEPS_FAILING or more, or one given up. Administrators of the client.
   */
  channelsHealth({ params }: In<'channelsHealth'>, ctx: RequestContext) {
    const clientId = ownClient(requireCaller(ctx), params.client);
    return this.db.inTenant({ clientId }, async (tx) =>
      (await this.deliveries.failing(tx))
        .filter((r) => r.failing >= KEEPS_FAILING || r.given_up)
        .map((r) => ({
          channel: r.channel,
          failing: Number(r.failing),
          since: new Date(r.since).toISOString(),
          last_code: r.last_code,
          last_error: r.last_error,
        })),
    );
  }

  /** GET api/notification/telegram/bot/{client} → { configured, channel } (administrators). */
  telegramBot({ params }: In<'telegramBot'>, ctx: RequestContext) {
    const clientId = ownClient(requireCaller(ctx), params.client);
    return this.db.inTenant({ clientId }, async (tx) => {
      const b = await this.telegram.bot(tx);
      return { configured: !!b?.token, channel: b?.channel ?? null };
    });
  }

  /** PUT api/notification/telegram/bot { token?, channel? } → { configured, channel } (administrators). */
  telegramBotSave({ body }: In<'telegramBotSave'>, ctx: RequestContext) {
    const { clientId } = requireCaller(ctx);
    return this.db.inTenant({ clientId }, async (tx) => {
      const b = await this.telegram.saveBot(tx, clientId, body);
      return { configured: !!b.token, channel: b.channel };
    });
  }

  /** POST api/notification/telegram/code → { code, expires }: a one-time code. Errors: 400 telegramNotConfigured. */
  telegramCode(_input: In<'telegramCode'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant({ clientId }, async (tx) => {
      if (!(await this.telegram.bot(tx))?.token) throw notConfigured();
      const c = await this.telegram.newCode(tx, clientId, userId);
      return { code: c.code, expires: c.expires.toISOString() };
    });
  }

  /**
   * POST api/notification/telegram/link → { linked }: reads the bot's new messages, links every chat that sent a
   * valid code (this caller's or another's), and tells whether the caller is linked now. Errors: 400
   * telegramNotConfigured; 400 telegramUnreachable when the Bot API refuses the token or cannot be reached.
   */
  async telegramLink(_input: In<'telegramLink'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const has = await this.db.inTenant({ clientId }, async (tx) => !!(await this.telegram.bot(tx))?.token);
    if (!has) throw notConfigured();
    try {
      await linkFromUpdates(this.db, this.telegram, clientId, this.config.TELEGRAM_API_ROOT);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      // A wrong token or an unreachable Bot API is the company's set-up, not a server fault.
      throw Errors.field('telegram', ADMIN_TEXT.telegramUnreachable, ADMIN_CODES.telegramUnreachable, {
        reason: String((err as Error)?.message ?? err).slice(0, 200),
      });
    }
    return this.db.inTenant({ clientId }, async (tx) => ({ linked: !!(await this.telegram.linkOf(tx, userId)) }));
  }

  /** GET api/notification/telegram/link → { linked }. */
  telegramStatus(_input: In<'telegramStatus'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant({ clientId }, async (tx) => ({ linked: !!(await this.telegram.linkOf(tx, userId)) }));
  }

  /** DELETE api/notification/telegram/link → { linked: false }. */
  telegramUnlink(_input: In<'telegramUnlink'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant({ clientId }, async (tx) => {
      await this.telegram.unlink(tx, userId);
      return { linked: false };
    });
  }
}
