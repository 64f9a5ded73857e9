import { Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { items, type ItemRow } from './schema.ts';

/**
 * All the SQL of the adaptation domain (Drizzle; Immich style: repositories own the queries). Every call runs
 * inside the tenant transaction the service opened (`db.inTenant`): row-level security keeps it to one client.
 */
@Injectable()
export class AdaptationRepository {
  /** A page of the tenant's items, newest first, and their total. */
  async page(tx: Tx, offset: number, limit: number): Promise<{ rows: ItemRow[]; total: number }> {
    const rows = await tx.select().from(items).orderBy(desc(items.createdAt), desc(items.id)).limit(limit).offset(offset);
    const [{ n }] = await tx.select({ n: count() }).from(items);
    return { rows, total: Number(n) };
  }

  /** Inserts one item and returns the stored row. */
  async insert(tx: Tx, row: typeof items.$inferInsert): Promise<ItemRow> {
    const [saved] = await tx.insert(items).values(row).returning();
    return saved;
  }

  /** The item with this id, or undefined (another client's is invisible). */
  async find(tx: Tx, id: string): Promise<ItemRow | undefined> {
    const [row] = await tx.select().from(items).where(eq(items.id, id));
    return row;
  }

  /** Deletes the item. */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(items).where(eq(items.id, id));
  }
}
