import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { pageWindow, uuidv7, type Tx } from '@intranet/platform-db';
import type { SettingsMatrix } from '@intranet/notifications-contract';
import type { Draft } from './rule.ts';
import { deliveries, notifications, settings, unread } from './schema.ts';

type Row = typeof notifications.$inferSelect;

/** A client's incoming webhooks. */
export type Webhooks = { slack?: string | null; teams?: string | null };

/** The user id under which a client's default switches are stored. */
export const CLIENT_DEFAULTS = '00000000-0000-0000-0000-000000000000';

/** One external send to queue: a notification, a channel, where it goes, the reader's language and name. */
export interface QueuedSend {
  notificationId: string;
  channel: string;
  target: string;
  lang: string;
  recipient: string;
}

/** SQL of the notifications, their unread counters, the settings and the queued sends; every call takes a tenant transaction. */
@Injectable()
export class NotificationsRepository {
  /**
   * Stores the drafts that are new (the unique key drops a replayed one) and adds them to the unread counts.
   * Output: the rows actually inserted.
   */
  async insertMany(tx: Tx, clientId: string, drafts: readonly Draft[]): Promise<Row[]> {
    const collapsing = drafts.filter((d) => d.collapse && d.object);
    if (collapsing.length) {
      const open = await tx
        .select({ userId: notifications.userId, type: notifications.type, objectId: notifications.objectId })
        .from(notifications)
        .where(
          and(
            eq(notifications.read, false),
            inArray(
              notifications.userId,
              collapsing.map((d) => d.userId),
            ),
            inArray(
              notifications.objectId,
              collapsing.map((d) => d.object!.id),
            ),
          ),
        );
      const seen = new Set(open.map((o) => `${o.userId}:${o.type}:${o.objectId}`));
      drafts = drafts.filter((d) => !d.collapse || !d.object || !seen.has(`${d.userId}:${d.type}:${d.object.id}`));
    }
    if (!drafts.length) return [];
    const inserted: Row[] = [];
    for (let i = 0; i < drafts.length; i += 500) {
      const rows = await tx
        .insert(notifications)
        .values(
          drafts.slice(i, i + 500).map((d) => ({
            id: uuidv7(),
            clientId,
            userId: d.userId,
            section: d.section,
            type: d.type,
            title: d.title,
            text: d.text,
            link: d.link,
            objectType: d.object?.type ?? null,
            objectId: d.object?.id ?? null,
            actorId: d.actorId,
            data: d.data ?? {},
            dedupKey: d.key,
          })),
        )
        .onConflictDoNothing({ target: [notifications.clientId, notifications.dedupKey] })
        .returning();
      inserted.push(...rows);
    }
    const bump = new Map<string, { userId: string; section: string; n: number }>();
    for (const r of inserted) {
      const k = `${r.userId}:${r.section}`;
      const b = bump.get(k) ?? { userId: r.userId, section: r.section, n: 0 };
      b.n++;
      bump.set(k, b);
    }
    const bumps = [...bump.values()];
    for (let i = 0; i < bumps.length; i += 1000) {
      await tx
        .insert(unread)
        .values(bumps.slice(i, i + 1000).map((b) => ({ clientId, userId: b.userId, section: b.section, count: b.n })))
        .onConflictDoUpdate({ target: [unread.clientId, unread.userId, unread.section], set: { count: sql`${unread.count} + excluded.count` } });
    }
    return inserted;
  }

  async find(tx: Tx, id: string): Promise<Row | undefined> {
    const [row] = await tx.select().from(notifications).where(eq(notifications.id, id));
    return row;
  }

  /** A user's notifications of a section (or all) before `before`, newest first; `read` narrows to read/unread. */
  async feed(tx: Tx, userId: string, section: string, before: Date, read: boolean | undefined, limit: number): Promise<Row[]> {
    const conds = [eq(notifications.userId, userId), lt(notifications.createdAt, before)];
    if (section !== 'all') conds.push(eq(notifications.section, section));
    if (read !== undefined) conds.push(eq(notifications.read, read));
    return tx
      .select()
      .from(notifications)
      .where(and(...conds))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  /** A page of the tenant's notifications, newest first, and their total. */
  async page(tx: Tx, page: number, limit: number): Promise<{ rows: Row[]; total: number }> {
    const w = pageWindow(page, limit, 100);
    const rows = await tx.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(w.limit).offset(w.offset);
    const [{ n }] = await tx.select({ n: count() }).from(notifications);
    return { rows, total: Number(n) };
  }

  /**
   * Sets the read flag of a user's notifications (one id, a section or all) and moves the unread counts by what
   * changed. Output: the number of notifications changed.
   */
  async setRead(tx: Tx, clientId: string, userId: string, scope: { id?: string; section?: string }, read: boolean): Promise<number> {
    const conds = [eq(notifications.userId, userId), eq(notifications.read, !read)];
    if (scope.id) conds.push(eq(notifications.id, scope.id));
    if (scope.section && scope.section !== 'all') conds.push(eq(notifications.section, scope.section));
    const changed = await tx
      .update(notifications)
      .set({ read })
      .where(and(...conds))
      .returning({ section: notifications.section });
    const per = new Map<string, number>();
    for (const c of changed) per.set(c.section, (per.get(c.section) ?? 0) + 1);
    for (const [section, n] of per) {
      await tx
        .insert(unread)
        .values({ clientId, userId, section, count: read ? 0 : n })
        .onConflictDoUpdate({
          target: [unread.clientId, unread.userId, unread.section],
          set: { count: read ? sql`greatest(${unread.count} - ${n}, 0)` : sql`${unread.count} + ${n}` },
        });
    }
    return changed.length;
  }

  /** A user's unread count, total and per section (from the incremental counters). */
  async unread(tx: Tx, userId: string): Promise<{ count: number; sections: Record<string, number> }> {
    const rows = await tx.select({ section: unread.section, count: unread.count }).from(unread).where(eq(unread.userId, userId));
    const sections: Record<string, number> = {};
    let total = 0;
    for (const r of rows) {
      if (!r.count) continue;
      sections[r.section] = r.count;
      total += r.count;
    }
    return { count: total, sections };
  }

  /** The unread totals of these users (one grouped query per 5,000 ids; a user without any: 0). */
  async unreadTotals(tx: Tx, userIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>(userIds.map((u) => [u, 0]));
    for (let i = 0; i < userIds.length; i += 5000) {
      const rows = await tx
        .select({ userId: unread.userId, n: sql<number>`coalesce(sum(${unread.count}), 0)::int` })
        .from(unread)
        .where(inArray(unread.userId, userIds.slice(i, i + 5000)))
        .groupBy(unread.userId);
      for (const r of rows) out.set(r.userId, Number(r.n));
    }
    return out;
  }

  /** Stored switches of these users and of the client's defaults. */
  async settingsOf(tx: Tx, userIds: readonly string[]): Promise<{ defaults?: SettingsMatrix; webhooks: Webhooks; users: Map<string, SettingsMatrix> }> {
    const rows = [];
    const ids = [CLIENT_DEFAULTS, ...userIds];
    for (let i = 0; i < ids.length; i += 5000)
      rows.push(
        ...(await tx
          .select()
          .from(settings)
          .where(inArray(settings.userId, ids.slice(i, i + 5000)))),
      );
    const users = new Map<string, SettingsMatrix>();
    let defaults: SettingsMatrix | undefined;
    let webhooks: Webhooks = {};
    for (const r of rows) {
      if (r.userId === CLIENT_DEFAULTS) {
        defaults = r.matrix;
        webhooks = r.webhooks;
      } else users.set(r.userId, r.matrix);
    }
    return { defaults, webhooks, users };
  }

  /** Replaces the stored switches of a user (or the client's defaults with CLIENT_DEFAULTS). */
  async saveSettings(tx: Tx, clientId: string, userId: string, matrix: SettingsMatrix, webhooks?: Webhooks): Promise<void> {
    await tx
      .insert(settings)
      .values({ clientId, userId, matrix, webhooks: webhooks ?? {} })
      .onConflictDoUpdate({
        target: [settings.clientId, settings.userId],
        set: { matrix, ...(webhooks ? { webhooks } : {}), updatedAt: new Date() },
      });
  }

  /** Queues external sends (one per notification and channel; a second one is dropped). */
  async enqueue(tx: Tx, clientId: string, rows: readonly QueuedSend[]): Promise<void> {
    // 1,000 rows a statement: PostgreSQL takes at most 65,535 parameters in one.
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(deliveries)
        .values(rows.slice(i, i + 1000).map((r) => ({ id: uuidv7(), clientId, ...r })))
        .onConflictDoNothing({ target: [deliveries.notificationId, deliveries.channel] });
    }
  }
}
