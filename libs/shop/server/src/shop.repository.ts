import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import { achievements, items, members, settings, type AchievementRow, type EntryRow, type ItemRow, type SettingsRow } from './schema.ts';

/** A ledger entry with the names of its achievement and item (balance history, API shapes). */
export type EntryView = EntryRow & { achievementName: string | null; itemName: string | null };

/** Slots of an unlimited item's sold count (shop.item_sales): concurrent buyers rarely pick the same one. */
const SALE_SLOTS = 64;

/** An item with its whole sold count: the limited-stock sales on its row plus the unlimited ones in item_sales. */
const ITEM_COLUMNS = {
  ...getTableColumns(items),
  sold: sql<number>`(${items.sold} + coalesce((SELECT sum(s.sold) FROM shop.item_sales s WHERE s.item_id = ${items.id}), 0))::int`.mapWith(Number),
};

const ITEM_SORT = { name: items.name, cost: items.cost, rest: items.rest, created: items.createdAt } as const;

/**
 * All the SQL of the shop domain. Every call runs inside the tenant transaction the service opened (`db.inTenant`):
 * row-level security keeps it to one client. Money moves only through conditional updates (`credit`, `debit`,
 * `takeOne`), so a balance and a rest never go below 0 whatever runs at the same time (the CHECKs back them).
 */
@Injectable()
export class ShopRepository {
  /** The client's settings row, or undefined (the §9 defaults apply). */
  async settings(tx: Tx): Promise<SettingsRow | undefined> {
    const [row] = await tx.select().from(settings);
    return row;
  }

  /** Inserts or replaces the client's settings. */
  async saveSettings(tx: Tx, row: typeof settings.$inferInsert): Promise<SettingsRow> {
    const { clientId: _c, id: _i, ...rest } = row;
    const [saved] = await tx
      .insert(settings)
      .values(row)
      .onConflictDoUpdate({ target: settings.clientId, set: { ...rest, updatedAt: new Date() } })
      .returning();
    return saved!;
  }

  /** The client's items in the asked order. */
  itemList(tx: Tx, sort: keyof typeof ITEM_SORT, order: 'asc' | 'desc'): Promise<ItemRow[]> {
    const col = ITEM_SORT[sort];
    return tx
      .select(ITEM_COLUMNS)
      .from(items)
      .orderBy(order === 'asc' ? asc(col) : desc(col), desc(items.id))
      .limit(1000);
  }

  async itemInsert(tx: Tx, row: typeof items.$inferInsert): Promise<ItemRow> {
    const [saved] = await tx.insert(items).values(row).returning();
    return saved!;
  }

  /**
   * The item with its whole sold count, or undefined. `lock`: FOR UPDATE, and the count read after the lock is held
   * (a statement of its own: it then sees every sale committed before, and no new one can start — countSale waits).
   */
  async item(tx: Tx, id: string, lock = false): Promise<ItemRow | undefined> {
    if (!lock) {
      const [row] = await tx.select(ITEM_COLUMNS).from(items).where(eq(items.id, id));
      return row;
    }
    const [row] = await tx.select().from(items).where(eq(items.id, id)).for('update');
    if (!row) return undefined;
    const [n] = await tx.select({ sold: ITEM_COLUMNS.sold }).from(items).where(eq(items.id, id));
    return { ...row, sold: n!.sold };
  }

  async itemUpdate(tx: Tx, id: string, patch: Partial<typeof items.$inferInsert>): Promise<ItemRow | undefined> {
    const [row] = await tx.update(items).set(patch).where(eq(items.id, id)).returning(ITEM_COLUMNS);
    return row;
  }

  async itemDelete(tx: Tx, id: string): Promise<void> {
    await tx.delete(items).where(eq(items.id, id));
  }

  /** Adds `n` units of stock (amount and rest; an unlimited item stays unlimited). */
  async itemAdd(tx: Tx, id: string, n: number): Promise<ItemRow | undefined> {
    const [row] = await tx
      .update(items)
      .set({
        amount: sql`CASE WHEN ${items.rest} IS NULL THEN NULL ELSE coalesce(${items.amount}, 0) + ${n} END`,
        rest: sql`CASE WHEN ${items.rest} IS NULL THEN NULL ELSE ${items.rest} + ${n} END`,
      })
      .where(eq(items.id, id))
      .returning(ITEM_COLUMNS);
    return row;
  }

  /**
   * Counts one sale of an unlimited item in a random slot of shop.item_sales: true, or false when the item is gone
   * or no longer unlimited (then `takeOne` decides). The item row is only share-locked, so buyers of it never wait
   * for each other, while a manager's edit of it (stock, delete) waits for the buys in flight and they for it.
   */
  async countSale(tx: Tx, clientId: string, id: string): Promise<boolean> {
    const slot = Math.floor(Math.random() * SALE_SLOTS);
    const rows = await queryRows(
      tx,
      sql`INSERT INTO shop.item_sales (client_id, item_id, slot, sold)
          SELECT ${clientId}, id, ${slot}, 1 FROM shop.items WHERE id = ${id} AND rest IS NULL FOR SHARE
          ON CONFLICT (item_id, slot) DO UPDATE SET sold = shop.item_sales.sold + 1
          RETURNING slot`,
    );
    return rows.length > 0;
  }

  /** Takes one unit of the item if any is left (rest > 0 or unlimited): the row after, or undefined. */
  async takeOne(tx: Tx, id: string): Promise<ItemRow | undefined> {
    const [row] = await tx
      .update(items)
      .set({ rest: sql`CASE WHEN ${items.rest} IS NULL THEN NULL ELSE ${items.rest} - 1 END`, sold: sql`${items.sold} + 1` })
      .where(and(eq(items.id, id), sql`(${items.rest} IS NULL OR ${items.rest} > 0)`))
      .returning(ITEM_COLUMNS);
    return row;
  }

  /** Adds `n` coins (n ≥ 0) to the user's balance, creating it: the new amount. `earned` counts accruals. */
  async credit(tx: Tx, clientId: string, userId: string, n: number, earned = n): Promise<number> {
    const [row] = await queryRows<{ amount: number }>(
      tx,
      sql`INSERT INTO shop.balances (client_id, user_id, amount, earned) VALUES (${clientId}, ${userId}, ${n}, ${earned})
          ON CONFLICT (client_id, user_id) DO UPDATE SET amount = shop.balances.amount + ${n}, earned = shop.balances.earned + ${earned}
          RETURNING amount`,
    );
    return Number(row!.amount);
  }

  /**
   * Takes `n` coins off the balance only if it holds them (one conditional UPDATE: concurrent debits queue on the row
   * and re-check): the new amount, or null when there are not enough. `spent` counts purchases.
   */
  async debit(tx: Tx, userId: string, n: number, spent = n): Promise<number | null> {
    const [row] = await queryRows<{ amount: number }>(
      tx,
      sql`UPDATE shop.balances SET amount = amount - ${n}, spent = spent + ${spent} WHERE user_id = ${userId} AND amount >= ${n} RETURNING amount`,
    );
    if (row) return Number(row.amount);
    if (n === 0) return this.balance(tx, userId);
    return null;
  }

  async balance(tx: Tx, userId: string): Promise<number> {
    const [row] = await queryRows<{ amount: number }>(tx, sql`SELECT amount FROM shop.balances WHERE user_id = ${userId}`);
    return Number(row?.amount ?? 0);
  }

  /** Writes a ledger entry; with a cause already written (an automatic accrual's second delivery) nothing: undefined. */
  async entryInsert(tx: Tx, row: Omit<EntryRow, 'createdAt' | 'cancelled' | 'publish'> & { publish?: boolean }): Promise<EntryRow | undefined> {
    const [saved] = await queryRows<Record<string, unknown>>(
      tx,
      sql`INSERT INTO shop.entries (id, client_id, user_id, kind, amount, achievement_id, item_id, ref_id, cause, comment, publish, by)
          VALUES (${row.id}, ${row.clientId}, ${row.userId}, ${row.kind}, ${row.amount}, ${row.achievementId}, ${row.itemId}, ${row.refId}, ${row.cause}, ${row.comment}, ${row.publish ?? false}, ${row.by})
          ON CONFLICT (client_id, cause) DO NOTHING RETURNING *`,
    );
    return saved ? entryOf(saved) : undefined;
  }

  async entry(tx: Tx, id: string): Promise<EntryView | undefined> {
    const [row] = await queryRows<Record<string, unknown>>(tx, sql`${ENTRY_VIEW} WHERE e.id = ${id} FOR UPDATE OF e`);
    return row ? entryViewOf(row) : undefined;
  }

  async markCancelled(tx: Tx, id: string): Promise<void> {
    await queryRows(tx, sql`UPDATE shop.entries SET cancelled = true WHERE id = ${id}`);
  }

  /** A page of the user's ledger, newest first, and its total. */
  async history(tx: Tx, userId: string, offset: number, limit: number): Promise<{ rows: EntryView[]; total: number }> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`${ENTRY_VIEW} WHERE e.user_id = ${userId} ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    const [n] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM shop.entries WHERE user_id = ${userId}`);
    return { rows: rows.map(entryViewOf), total: Number(n?.n ?? 0) };
  }

  /** How many live (not cancelled) accruals the user got per achievement (§3 balance `ach`). */
  achCounts(tx: Tx, userId: string): Promise<{ _id: string; name: string; count: number }[]> {
    return queryRows(
      tx,
      sql`SELECT a.id AS "_id", a.name, count(*)::int AS count FROM shop.entries e JOIN shop.achievements a ON a.id = e.achievement_id
          WHERE e.user_id = ${userId} AND e.kind = 'accrual' AND NOT e.cancelled GROUP BY a.id, a.name ORDER BY count DESC, a.name`,
    );
  }

  /** A page of the client's balances, highest first. */
  async balances(tx: Tx, offset: number, limit: number) {
    const rows = await queryRows<{ user_id: string; amount: number; earned: number; spent: number }>(
      tx,
      sql`SELECT user_id, amount, earned, spent FROM shop.balances ORDER BY amount DESC, user_id LIMIT ${limit} OFFSET ${offset}`,
    );
    const [n] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM shop.balances`);
    return { rows, total: Number(n?.n ?? 0) };
  }

  /** Zeroes every balance of the client with a `nullify` entry each (set-based): how many and how many coins. */
  async nullify(tx: Tx, clientId: string, by: string | null): Promise<{ count: number; coins: number }> {
    const [r] = await queryRows<{ count: number; coins: number }>(
      tx,
      sql`WITH z AS (
            UPDATE shop.balances b SET amount = 0 FROM (SELECT user_id, amount FROM shop.balances WHERE amount > 0 FOR UPDATE) old
            WHERE b.user_id = old.user_id AND b.client_id = ${clientId} RETURNING b.user_id, old.amount
          ), ins AS (
            INSERT INTO shop.entries (id, client_id, user_id, kind, amount, by)
            SELECT gen_random_uuid(), ${clientId}, user_id, 'nullify', -amount, ${by} FROM z RETURNING amount
          )
          SELECT count(*)::int AS count, coalesce(-sum(amount), 0)::int AS coins FROM ins`,
    );
    return { count: Number(r?.count ?? 0), coins: Number(r?.coins ?? 0) };
  }

  achievementList(tx: Tx): Promise<AchievementRow[]> {
    return tx.select().from(achievements).orderBy(asc(achievements.name)).limit(1000);
  }

  async achievement(tx: Tx, id: string): Promise<AchievementRow | undefined> {
    const [row] = await tx.select().from(achievements).where(eq(achievements.id, id));
    return row;
  }

  async achievementInsert(tx: Tx, row: typeof achievements.$inferInsert): Promise<AchievementRow> {
    const [saved] = await tx.insert(achievements).values(row).returning();
    return saved!;
  }

  async achievementUpdate(tx: Tx, id: string, patch: Partial<typeof achievements.$inferInsert>): Promise<AchievementRow | undefined> {
    const [row] = await tx.update(achievements).set(patch).where(eq(achievements.id, id)).returning();
    return row;
  }

  async achievementDelete(tx: Tx, id: string): Promise<void> {
    await tx.delete(achievements).where(eq(achievements.id, id));
  }

  async achievementUsed(tx: Tx, id: string): Promise<boolean> {
    const rows = await queryRows(tx, sql`SELECT 1 FROM shop.entries WHERE achievement_id = ${id} LIMIT 1`);
    return rows.length > 0;
  }

  /** Statistics of [from, to) (ISO instants): totals, per day, top items, latest sales. */
  async stats(tx: Tx, from: string, to: string) {
    const [t] = await queryRows<{ accrued: number; spent: number; accruals: number; purchases: number }>(
      tx,
      sql`SELECT coalesce(sum(amount) FILTER (WHERE kind IN ('accrual','auto') AND NOT cancelled), 0)::int AS accrued,
                 coalesce(-sum(amount) FILTER (WHERE kind = 'purchase'), 0)::int AS spent,
                 count(*) FILTER (WHERE kind IN ('accrual','auto') AND NOT cancelled)::int AS accruals,
                 count(*) FILTER (WHERE kind = 'purchase')::int AS purchases
          FROM shop.entries WHERE created_at >= ${from} AND created_at < ${to}`,
    );
    const days = await queryRows<{ day: string; accrued: number; spent: number }>(
      tx,
      sql`SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
                 coalesce(sum(amount) FILTER (WHERE kind IN ('accrual','auto') AND NOT cancelled), 0)::int AS accrued,
                 coalesce(-sum(amount) FILTER (WHERE kind = 'purchase'), 0)::int AS spent
          FROM shop.entries WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1 ORDER BY 1`,
    );
    const topItems = await queryRows<{ _id: string; name: string; count: number; coins: number }>(
      tx,
      sql`SELECT i.id AS "_id", i.name, count(*)::int AS count, (-sum(e.amount))::int AS coins FROM shop.entries e JOIN shop.items i ON i.id = e.item_id
          WHERE e.kind = 'purchase' AND e.created_at >= ${from} AND e.created_at < ${to} GROUP BY i.id, i.name ORDER BY count DESC, i.name LIMIT 10`,
    );
    const sales = await queryRows<{ _id: string; user_id: string; item: string; cost: number; created: Date | string }>(
      tx,
      sql`SELECT e.id AS "_id", e.user_id, coalesce(i.name, '') AS item, (-e.amount)::int AS cost, e.created_at AS created FROM shop.entries e LEFT JOIN shop.items i ON i.id = e.item_id
          WHERE e.kind = 'purchase' AND e.created_at >= ${from} AND e.created_at < ${to} ORDER BY e.created_at DESC LIMIT 100`,
    );
    return { totals: t!, days, topItems, sales };
  }

  /** Keeps the shop's copy of a people user (birthdays, anniversaries, superadmin). */
  async memberUpsert(tx: Tx, row: typeof members.$inferInsert): Promise<void> {
    await tx
      .insert(members)
      .values(row)
      .onConflictDoUpdate({
        target: [members.clientId, members.userId],
        set: { birthDate: row.birthDate, workingSince: row.workingSince, superadmin: row.superadmin, deleted: row.deleted },
      });
  }

  /** Live members whose birth date (`birth`) or hiring date falls on month-day `md` ('MM-DD'). */
  membersOn(tx: Tx, field: 'birth' | 'hire', md: string): Promise<{ user_id: string; date: string }[]> {
    const col = field === 'birth' ? sql`birth_date` : sql`working_since`;
    return queryRows(tx, sql`SELECT user_id, ${col} AS date FROM shop.members WHERE NOT deleted AND substr(${col}, 6, 5) = ${md}`);
  }
}

const ENTRY_VIEW = sql`SELECT e.*, a.name AS achievement_name, i.name AS item_name FROM shop.entries e
  LEFT JOIN shop.achievements a ON a.id = e.achievement_id LEFT JOIN shop.items i ON i.id = e.item_id`;

function entryOf(r: Record<string, unknown>): EntryRow {
  return {
    id: r.id as string,
    clientId: r.client_id as string,
    userId: r.user_id as string,
    kind: r.kind as string,
    amount: Number(r.amount),
    achievementId: (r.achievement_id as string | null) ?? null,
    itemId: (r.item_id as string | null) ?? null,
    refId: (r.ref_id as string | null) ?? null,
    cause: (r.cause as string | null) ?? null,
    comment: (r.comment as string) ?? '',
    publish: Boolean(r.publish),
    by: (r.by as string | null) ?? null,
    cancelled: Boolean(r.cancelled),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at as string),
  };
}

function entryViewOf(r: Record<string, unknown>): EntryView {
  return { ...entryOf(r), achievementName: (r.achievement_name as string | null) ?? null, itemName: (r.item_name as string | null) ?? null };
}
