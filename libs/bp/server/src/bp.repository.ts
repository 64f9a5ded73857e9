import type { HistoryEntry } from '@intranet/bp-contract';
import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import {
  files,
  groups,
  requestParticipants,
  requests,
  serviceReqs,
  services,
  templates,
  type GroupRow,
  type RequestRow,
  type ServiceReqRow,
  type ServiceRow,
  type TemplateRow,
} from './schema.ts';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * SQL of the services domain (the repository owns all of it); every call runs inside the caller's transaction: a
 * tenant one (db.inTenant, row-level security) or, for the overdue scan, a system one across clients.
 */
@Injectable()
export class BpRepository {
  /** The client's groups by name. */
  groups(tx: Tx): Promise<GroupRow[]> {
    return tx.select().from(groups).orderBy(asc(groups.name), asc(groups.id));
  }
  async group(tx: Tx, id: string): Promise<GroupRow | undefined> {
    const [g] = await tx.select().from(groups).where(eq(groups.id, id));
    return g;
  }
  async insertGroup(tx: Tx, row: typeof groups.$inferInsert): Promise<GroupRow> {
    const [g] = await tx.insert(groups).values(row).returning();
    return g!;
  }
  async renameGroup(tx: Tx, id: string, name: string): Promise<GroupRow | undefined> {
    const [g] = await tx.update(groups).set({ name }).where(eq(groups.id, id)).returning();
    return g;
  }
  async deleteGroup(tx: Tx, id: string): Promise<void> {
    await tx.delete(groups).where(eq(groups.id, id));
  }
  async servicesInGroup(tx: Tx, groupId: string): Promise<number> {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(services)
      .where(eq(services.groupId, groupId));
    return Number(n);
  }

  /** The client's services, by name; `search` matches name or description. */
  services(tx: Tx, search?: string): Promise<ServiceRow[]> {
    const where = search ? sql`(${services.name} ILIKE ${like(search)} OR ${services.description} ILIKE ${like(search)})` : undefined;
    return tx.select().from(services).where(where).orderBy(asc(services.name), asc(services.id));
  }
  /** The client's services a knowledge-base article describes, by name. */
  byArticle(tx: Tx, articleId: string): Promise<ServiceRow[]> {
    return tx.select().from(services).where(eq(services.articleId, articleId)).orderBy(asc(services.name), asc(services.id));
  }
  async insertServiceReq(tx: Tx, row: typeof serviceReqs.$inferInsert): Promise<ServiceReqRow> {
    const [r] = await tx.insert(serviceReqs).values(row).returning();
    return r!;
  }
  /** A page of the client's service requests, newest first. */
  async serviceReqs(tx: Tx, offset: number, limit: number): Promise<{ rows: ServiceReqRow[]; total: number }> {
    const rows = await tx.select().from(serviceReqs).orderBy(desc(serviceReqs.createdAt), desc(serviceReqs.id)).offset(offset).limit(limit);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(serviceReqs);
    return { rows, total: Number(n) };
  }
  /** One service, optionally locked for an edit. */
  async service(tx: Tx, id: string, lock = false): Promise<ServiceRow | undefined> {
    const q = tx.select().from(services).where(eq(services.id, id));
    const [s] = lock ? await q.for('update') : await q;
    return s;
  }
  async insertService(tx: Tx, row: typeof services.$inferInsert): Promise<ServiceRow> {
    const [s] = await tx.insert(services).values(row).returning();
    return s!;
  }
  /** Saves a change and raises the version (running requests keep their snapshot). */
  async updateService(tx: Tx, id: string, set: Partial<typeof services.$inferInsert>): Promise<ServiceRow> {
    const [s] = await tx
      .update(services)
      .set({ ...set, version: sql`${services.version} + 1`, updatedAt: new Date() })
      .where(eq(services.id, id))
      .returning();
    return s!;
  }
  async deleteService(tx: Tx, id: string): Promise<void> {
    await tx.delete(services).where(eq(services.id, id));
  }

  async insertRequest(tx: Tx, row: typeof requests.$inferInsert): Promise<RequestRow> {
    const [r] = await tx.insert(requests).values(row).returning();
    return r!;
  }
  /**
   * Records that `userIds` are assigned to the request (request_participants, the rows of "requests to me"); call it
   * in the transaction that writes `participants` (start, pass_step). Already recorded people are skipped.
   * `createdAt`: the request's start (the list's order).
   */
  async addParticipants(tx: Tx, r: { clientId: string; id: string; createdAt: Date }, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx
      .insert(requestParticipants)
      .values([...new Set(userIds)].map((userId) => ({ clientId: r.clientId, userId, requestId: r.id, createdAt: r.createdAt })))
      .onConflictDoNothing();
  }
  async request(tx: Tx, id: string, lock = false): Promise<RequestRow | undefined> {
    const q = tx.select().from(requests).where(eq(requests.id, id));
    const [r] = lock ? await q.for('update') : await q;
    return r;
  }
  async updateRequest(tx: Tx, id: string, set: Partial<typeof requests.$inferInsert>): Promise<RequestRow> {
    const [r] = await tx.update(requests).set(set).where(eq(requests.id, id)).returning();
    return r!;
  }

  /**
   * Marks up to `limit` active requests past their due date as overdue, once each: one conditional UPDATE ... WHERE
   * overdue_at IS NULL ... RETURNING (a replica running it at the same time re-checks the condition on the locked
   * row and skips it; SKIP LOCKED lets it take other rows meanwhile). Sets overdue_at and adds a history entry;
   * returns the rows for their events. In a system transaction it spans every client.
   */
  async markOverdue(tx: Tx, now: Date, limit = 500): Promise<RequestRow[]> {
    const entry = JSON.stringify([{ at: now.toISOString(), user: null, action: 'overdue', step: null, reason: null } satisfies HistoryEntry]);
    const due = tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.status, 'active'), sql`${requests.dueAt} < ${now.toISOString()}::timestamptz`, sql`${requests.overdueAt} IS NULL`))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(requests)
      .set({ overdueAt: now, history: sql`${requests.history} || ${entry}::jsonb` })
      .where(and(inArray(requests.id, due), sql`${requests.overdueAt} IS NULL`, eq(requests.status, 'active')))
      .returning();
  }

  /**
   * A page of a user's requests, newest first: started by them (`initiator`) or assigned to them at some step
   * (`performer`); without `userId`, everyone's (an administrator's list of one service); `bp` one service; `finished` true: finished or rejected, false: running; `from`/`to`: start day.
   * `performer` reads request_participants (a btree `=` in the list's order, which row-level security lets the
   * planner use; a GIN index of `participants` it may not, issue 15) joined to the requests by id.
   */
  async runned(
    tx: Tx,
    o: { userId?: string; as: 'initiator' | 'performer'; bp?: string; finished?: boolean; from?: string; to?: string; offset: number; limit: number },
  ): Promise<{ rows: RequestRow[]; total: number }> {
    const performer = !!o.userId && o.as === 'performer';
    const created = performer ? requestParticipants.createdAt : requests.createdAt;
    const conds: SQL[] = [];
    const own: SQL[] = [];
    if (performer) own.push(eq(requestParticipants.userId, o.userId!));
    else if (o.userId) conds.push(eq(requests.initiatorId, o.userId));
    if (o.bp) conds.push(eq(requests.serviceId, o.bp));
    if (o.finished === true) conds.push(sql`${requests.status} <> 'active'`);
    if (o.finished === false) conds.push(eq(requests.status, 'active'));
    if (o.from) own.push(sql`${created} >= ${o.from}::date`);
    if (o.to) own.push(sql`${created} < (${o.to}::date + 1)`);
    const n = sql<number>`count(*)::int`;
    if (!performer) {
      const where = and(...conds, ...own);
      const rows = await tx.select().from(requests).where(where).orderBy(desc(requests.createdAt), desc(requests.id)).limit(o.limit).offset(o.offset);
      const [{ total }] = await tx.select({ total: n }).from(requests).where(where);
      return { rows, total: Number(total) };
    }
    const where = and(...own, ...conds);
    const rows = await tx
      .select(getTableColumns(requests))
      .from(requestParticipants)
      .innerJoin(requests, eq(requests.id, requestParticipants.requestId))
      .where(where)
      .orderBy(desc(requestParticipants.createdAt), desc(requestParticipants.requestId))
      .limit(o.limit)
      .offset(o.offset);
    // Only the side table when no filter needs the request (an index-only count).
    const [{ total }] = conds.length
      ? await tx.select({ total: n }).from(requestParticipants).innerJoin(requests, eq(requests.id, requestParticipants.requestId)).where(where)
      : await tx.select({ total: n }).from(requestParticipants).where(where);
    return { rows, total: Number(total) };
  }

  templates(tx: Tx, ownerId: string, bp?: string): Promise<TemplateRow[]> {
    const conds = [eq(templates.ownerId, ownerId), ...(bp ? [eq(templates.serviceId, bp)] : [])];
    return tx
      .select()
      .from(templates)
      .where(and(...conds))
      .orderBy(desc(templates.createdAt));
  }
  async template(tx: Tx, id: string): Promise<TemplateRow | undefined> {
    const [t] = await tx.select().from(templates).where(eq(templates.id, id));
    return t;
  }
  async insertTemplate(tx: Tx, row: typeof templates.$inferInsert): Promise<TemplateRow> {
    const [t] = await tx.insert(templates).values(row).returning();
    return t!;
  }

  /** Who attached each of `keys` (bp.files: the first request naming a key claims it), keyed by key. */
  async fileOwners(tx: Tx, keys: readonly string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const rows = await tx
      .select({ key: files.key, owner: files.ownerId })
      .from(files)
      .where(inArray(files.key, [...keys]));
    return new Map(rows.map((r) => [r.key, r.owner]));
  }
  /** Claims `keys` for `ownerId` on `requestId`; a key already claimed keeps its first owner. */
  async claimFiles(tx: Tx, clientId: string, ownerId: string, requestId: string, keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    await tx
      .insert(files)
      .values(keys.map((key) => ({ key, clientId, ownerId, requestId })))
      .onConflictDoNothing();
  }
}
