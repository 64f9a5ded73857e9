import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { ideas, violReports } from './schema.ts';

@Injectable()
export class IdeasRepository {
  async insert(tx: Tx, row: typeof ideas.$inferInsert) {
    const [r] = await tx.insert(ideas).values(row).returning();
    return r!;
  }
  async byId(tx: Tx, id: string) {
    const [r] = await tx.select().from(ideas).where(eq(ideas.id, id)).limit(1).for('update');
    return r;
  }
  async setStatus(tx: Tx, id: string, status: (typeof ideas.$inferSelect)['status']) {
    const [r] = await tx.update(ideas).set({ status, updatedAt: new Date() }).where(eq(ideas.id, id)).returning();
    return r!;
  }
  /** A page of ideas, newest first (all of the tenant, or one author's), with the total. */
  async list(tx: Tx, q: { authorId?: string; status?: string; offset: number; limit: number }) {
    const conds: SQL[] = [];
    if (q.authorId) conds.push(eq(ideas.authorId, q.authorId));
    if (q.status) conds.push(sql`${ideas.status} = ${q.status}`);
    const where = conds.length ? and(...conds) : undefined;
    const rows = await tx.select().from(ideas).where(where).orderBy(desc(ideas.createdAt), desc(ideas.id)).limit(q.limit).offset(q.offset);
    const [c] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ideas)
      .where(where);
    return { rows, total: c?.n ?? 0 };
  }
}

@Injectable()
export class ReportsRepository {
  async insert(tx: Tx, row: typeof violReports.$inferInsert): Promise<void> {
    await tx.insert(violReports).values(row);
  }
  /** A page of reports, newest day first (order within a day is random: the id is a uuid v4), with the total. */
  async list(tx: Tx, q: { handled?: boolean; offset: number; limit: number }) {
    const where = q.handled === undefined ? undefined : eq(violReports.handled, q.handled);
    const rows = await tx.select().from(violReports).where(where).orderBy(desc(violReports.day), violReports.id).limit(q.limit).offset(q.offset);
    const [c] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(violReports)
      .where(where);
    return { rows, total: c?.n ?? 0 };
  }
  async setHandled(tx: Tx, id: string, handled: boolean) {
    const [r] = await tx.update(violReports).set({ handled }).where(eq(violReports.id, id)).returning();
    return r;
  }
}
