import type { Notification } from '@intranet/notifications-contract';
import type { Mailer } from '@intranet/platform-mail';
import { wordings } from './wording.ts';
import { assertPublicUrl, publicOnlyAgent } from './targets.ts';

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

/** HTML-escapes text put into a message's HTML part. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
 * `webhookUrlRefused`), unless `allowPrivate` (NOTIF_ALLOW_PRIVATE_HOSTS: tests, development).
 */
export function webhookChannel(channel: 'slack' | 'teams', allowPrivate = false, timeoutMs = 10_000): ChannelAdapter {
  let agent: ReturnType<typeof publicOnlyAgent> | undefined;
  return {
    channel,
    async send(msg) {
      await assertPublicUrl(msg.target, allowPrivate);
      const dispatcher = await (agent ??= publicOnlyAgent(allowPrivate));
      // undici on the first send, not at start-up (the agent above has loaded it already).
      const { fetch: undiciFetch } = await import('undici');
      const text = webhookText(msg);
      const res = await undiciFetch(msg.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher,
        redirect: 'manual',
      });
      // The answer's body is not read: release the connection.
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw new HttpStatusError(res.status, `${channel} webhook`);
    },
  };
}
