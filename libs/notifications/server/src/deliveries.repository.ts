import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';

/** A queued external send that is due, with its notification, the client's template for it and the bot token. */
export interface DueRow {
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

/** Per channel: the sends failing since its last successful one (the failing-channel report's raw rows). */
export interface FailingRow {
  channel: string;
  failing: number;
  since: string | Date;
  given_up: boolean;
  last_code: string;
  last_error: string;
}

/** SQL of the external sends' queue (`notifications.deliveries`). */
@Injectable()
export class DeliveriesRepository {
  /**
   * Claims up to `batch` due pending sends (`FOR UPDATE SKIP LOCKED`: replicas share the work) with what wording
   * them needs: the notification, the client's template of its type for the channel in the reader's language (else
   * English, else any) and, for Telegram, the client's bot token. System transaction.
   */
  async claimDue(tx: Tx, now: Date, batch: number): Promise<DueRow[]> {
    const res = await queryRows<DueRow>(
      tx,
      sql`
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
        ORDER BY d.due_at LIMIT ${batch} FOR UPDATE OF d SKIP LOCKED`,
    );
    return res;
  }

  async markSent(tx: Tx, id: string): Promise<void> {
    await tx.execute(sql`UPDATE notifications.deliveries SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ${id}`);
  }

  /** Records a failed attempt: its error and code, and either the next due time or (giveUp) status failed. */
  async markFailed(tx: Tx, id: string, f: { attempts: number; message: string; code: string; giveUp: boolean; dueAt: Date }): Promise<void> {
    await tx.execute(sql`
      UPDATE notifications.deliveries
      SET attempts = ${f.attempts}, last_error = ${f.message}, last_code = ${f.code}, status = ${f.giveUp ? 'failed' : 'pending'},
          first_failed_at = coalesce(first_failed_at, now()), due_at = ${f.dueAt.toISOString()}
      WHERE id = ${id}`);
  }

  /**
   * Per channel of the tenant: the sends being retried or given up since its last successful send, when the oldest
   * first failed, whether one was given up, and the newest error and code (tenant transaction).
   */
  async failing(tx: Tx): Promise<FailingRow[]> {
    const res = await queryRows<FailingRow>(
      tx,
      sql`
        SELECT d.channel, count(*)::int AS failing, min(d.first_failed_at) AS since, bool_or(d.status = 'failed') AS given_up,
               (array_agg(coalesce(d.last_code, 'error') ORDER BY d.id DESC))[1] AS last_code,
               (array_agg(coalesce(d.last_error, '') ORDER BY d.id DESC))[1] AS last_error
        FROM notifications.deliveries d
        WHERE d.status <> 'sent' AND d.first_failed_at IS NOT NULL
          AND d.first_failed_at > coalesce(
            (SELECT max(s.sent_at) FROM notifications.deliveries s WHERE s.channel = d.channel AND s.status = 'sent'), '-infinity'::timestamptz)
        GROUP BY d.channel ORDER BY d.channel`,
    );
    return res;
  }
}
