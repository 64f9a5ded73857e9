import { sql } from 'drizzle-orm';
import type { Notification } from '@intranet/notifications-contract';
import type { Database } from '@intranet/platform-db';
import type { Logger } from '@intranet/platform-host';
import type { Mailer } from '@intranet/platform-mail';
import { renderTemplate } from './render.ts';
import { wordings, zoneOf } from './wording.ts';
import { notificationVars } from '@intranet/notifications-contract/wording';
import { fetch as undiciFetch } from 'undici';
import { assertPublicUrl, errorCode, publicOnlyAgent } from './targets.ts';

/** One message for an external channel, already worded. */
export interface OutgoingMessage {
  /** Where it goes: an e-mail address, a webhook URL, a chat id. */
  target: string;
  subject: string;
  text: string;
  html: string;
  /** The recipient's name (webhooks post to a shared channel). */
  recipient: string;
  /** The client's credential for the channel, when it has one (Telegram: the bot token). */
  credential?: string | null;
  notification: Pick<Notification, '_id' | 'client_id' | 'user_id' | 'section' | 'type' | 'link'>;
}

/** The channel port (issue 10): one adapter per external channel; `send` rejects when the message did not go. */
export interface ChannelAdapter {
  readonly channel: string;
  send(msg: OutgoingMessage): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail adapter over the platform's nodemailer Mailer (SMTP_URL; without it the .eml outbox folder). */
export function emailChannel(mailer: Mailer): ChannelAdapter {
  return {
    channel: 'email',
    async send(msg) {
      await mailer.send({ to: msg.target, subject: msg.subject, text: msg.text, html: msg.html });
    },
  };
}

/**
 * The default wording of a notification (no template): the sentence of its type in the recipient's language
 * (ru/uk/en, wording.ts; a type without one keeps its stored title) as the subject, its text, link and a footer;
 * HTML with a text part. `origin` makes the link absolute (PUBLIC_URL), when known.
 */
export function wordMessage(
  n: Pick<Notification, 'title' | 'text' | 'link'> & { type?: string; data?: Record<string, string> | null },
  origin = '',
  lang?: string | null,
): Pick<OutgoingMessage, 'subject' | 'text' | 'html'> {
  const link = n.link ? `${origin}${n.link}` : '';
  const w = wordings(lang ?? 'en');
  const title = (n.type && w.typeTitle(n.type, n.data ?? {})) || n.title;
  const body = (n.type && w.typeText(n.type, n.data ?? {})) || n.text;
  return {
    subject: title,
    text: [title, body, link, w.footer()].filter(Boolean).join('\n\n'),
    html:
      `<p><strong>${esc(title)}</strong></p>${body ? `<p>${esc(body)}</p>` : ''}` +
      `${link ? `<p><a href="${esc(link)}">${esc(w.open())}</a></p>` : ''}<p><small>${esc(w.footer())}</small></p>`,
  };
}

/**
 * The `{ text }` of a Slack or Teams webhook post: the recipient and the text part (which already starts with the
 * subject: wordMessage, or the template's short body), with `&`, `<` and `>` escaped — Slack reads `<url|label>` as a
 * link and Teams renders HTML, so typed text must stay text (issue 38 §8).
 */
export function webhookText(msg: Pick<OutgoingMessage, 'recipient' | 'text'>): string {
  const text = `${msg.recipient ? `${msg.recipient}: ` : ''}${msg.text}`;
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** An error of an HTTP answer that was not 2xx (its status gives the failing-channel report's code). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`${what} answered ${status}`);
  }
}

/**
 * Slack or MS Teams through an incoming webhook (the client's URL): a JSON `{ text }` POST, which both accept; a
 * non-2xx answer or no answer within `timeoutMs` rejects (the worker retries). The URL must be https to a public
 * host (targets.ts: checked before the call and again at connect time against DNS rebinding; refused with
 * `webhookUrlRefused`), unless NOTIF_ALLOW_PRIVATE_HOSTS is set (tests, development).
 */
export function webhookChannel(channel: 'slack' | 'teams', timeoutMs = 10_000): ChannelAdapter {
  let agent: ReturnType<typeof publicOnlyAgent> | undefined;
  return {
    channel,
    async send(msg) {
      await assertPublicUrl(msg.target);
      agent ??= publicOnlyAgent();
      const text = webhookText(msg);
      const res = await undiciFetch(msg.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: agent,
        redirect: 'manual',
      });
      // The answer's body is not read: release the connection.
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw new HttpStatusError(res.status, `${channel} webhook`);
    },
  };
}

interface DueRow {
  id: string;
  client_id: string;
  channel: string;
  target: string;
  attempts: number;
  notification_id: string;
  user_id: string;
  section: string;
  type: string;
  title: string;
  text: string;
  link: string | null;
  lang: string;
  recipient: string;
  data: Record<string, string> | null;
  t_title: string | null;
  t_short: string | null;
  t_full: string | null;
  credential: string | null;
}

/** Options of the delivery worker: poll period, back-off base and cap, attempts before a send is given up. */
export interface DeliveryOptions {
  intervalMs?: number;
  baseMs?: number;
  maxMs?: number;
  maxAttempts?: number;
  batch?: number;
  origin?: string;
}

/**
 * Sends the queued external deliveries (DESIGN §6 scheduled work, as calendar's reminders): due rows are claimed
 * with `FOR UPDATE SKIP LOCKED` (replicas share the work), each is sent through its channel's adapter and marked
 * sent; a failure (§8: swallowed, never reaching the event that caused it) is retried with exponential back-off
 * (`baseMs` · 2^attempts, at most `maxMs`) until `maxAttempts`, then marked failed with its last error (the admin
 * panel's report). A row is sent at most once per successful commit; a crash between the send and the commit
 * may send it again (at least once).
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly adapters: Map<string, ChannelAdapter>;

  constructor(
    private readonly db: Database,
    adapters: ChannelAdapter[],
    private readonly log: Pick<Logger, 'warn' | 'debug'>,
    private readonly opts: DeliveryOptions = {},
  ) {
    this.adapters = new Map(adapters.map((a) => [a.channel, a]));
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs ?? 2000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a pass now (after new deliveries were queued); a pass in progress runs once more after it. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.pass()) === (this.opts.batch ?? 50) && this.timer);
        } while (this.again && this.timer);
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
    const fallback = wordMessage(r, this.opts.origin, r.lang);
    if (r.t_title === null) return fallback;
    const link = r.link ? `${this.opts.origin ?? ''}${r.link}` : '';
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
    const batch = this.opts.batch ?? 50;
    return this.db.asSystem('notifications delivery', async (tx) => {
      const res = await tx.execute(sql`
        SELECT d.id, d.client_id, d.channel, d.target, d.attempts, d.lang, d.recipient, n.id AS notification_id, n.user_id, n.section,
               n.type, n.title, n.text, n.link, n.data, t.title AS t_title, t.short AS t_short, t.full AS t_full, b.token AS credential
        FROM notifications.deliveries d JOIN notifications.notifications n ON n.id = d.notification_id
        LEFT JOIN notifications.telegram_bots b ON d.channel = 'telegram' AND b.client_id = d.client_id
        LEFT JOIN LATERAL (
          SELECT title, short, "full" FROM notifications.templates
          WHERE client_id = d.client_id AND code = n.type AND channel = d.channel
          ORDER BY (lang = d.lang) DESC, (lang = 'en') DESC LIMIT 1
        ) t ON true
        WHERE d.status = 'pending' AND d.due_at <= ${now.toISOString()}
        ORDER BY d.due_at LIMIT ${batch} FOR UPDATE OF d SKIP LOCKED`);
      const rows = (res as unknown as { rows: DueRow[] }).rows;
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
          await tx.execute(
            sql`UPDATE notifications.deliveries SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ${r.id}`,
          );
        } catch (err) {
          const attempts = r.attempts + 1;
          const giveUp = attempts >= (this.opts.maxAttempts ?? 8);
          const delay = Math.min((this.opts.baseMs ?? 5000) * 2 ** r.attempts, this.opts.maxMs ?? 3_600_000);
          const message = String((err as Error)?.message ?? err).slice(0, 500);
          this.log.warn(`notifications ${r.channel} send failed (attempt ${attempts}): ${message}`);
          await tx.execute(sql`
            UPDATE notifications.deliveries
            SET attempts = ${attempts}, last_error = ${message}, last_code = ${errorCode(err)}, status = ${giveUp ? 'failed' : 'pending'},
                first_failed_at = coalesce(first_failed_at, now()), due_at = ${new Date(now.getTime() + delay).toISOString()}
            WHERE id = ${r.id}`);
        }
      }
      return rows.length;
    });
  }
}
