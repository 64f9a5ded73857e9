import type { Transporter } from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing mail port. */
export interface Mailer {
  /** Sends one message; resolves with where it went ('smtp' or the outbox file path). */
  send(msg: MailMessage): Promise<{ via: 'smtp' | 'outbox'; id: string; path?: string }>;
}

/**
 * Mail through nodemailer to `smtpUrl`; with no SMTP configured each message is written as an .eml file to
 * `<outboxDir>` and its path logged, so a person (or a test) can follow the link inside.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log?: (line: string) => void }): Mailer {
  // nodemailer is imported on the first message, not at every process start (issue 39 §2).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl
        ? nodemailer.createTransport(opts.smtpUrl)
        : (nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }) as unknown as Transporter),
    ));
  return {
    async send(msg) {
      const info = await (await transporter()).sendMail({ from: opts.from, ...msg });
      if (opts.smtpUrl) return { via: 'smtp', id: String(info.messageId) };
      await mkdir(opts.outboxDir, { recursive: true });
      const id = uuidv7();
      const path = join(opts.outboxDir, `${id}.eml`);
      await writeFile(path, (info as unknown as { message: Buffer }).message);
      // A plain-text copy beside the .eml so a person can read and follow links without a mail client.
      await writeFile(path.replace(/\.eml$/, '.txt'), `To: ${msg.to}\nSubject: ${msg.subject}\n\n${msg.text}`);
      opts.log?.(`mail to ${msg.to} written to ${path}`);
      return { via: 'outbox', id, path };
    },
  };
}

/** Mail languages (§1: ru, uk, en); anything else reads English. */
export type MailLanguage = 'ru' | 'uk' | 'en';

const RESET_TEXT: Record<MailLanguage, { subject: string; hello: (n: string) => string; body: string; ignore: string }> = {
  en: {
    subject: 'Password reset',
    hello: (n) => `Hello ${n},`,
    body: 'To set a new password open this link within one hour:',
    ignore: 'If you did not ask for it, ignore this message.',
  },
  ru: {
    subject: 'Восстановление пароля',
    hello: (n) => `Здравствуйте, ${n}!`,
    body: 'Чтобы задать новый пароль, откройте эту ссылку в течение часа:',
    ignore: 'Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо.',
  },
  uk: {
    subject: 'Відновлення пароля',
    hello: (n) => `Вітаємо, ${n}!`,
    body: 'Щоб задати новий пароль, відкрийте це посилання протягом години:',
    ignore: 'Якщо ви не просили скинути пароль, просто проігноруйте цей лист.',
  },
};

/** Normalises a user's language tag ('ua', 'uk-UA', 'ru-RU', ...) to a mail language; unknown → en. */
export function mailLanguage(lang: string | null | undefined): MailLanguage {
  const base = (lang ?? '').toLowerCase().split(/[-_]/)[0];
  if (base === 'uk' || base === 'ua') return 'uk';
  if (base === 'ru') return 'ru';
  return 'en';
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The password reset mail (§7 forgot_password) in the user's language. Input: recipient, first name, link, user
 * language (ru, uk/ua, en; others read English). Output: a MailMessage with text and HTML parts.
 */
export function passwordResetMail(to: string, firstName: string, link: string, lang: string | null | undefined): MailMessage {
  const t = RESET_TEXT[mailLanguage(lang)];
  return {
    to,
    subject: t.subject,
    text: `${t.hello(firstName)}\n\n${t.body}\n${link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello(firstName))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
