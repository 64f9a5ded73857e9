import nodemailer from 'nodemailer';
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
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: opts.from, ...msg });
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
