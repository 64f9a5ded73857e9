import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Notification } from '@intranet/notifications-contract';
import { notificationVars } from '@intranet/notifications-contract/wording';
import type { Config } from '@intranet/platform-config';
import type { Database } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import { esc, wordMessage, type ChannelAdapter, type OutgoingMessage } from './channels.ts';
import { DeliveriesRepository, type DueRow } from './deliveries.repository.ts';
import { renderTemplate } from './render.ts';
import { errorCode } from './targets.ts';
import { wordings, zoneOf } from './wording.ts';

/** Injection token of the channel adapters the worker sends through (e-mail, Slack, Teams, Telegram, test ones). */
export const CHANNEL_ADAPTERS = 'notifications:ChannelAdapters';

/** Sends claimed per pass; a full batch is followed by another pass at once. */
const BATCH = 50;
/** Attempts before a send is given up (status failed, the failing-channel report). */
const MAX_ATTEMPTS = 8;

/**
 * Sends the queued external deliveries (DESIGN §6): due rows are claimed with `FOR UPDATE SKIP LOCKED` (replicas
 * share the work), each is sent through its channel's adapter and marked sent; a failure (§8: swallowed, never
 * reaching the event that caused it) is retried with exponential back-off (NOTIF_RETRY_BASE_MS · 2^attempts, at most
 * NOTIF_RETRY_MAX_MS) until MAX_ATTEMPTS, then marked failed with its last error. A row is sent at most once per
 * successful commit; a crash between the send and the commit may send it again (at least once). `kick()` runs a
 * pass now (after notify queued sends; jobs.ts kicks it every NOTIF_DELIVERY_POLL_MS for the retries).
 */
@Injectable()
export class DeliveryService implements BeforeApplicationShutdown {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly adapters: Map<string, ChannelAdapter>;
  /** PUBLIC_URL without its trailing slash: makes the links in messages absolute. */
  private readonly origin: string;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
    @Inject(CHANNEL_ADAPTERS) adapters: ChannelAdapter[],
    private readonly repo: DeliveriesRepository,
  ) {
    this.adapters = new Map(adapters.map((a) => [a.channel, a]));
    this.origin = config.PUBLIC_URL?.replace(/\/$/, '') ?? '';
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Runs a pass now (after new deliveries were queued); a pass in progress runs once more after it. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.pass()) === BATCH && !this.stopped);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log.warn(`notifications delivery: ${(err as Error)?.message ?? String(err)}`);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /**
   * The message of a delivery: the client's template of the notification's type for the channel in the recipient's
   * language (else English, else any) rendered with the notification's variables (`title`, `text`, `link`,
   * `section` and its data: `actor`, `name`, ...); without a template, or when it does not render, the default wording.
   */
  private word(r: DueRow): Pick<OutgoingMessage, 'subject' | 'text' | 'html'> {
    const fallback = wordMessage(r, this.origin, r.lang);
    if (r.t_title === null) return fallback;
    const link = r.link ? `${this.origin}${r.link}` : '';
    const out = renderTemplate(
      { title: r.t_title, short: r.t_short ?? '', full: r.t_full ?? '' },
      {
        ...notificationVars(r.data, r.lang, zoneOf(r.data)),
        title: r.title,
        text: wordings(r.lang).typeText(r.type, r.data ?? {}) ?? r.text,
        link,
        section: r.section,
      },
    );
    if (!out) return fallback;
    return {
      subject: out.title || fallback.subject,
      text: out.short || fallback.text,
      html: out.full || (out.short ? `<p>${esc(out.short)}</p>` : fallback.html),
    };
  }

  /** Sends one batch of due deliveries. Output: the number of rows claimed. */
  async pass(now: Date = new Date()): Promise<number> {
    return this.db.asSystem('notifications delivery', async (tx) => {
      const rows = await this.repo.claimDue(tx, now, BATCH);
      for (const r of rows) {
        const adapter = this.adapters.get(r.channel);
        try {
          if (!adapter) throw new Error(`no adapter for channel ${r.channel}`);
          await adapter.send({
            target: r.target,
            recipient: r.recipient,
            credential: r.credential,
            ...this.word(r),
            notification: {
              _id: r.notification_id,
              client_id: r.client_id,
              user_id: r.user_id,
              section: r.section as Notification['section'],
              type: r.type,
              link: r.link,
            },
          });
          await this.repo.markSent(tx, r.id);
        } catch (err) {
          const attempts = r.attempts + 1;
          const delay = Math.min(this.config.NOTIF_RETRY_BASE_MS * 2 ** r.attempts, this.config.NOTIF_RETRY_MAX_MS);
          const message = String((err as Error)?.message ?? err).slice(0, 500);
          this.log.warn(`notifications ${r.channel} send failed (attempt ${attempts}): ${message}`);
          await this.repo.markFailed(tx, r.id, {
            attempts,
            message,
            code: errorCode(err),
            giveUp: attempts >= MAX_ATTEMPTS,
            dueAt: new Date(now.getTime() + delay),
          });
        }
      }
      return rows.length;
    });
  }
}
