import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { pageWindow, uuidv7, type Tx } from '@intranet/platform-db';
import type { DeskRole } from '@intranet/tasks-contract';
import { deskPeople, desks, lanes, tasks } from './schema.ts';

export type DeskRow = typeof desks.$inferSelect;
export type LaneRow = typeof lanes.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type PersonRow = typeof deskPeople.$inferSelect;
export type TaskValues = Partial<typeof tasks.$inferInsert>;
/** What a board's card needs of a task (see TasksRepository.cardsOfDesk). */
export type CardRow = Omit<TaskRow, 'description' | 'checklist' | 'attachments' | 'typeBeforeFinish' | 'dueSoonSent' | 'overdueSent' | 'clientId'> & {
  checkTotal: number;
  checkDone: number;
  files: number;
};

/** A lane with its task count. */
export interface LaneInfo {
  id: string;
  name: string;
  position: string;
  tasks: number;
}

/**
 * SQL of the task tracker (the repositories own all of it); every call runs inside the caller's transaction, a tenant
 * one (db.inTenant) so that row-level security limits it to the caller's client whatever the `where` (the deadline
 * marks: a system one across clients). Boards, their people and lanes with counts, and the bulk task changes of
 * finishing and restoring a board.
 */
@Injectable()
export class DesksRepository {
  /**
   * The board row. `lock`: 'write' takes the board's write lock (FOR NO KEY UPDATE: finishing, restoring, lanes,
   * people, deletion); 'share' a share lock (FOR SHARE: adding and moving tasks, which must not interleave with a
   * finish, but may run side by side).
   */
  async byId(tx: Tx, id: string, lock: 'write' | 'share' | false = false): Promise<DeskRow | undefined> {
    const q = tx.select().from(desks).where(eq(desks.id, id)).limit(1);
    const [row] = lock === 'write' ? await q.for('no key update') : lock === 'share' ? await q.for('share') : await q;
    return row;
  }

  /** Admins and members of boards. */
  async people(tx: Tx, deskIds: string[]): Promise<PersonRow[]> {
    if (!deskIds.length) return [];
    return tx.select().from(deskPeople).where(inArray(deskPeople.deskId, deskIds));
  }

  /** Lanes of boards in order, each with its task count. */
  async lanes(tx: Tx, deskIds: string[]): Promise<(LaneInfo & { deskId: string })[]> {
    if (!deskIds.length) return [];
    const counts = tx
      .select({ laneId: tasks.laneId, n: count().as('n') })
      .from(tasks)
      .where(inArray(tasks.deskId, deskIds))
      .groupBy(tasks.laneId)
      .as('c');
    const rows = await tx
      .select({ id: lanes.id, deskId: lanes.deskId, name: lanes.name, position: lanes.position, n: counts.n })
      .from(lanes)
      .leftJoin(counts, eq(counts.laneId, lanes.id))
      .where(inArray(lanes.deskId, deskIds))
      .orderBy(asc(lanes.deskId), asc(lanes.position));
    return rows.map((r) => ({ id: r.id, deskId: r.deskId, name: r.name, position: r.position, tasks: Number(r.n ?? 0) }));
  }

  /**
   * The caller's role on a board (§6): owner, admin, comment, view (a member's right), or view for a performer,
   * co-performer or observer of one of its tasks; null when none (the board is then "not found" for them).
   */
  async roleOf(tx: Tx, desk: DeskRow, userId: string | null, people?: PersonRow[]): Promise<DeskRole | null> {
    if (!userId) return null;
    if (desk.ownerId === userId) return 'owner';
    const [p] = people
      ? people.filter((x) => x.userId === userId)
      : await tx
          .select({ role: deskPeople.role })
          .from(deskPeople)
          .where(and(eq(deskPeople.deskId, desk.id), eq(deskPeople.userId, userId)));
    if (p) return p.role;
    const [t] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.deskId, desk.id), taskPersonWhere(userId)))
      .limit(1);
    return t ? 'view' : null;
  }

  /** A page of the caller's boards by filter (see DESK_FILTERS), most recently changed first, and the total. */
  async page(tx: Tx, userId: string, filter: 'all' | 'mine' | 'member' | 'finished', page: number, limit: number): Promise<{ rows: DeskRow[]; total: number }> {
    const w = pageWindow(page, limit, 100);
    const member = sql`EXISTS (SELECT 1 FROM ${deskPeople} p WHERE p.desk_id = ${desks.id} AND p.user_id = ${userId})`;
    const where: SQL =
      filter === 'mine'
        ? and(eq(desks.ownerId, userId), eq(desks.status, 'active'))!
        : filter === 'member'
          ? and(ne(desks.ownerId, userId), member, eq(desks.status, 'active'))!
          : filter === 'finished'
            ? and(or(eq(desks.ownerId, userId), member), eq(desks.status, 'finished'))!
            : and(or(eq(desks.ownerId, userId), member), eq(desks.status, 'active'))!;
    const rows = await tx.select().from(desks).where(where).orderBy(desc(desks.updatedAt), desc(desks.id)).limit(w.limit).offset(w.offset);
    const [{ n }] = await tx.select({ n: count() }).from(desks).where(where);
    return { rows, total: Number(n) };
  }

  /** Number of tasks per board. */
  async taskCounts(tx: Tx, deskIds: string[]): Promise<Map<string, number>> {
    if (!deskIds.length) return new Map();
    const rows = await tx.select({ deskId: tasks.deskId, n: count() }).from(tasks).where(inArray(tasks.deskId, deskIds)).groupBy(tasks.deskId);
    return new Map(rows.map((r) => [r.deskId, Number(r.n)]));
  }

  /** Inserts a board row. */
  async insert(tx: Tx, row: typeof desks.$inferInsert): Promise<DeskRow> {
    const [out] = await tx.insert(desks).values(row).returning();
    return out!;
  }

  /** Updates a board row (and its updated_at, which orders the lists). */
  async update(tx: Tx, id: string, set: Partial<typeof desks.$inferInsert>): Promise<DeskRow> {
    const [out] = await tx
      .update(desks)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(desks.id, id))
      .returning();
    return out!;
  }

  /** Replaces the admins and members of a board (`people`: user → role). */
  async setPeople(tx: Tx, clientId: string, deskId: string, people: Map<string, 'admin' | 'comment' | 'view'>): Promise<void> {
    await tx.delete(deskPeople).where(eq(deskPeople.deskId, deskId));
    if (people.size) await tx.insert(deskPeople).values([...people].map(([userId, role]) => ({ clientId, deskId, userId, role })));
  }

  /** Deletes a board with its tasks and lanes. */
  /** Deletes a task. */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(tasks).where(eq(tasks.deskId, id));
    await tx.delete(desks).where(eq(desks.id, id));
  }

  /** §4 finish: every task ends (closed), remembering its type for a restore. */
  async finishTasks(tx: Tx, deskId: string): Promise<void> {
    await tx
      .update(tasks)
      .set({ typeBeforeFinish: sql`${tasks.type}`, type: 'closed', updatedAt: new Date() })
      .where(eq(tasks.deskId, deskId));
  }

  /** §4 restore: each task gets back the type it had when the board was finished. */
  async restoreTasks(tx: Tx, deskId: string): Promise<void> {
    await tx
      .update(tasks)
      .set({ type: sql`coalesce(${tasks.typeBeforeFinish}, ${tasks.type})`, typeBeforeFinish: null, updatedAt: new Date() })
      .where(eq(tasks.deskId, deskId));
  }
}

/** The tasks a user is a person of: performer, co-performer or observer. */
export const taskPersonWhere = (userId: string): SQL =>
  or(eq(tasks.performerId, userId), sql`${userId}::uuid = ANY(${tasks.coPerformers})`, sql`${userId}::uuid = ANY(${tasks.observers})`)!;

/** Lanes of a board (fractional keys for their order). */
@Injectable()
export class LanesRepository {
  /**
   * A lane row; `lock` takes the lane's lock (FOR NO KEY UPDATE), which orders every change of its tasks' places:
   * two moves into one lane compute their keys one after the other, moves into different lanes run side by side.
   */
  async byId(tx: Tx, id: string, lock = false): Promise<LaneRow | undefined> {
    const q = tx.select().from(lanes).where(eq(lanes.id, id)).limit(1);
    const [row] = lock ? await q.for('no key update') : await q;
    return row;
  }

  /** Appends lanes named `names` after the board's last lane; output their ids in order. */
  async append(tx: Tx, clientId: string, deskId: string, names: string[]): Promise<string[]> {
    if (!names.length) return [];
    const [last] = await tx.select({ p: lanes.position }).from(lanes).where(eq(lanes.deskId, deskId)).orderBy(desc(lanes.position)).limit(1);
    const keys = generateNKeysBetween(last?.p ?? null, null, names.length);
    const rows = names.map((name, i) => ({ id: uuidv7(), clientId, deskId, name, position: keys[i]! }));
    await tx.insert(lanes).values(rows);
    return rows.map((r) => r.id);
  }

  /** Renames and re-keys the lanes in the order given (the board's write lock is held). */
  async reorder(tx: Tx, list: { id: string; name: string }[]): Promise<void> {
    const keys = generateNKeysBetween(null, null, list.length);
    for (const [i, l] of list.entries()) await tx.update(lanes).set({ name: l.name, position: keys[i]! }).where(eq(lanes.id, l.id));
  }

  /** Deletes an (empty) lane: tasks reference their lane, so a lane with tasks cannot go by mistake. */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(lanes).where(eq(lanes.id, id));
  }
}

/** Tasks: reads, writes, places in a lane (fractional keys), my tasks, and the deadline marks. */
@Injectable()
export class TasksRepository {
  /** A task row; `lock` takes its row lock (FOR UPDATE). */
  async byId(tx: Tx, id: string, lock = false): Promise<TaskRow | undefined> {
    const q = tx.select().from(tasks).where(eq(tasks.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  /**
   * The cards of a board, lane by lane (lane order), each lane by position: the columns a card shows, the checklist's
   * and attachments' counts computed in SQL (descriptions, checklists and attachments stay in the database).
   */
  async cardsOfDesk(tx: Tx, deskId: string): Promise<CardRow[]> {
    return tx
      .select({
        id: tasks.id,
        deskId: tasks.deskId,
        laneId: tasks.laneId,
        position: tasks.position,
        name: tasks.name,
        color: tasks.color,
        border: tasks.border,
        priority: tasks.priority,
        tags: tasks.tags,
        planHours: tasks.planHours,
        actualHours: tasks.actualHours,
        ownerId: tasks.ownerId,
        performerId: tasks.performerId,
        coPerformers: tasks.coPerformers,
        observers: tasks.observers,
        deadline: tasks.deadline,
        type: tasks.type,
        createdAt: tasks.createdAt,
        updatedAt: tasks.updatedAt,
        checkTotal: sql<number>`jsonb_array_length(${tasks.checklist})`.mapWith(Number),
        checkDone: sql<number>`(SELECT count(*) FROM jsonb_array_elements(${tasks.checklist}) e WHERE e->>'done' = 'true')`.mapWith(Number),
        files: sql<number>`jsonb_array_length(${tasks.attachments})`.mapWith(Number),
      })
      .from(tasks)
      .innerJoin(lanes, eq(lanes.id, tasks.laneId))
      .where(eq(tasks.deskId, deskId))
      .orderBy(asc(lanes.position), asc(tasks.position));
  }

  /** Number of tasks in a lane. */
  async countInLane(tx: Tx, laneId: string): Promise<number> {
    const [{ n }] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.laneId, laneId));
    return Number(n);
  }

  /**
   * The order key for position `index` (0 = top) among the lane's tasks other than `except`; past the end means the
   * bottom. Callers hold the board's write lock, so two moves never compute keys from the same neighbours.
   */
  async keyAt(tx: Tx, laneId: string, index: number | undefined, except: string | null = null): Promise<string> {
    const where = except ? and(eq(tasks.laneId, laneId), ne(tasks.id, except)) : eq(tasks.laneId, laneId);
    const last = async () => (await tx.select({ p: tasks.position }).from(tasks).where(where).orderBy(desc(tasks.position)).limit(1))[0]?.p ?? null;
    if (index === undefined) return generateKeyBetween(await last(), null);
    if (index === 0) {
      const [first] = await tx.select({ p: tasks.position }).from(tasks).where(where).orderBy(asc(tasks.position)).limit(1);
      return generateKeyBetween(null, first?.p ?? null);
    }
    const around = await tx
      .select({ p: tasks.position })
      .from(tasks)
      .where(where)
      .orderBy(asc(tasks.position))
      .limit(2)
      .offset(index - 1);
    if (!around.length) return generateKeyBetween(await last(), null);
    return generateKeyBetween(around[0]!.p, around[1]?.p ?? null);
  }

  /** Inserts a task row. */
  async insert(tx: Tx, row: typeof tasks.$inferInsert): Promise<TaskRow> {
    const [out] = await tx.insert(tasks).values(row).returning();
    return out!;
  }

  /** Updates a task row (and its updated_at). */
  async update(tx: Tx, id: string, set: TaskValues): Promise<TaskRow> {
    const [out] = await tx
      .update(tasks)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(tasks.id, id))
      .returning();
    return out!;
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(tasks).where(eq(tasks.id, id));
  }

  /** Moves every task of lane `from` to the end of lane `to`, keeping their order. Output: how many moved. */
  async moveAll(tx: Tx, from: string, to: string): Promise<number> {
    const moving = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.laneId, from)).orderBy(asc(tasks.position));
    if (!moving.length) return 0;
    const [last] = await tx.select({ p: tasks.position }).from(tasks).where(eq(tasks.laneId, to)).orderBy(desc(tasks.position)).limit(1);
    const keys = generateNKeysBetween(last?.p ?? null, null, moving.length);
    // One UPDATE per chunk through a VALUES list (ids and keys are bound parameters).
    for (let i = 0; i < moving.length; i += 500) {
      const part = moving.slice(i, i + 500);
      const values = sql.join(
        part.map((m, j) => sql`(${m.id}::uuid, ${keys[i + j]!})`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE ${tasks} AS t SET lane_id = ${to}::uuid, position = v.key COLLATE "C", updated_at = now()
        FROM (VALUES ${values}) AS v(id, key) WHERE t.id = v.id`);
    }
    return moving.length;
  }

  /** Deletes every task of a lane; output how many. */
  async deleteInLane(tx: Tx, laneId: string): Promise<number> {
    const rows = await tx.delete(tasks).where(eq(tasks.laneId, laneId)).returning({ id: tasks.id });
    return rows.length;
  }

  /** "My tasks": tasks of the user by filter across boards, with the board's and lane's names; open first by deadline. */
  async mine(
    tx: Tx,
    userId: string,
    filter: 'mine' | 'observed' | 'created',
    finished: boolean,
    page: number,
    limit: number,
  ): Promise<{ rows: { t: TaskRow; deskName: string; deskStatus: 'active' | 'finished'; laneName: string }[]; total: number }> {
    const w = pageWindow(page, limit, 100);
    const who =
      filter === 'mine'
        ? or(eq(tasks.performerId, userId), sql`${userId}::uuid = ANY(${tasks.coPerformers})`)!
        : filter === 'observed'
          ? sql`${userId}::uuid = ANY(${tasks.observers})`
          : eq(tasks.ownerId, userId);
    const where = finished ? who : and(who, eq(desks.status, 'active'), ne(tasks.type, 'closed'))!;
    const rows = await tx
      .select({ t: tasks, deskName: desks.name, deskStatus: desks.status, laneName: lanes.name })
      .from(tasks)
      .innerJoin(desks, eq(desks.id, tasks.deskId))
      .innerJoin(lanes, eq(lanes.id, tasks.laneId))
      .where(where)
      .orderBy(sql`${tasks.deadline} ASC NULLS LAST`, desc(tasks.updatedAt), desc(tasks.id))
      .limit(w.limit)
      .offset(w.offset);
    const [{ n }] = await tx.select({ n: count() }).from(tasks).innerJoin(desks, eq(desks.id, tasks.deskId)).where(where);
    return { rows, total: Number(n) };
  }

  /**
   * Deadline notices due at `now` across clients (system transaction): marks and returns active boards' unclosed
   * tasks due within `soonMs` (due soon) and past their deadline (overdue), each once per deadline.
   */
  async takeDeadlines(tx: Tx, now: Date, soonMs: number): Promise<{ dueSoon: TaskRow[]; overdue: TaskRow[] }> {
    const active = sql`EXISTS (SELECT 1 FROM ${desks} d WHERE d.id = ${tasks.deskId} AND d.status = 'active')`;
    const overdue = await tx
      .update(tasks)
      .set({ overdueSent: true, dueSoonSent: true })
      .where(
        and(
          sql`${tasks.deadline} IS NOT NULL`,
          sql`${tasks.deadline} <= ${now.toISOString()}::timestamptz`,
          ne(tasks.type, 'closed'),
          eq(tasks.overdueSent, false),
          active,
        ),
      )
      .returning();
    const dueSoon = await tx
      .update(tasks)
      .set({ dueSoonSent: true })
      .where(
        and(
          sql`${tasks.deadline} > ${now.toISOString()}::timestamptz`,
          sql`${tasks.deadline} <= ${new Date(now.getTime() + soonMs).toISOString()}::timestamptz`,
          ne(tasks.type, 'closed'),
          eq(tasks.dueSoonSent, false),
          active,
        ),
      )
      .returning();
    return { dueSoon, overdue };
  }
}
