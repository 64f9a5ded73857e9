import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { mailingRuns, mailings, notifications, unread } from './schema.ts';

export type MailingRow = typeof mailings.$inferSelect;

/** SQL of the §3 mailings and their runs (one row per slot run: the claim that makes a slot run once). */
@Injectable()
export class MailingsRepository {
  /** The tenant's mailings by action. */
  list(tx: Tx): Promise<MailingRow[]> {
    return tx.select().from(mailings).orderBy(mailings.action);
  }

  async find(tx: Tx, id: string): Promise<MailingRow | undefined> {
    const [r] = await tx.select().from(mailings).where(eq(mailings.id, id));
    return r;
  }

  async byAction(tx: Tx, action: string): Promise<MailingRow | undefined> {
    const [r] = await tx.select().from(mailings).where(eq(mailings.action, action));
    return r;
  }

  /** Stores a new mailing. Output: it, or undefined when the workspace has one with this action. */
  async insert(tx: Tx, v: Pick<MailingRow, 'clientId' | 'workspace' | 'action' | 'active' | 'schedule'>): Promise<MailingRow | undefined> {
    const [r] = await tx
      .insert(mailings)
      .values({ id: uuidv7(), ...v })
      .onConflictDoNothing()
      .returning();
    return r;
  }

  async update(tx: Tx, id: string, v: Partial<Pick<MailingRow, 'action' | 'active' | 'schedule'>>): Promise<MailingRow | undefined> {
    const [r] = await tx
      .update(mailings)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(mailings.id, id))
      .returning();
    return r;
  }

  async remove(tx: Tx, id: string): Promise<boolean> {
    const r = await tx.delete(mailings).where(eq(mailings.id, id)).returning({ id: mailings.id });
    return r.length > 0;
  }

  /** The newest slot each of the tenant's mailings ran. */
  async lastRuns(tx: Tx): Promise<Map<string, Date>> {
    const rows = await tx
      .select({ id: mailingRuns.mailingId, at: sql<string>`max(${mailingRuns.slot})` })
      .from(mailingRuns)
      .groupBy(mailingRuns.mailingId);
    return new Map(rows.map((r) => [r.id, new Date(r.at)]));
  }

  /** Every client's active mailings (system transaction: the queue's start-up check). */
  allActive(tx: Tx): Promise<Pick<MailingRow, 'id' | 'clientId' | 'schedule'>[]> {
    return tx.select({ id: mailings.id, clientId: mailings.clientId, schedule: mailings.schedule }).from(mailings).where(eq(mailings.active, true));
  }

  /**
   * Claims a slot of a mailing that is still active with `schedule`: inserts its run row (unique per mailing and
   * slot). Output: the mailing when this call claimed it; undefined when inactive, rescheduled or already claimed.
   */
  async claimSlot(tx: Tx, m: { id: string; clientId: string; schedule: string }, slot: Date, runner: string): Promise<MailingRow | undefined> {
    const [row] = await tx
      .select()
      .from(mailings)
      .where(and(eq(mailings.id, m.id), eq(mailings.active, true), eq(mailings.schedule, m.schedule)));
    if (!row) return undefined;
    const ins = await tx
      .insert(mailingRuns)
      .values({ clientId: m.clientId, mailingId: m.id, slot, runner })
      .onConflictDoNothing({ target: [mailingRuns.mailingId, mailingRuns.slot] })
      .returning({ slot: mailingRuns.slot });
    return ins.length ? row : undefined;
  }

  /** Stores what a slot's action did (or its error). */
  async setRunResult(tx: Tx, id: string, slot: Date, result: Record<string, unknown>): Promise<void> {
    await tx
      .update(mailingRuns)
      .set({ result })
      .where(and(eq(mailingRuns.mailingId, id), eq(mailingRuns.slot, slot)));
  }

  /** Runs of a mailing after `since`, oldest first: slot, runner and result. */
  runs(tx: Tx, id: string, since: Date) {
    return tx
      .select()
      .from(mailingRuns)
      .where(and(eq(mailingRuns.mailingId, id), gt(mailingRuns.slot, since)))
      .orderBy(mailingRuns.slot);
  }

  /** The digest's rows: each user with unread notifications, their unread total and newest ten unread titles. */
  async digestRows(tx: Tx): Promise<{ userId: string; n: number; titles: string[] }[]> {
    const users = await tx
      .select({ userId: unread.userId, n: sql<number>`sum(${unread.count})::int` })
      .from(unread)
      .groupBy(unread.userId)
      .having(sql`sum(${unread.count}) > 0`);
    const out: { userId: string; n: number; titles: string[] }[] = [];
    for (const u of users) {
      const items = await tx
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, u.userId), eq(notifications.read, false)))
        .orderBy(desc(notifications.createdAt))
        .limit(10);
      out.push({ userId: u.userId, n: Number(u.n), titles: items.map((i) => i.title) });
    }
    return out;
  }
}
