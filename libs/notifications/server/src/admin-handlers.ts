import { sql } from 'drizzle-orm';
import { ADMIN_CODES, ADMIN_TEXT, type notificationsAdminRoutes } from '@intranet/notifications-contract/admin';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { linkFromUpdates, telegramRepository } from './telegram.ts';

/** A channel is reported once this many sends failed since it last delivered (or one was given up). */
export const KEEPS_FAILING = 2;

function clientOf(ctx: RequestContext): string {
  if (!ctx.clientId) throw Errors.noAccess();
  return ctx.clientId;
}
function userOf(ctx: RequestContext): { clientId: string; userId: string } {
  if (!ctx.clientId || !ctx.userId) throw Errors.noAccess();
  return { clientId: ctx.clientId, userId: ctx.userId };
}

/**
 * Handlers of the failing-channel report and the Telegram routes (contract `@intranet/notifications-contract/admin`).
 * The bot token is stored per client and never answered; linking reads the bot's updates on demand (no poller).
 */
export function adminHandlers({ db }: DomainDeps): RouteHandlers<typeof notificationsAdminRoutes> {
  const notConfigured = () => Errors.field('telegram', ADMIN_TEXT.telegramNotConfigured, ADMIN_CODES.telegramNotConfigured);
  return {
    /**
     * GET api/notification/channels/{client} → [{ channel, failing, since, last_code, last_error }]: per channel, the
     * sends being retried or given up since its last successful send, when the oldest first failed and the newest
     * error; only channels with KEEPS_FAILING or more, or one given up. Administrators of the client.
     */
    channelHealth: ({ params }, ctx) => {
      const clientId = clientOf(ctx);
      if (params.client !== clientId) throw Errors.noAccess();
      return db.inTenant({ clientId }, async (tx) => {
        const res = (await tx.execute(sql`
          SELECT d.channel, count(*)::int AS failing, min(d.first_failed_at) AS since, bool_or(d.status = 'failed') AS given_up,
                 (array_agg(coalesce(d.last_code, 'error') ORDER BY d.id DESC))[1] AS last_code,
                 (array_agg(coalesce(d.last_error, '') ORDER BY d.id DESC))[1] AS last_error
          FROM notifications.deliveries d
          WHERE d.status <> 'sent' AND d.first_failed_at IS NOT NULL
            AND d.first_failed_at > coalesce(
              (SELECT max(s.sent_at) FROM notifications.deliveries s WHERE s.channel = d.channel AND s.status = 'sent'), '-infinity'::timestamptz)
          GROUP BY d.channel ORDER BY d.channel`)) as unknown as {
          rows: { channel: string; failing: number; since: string | Date; given_up: boolean; last_code: string; last_error: string }[];
        };
        return res.rows
          .filter((r) => r.failing >= KEEPS_FAILING || r.given_up)
          .map((r) => ({
            channel: r.channel,
            failing: Number(r.failing),
            since: new Date(r.since).toISOString(),
            last_code: r.last_code,
            last_error: r.last_error,
          }));
      });
    },

    /** GET api/notification/telegram/bot/{client} → { configured, channel } (administrators). */
    telegramBot: ({ params }, ctx) => {
      const clientId = clientOf(ctx);
      if (params.client !== clientId) throw Errors.noAccess();
      return db.inTenant({ clientId }, async (tx) => {
        const b = await telegramRepository.bot(tx);
        return { configured: !!b?.token, channel: b?.channel ?? null };
      });
    },

    /** PUT api/notification/telegram/bot { token?, channel? } → { configured, channel } (administrators). */
    telegramBotSave: ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      return db.inTenant({ clientId }, async (tx) => {
        const b = await telegramRepository.saveBot(tx, clientId, body);
        return { configured: !!b.token, channel: b.channel };
      });
    },

    /** POST api/notification/telegram/code → { code, expires }: a one-time code. Errors: 400 telegramNotConfigured. */
    telegramCode: (_input, ctx) => {
      const { clientId, userId } = userOf(ctx);
      return db.inTenant({ clientId }, async (tx) => {
        if (!(await telegramRepository.bot(tx))?.token) throw notConfigured();
        const c = await telegramRepository.newCode(tx, clientId, userId);
        return { code: c.code, expires: c.expires.toISOString() };
      });
    },

    /**
     * POST api/notification/telegram/link → { linked }: reads the bot's new messages, links every chat that sent a
     * valid code (this caller's or another's), and tells whether the caller is linked now. Errors: 400
     * telegramNotConfigured; 400 telegramUnreachable when the Bot API refuses the token or cannot be reached.
     */
    telegramLink: async (_input, ctx) => {
      const { clientId, userId } = userOf(ctx);
      const has = await db.inTenant({ clientId }, async (tx) => !!(await telegramRepository.bot(tx))?.token);
      if (!has) throw notConfigured();
      try {
        await linkFromUpdates(db, clientId);
      } catch (err) {
        if (err instanceof DomainError) throw err;
        // A wrong token or an unreachable Bot API is the company's set-up, not a server fault.
        throw Errors.field('telegram', ADMIN_TEXT.telegramUnreachable, ADMIN_CODES.telegramUnreachable, {
          reason: String((err as Error)?.message ?? err).slice(0, 200),
        });
      }
      return db.inTenant({ clientId }, async (tx) => ({ linked: !!(await telegramRepository.linkOf(tx, userId)) }));
    },

    /** GET api/notification/telegram/link → { linked }. */
    telegramStatus: (_input, ctx) => {
      const { clientId, userId } = userOf(ctx);
      return db.inTenant({ clientId }, async (tx) => ({ linked: !!(await telegramRepository.linkOf(tx, userId)) }));
    },

    /** DELETE api/notification/telegram/link → { linked: false }. */
    telegramUnlink: (_input, ctx) => {
      const { clientId, userId } = userOf(ctx);
      return db.inTenant({ clientId }, async (tx) => {
        await telegramRepository.unlink(tx, userId);
        return { linked: false };
      });
    },
  };
}
