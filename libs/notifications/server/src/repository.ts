import { and, count, desc, eq } from 'drizzle-orm';
import { pageWindow, uuidv7, type Tx } from '@intranet/platform-db';
import type { NotificationsItem } from '@intranet/notifications-contract';
import { items } from './schema.ts';

type Row = typeof items.$inferSelect;

const toItem = (r: Row): NotificationsItem => ({ _id: r.id, name: r.name, created_by: r.createdBy, created_at: r.createdAt.toISOString() });

/** SQL of the sample entity (Immich style: repositories own SQL); every call runs inside a tenant transaction. */
export const itemsRepository = {
  /** A page of the tenant's items, newest first, and their total. */
  async page(tx: Tx, page: number, limit: number): Promise<{ items: NotificationsItem[]; total: number }> {
    const w = pageWindow(page, limit, 100);
    const rows = await tx.select().from(items).orderBy(desc(items.createdAt), desc(items.id)).limit(w.limit).offset(w.offset);
    const [{ n }] = await tx.select({ n: count() }).from(items);
    return { items: rows.map(toItem), total: Number(n) };
  },

  async insert(tx: Tx, clientId: string, userId: string | null, name: string): Promise<NotificationsItem> {
    const [row] = await tx.insert(items).values({ id: uuidv7(), clientId, name, createdBy: userId }).returning();
    return toItem(row);
  },

  async find(tx: Tx, id: string): Promise<NotificationsItem | undefined> {
    const [row] = await tx.select().from(items).where(eq(items.id, id));
    return row ? toItem(row) : undefined;
  },

  async delete(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx
      .delete(items)
      .where(and(eq(items.id, id)))
      .returning({ id: items.id });
    return rows.length > 0;
  },
};
