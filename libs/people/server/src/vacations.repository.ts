import { Injectable } from '@nestjs/common';
import { sql, type Tx } from '@intranet/platform-db';
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { departments, deptUsers, users, vacations, type DepartmentRow, type VacationRow } from './schema.ts';
import { escapeLike } from './users.repository.ts';

/** One employee line of the vacation timeline (what the list shows). */
export interface TimelinePerson {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  position: string | null;
  vacationDays: number;
}

/**
 * SQL of vacations (§3 Vacation) and the employees' remainders (users.vacation_days). Every method runs inside a
 * transaction opened by Database.inTenant; RLS limits it to the transaction's client.
 */
@Injectable()
export class VacationsRepository {
  /** The non-deleted employee's remainder, locked until the transaction ends; undefined for an unknown employee. */
  async lockRemainder(tx: Tx, userId: string): Promise<number | undefined> {
    const [u] = await tx
      .select({ days: users.vacationDays })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.deletionMark, false)))
      .for('update');
    return u?.days;
  }

  /** Sets the employee's remainder (calendar days). */
  async setRemainder(tx: Tx, userId: string, days: number): Promise<void> {
    await tx.update(users).set({ vacationDays: days, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /** Whether another vacation of the employee (not `except`) overlaps `start`..`end` (YYYY-MM-DD, both included). */
  async overlaps(tx: Tx, userId: string, start: string, end: string, except?: string): Promise<boolean> {
    const rows = await tx
      .select({ id: vacations.id })
      .from(vacations)
      .where(and(eq(vacations.userId, userId), lte(vacations.start, end), gte(vacations.end, start), except ? ne(vacations.id, except) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  /** One vacation by id (of `userId` when given), or undefined. */
  async byId(tx: Tx, id: string, userId?: string): Promise<VacationRow | undefined> {
    const [row] = await tx
      .select()
      .from(vacations)
      .where(and(eq(vacations.id, id), userId ? eq(vacations.userId, userId) : undefined))
      .limit(1);
    return row;
  }

  /** Inserts a vacation; returns its row. */
  async insert(tx: Tx, values: typeof vacations.$inferInsert): Promise<VacationRow> {
    const [row] = await tx.insert(vacations).values(values).returning();
    return row;
  }

  /** Applies `patch` to one vacation; returns the new row. */
  async update(tx: Tx, id: string, patch: Partial<VacationRow>): Promise<VacationRow> {
    const [row] = await tx.update(vacations).set(patch).where(eq(vacations.id, id)).returning();
    return row;
  }

  /** Deletes one vacation. */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(vacations).where(eq(vacations.id, id));
  }

  /** Path and kind of a department, or undefined. */
  async department(tx: Tx, id: string): Promise<{ path: string; kind: DepartmentRow['kind'] } | undefined> {
    const [dept] = await tx.select({ path: departments.path, kind: departments.kind }).from(departments).where(eq(departments.id, id));
    return dept;
  }

  /**
   * Active employees of the client for the timeline, by name then id, at most `limit`: members of the subtree `dept`
   * (if given), whose name or position contains every word of `words` (at most five are used).
   */
  people(tx: Tx, clientId: string, f: { dept?: { path: string; kind: DepartmentRow['kind'] }; words: string[]; limit: number }): Promise<TimelinePerson[]> {
    const conds = [eq(users.clientId, clientId), eq(users.deletionMark, false)];
    if (f.dept)
      conds.push(
        inArray(
          users.id,
          tx
            .select({ id: deptUsers.userId })
            .from(deptUsers)
            .innerJoin(departments, eq(departments.id, deptUsers.deptId))
            .where(and(eq(departments.clientId, clientId), eq(departments.kind, f.dept.kind), sql`${departments.path} LIKE ${`${f.dept.path}%`}`)),
        ),
      );
    for (const word of f.words.slice(0, 5)) {
      const p = `%${escapeLike(word)}%`;
      conds.push(
        sql`(lower(${users.firstName}) LIKE ${p} OR lower(${users.lastName}) LIKE ${p} OR lower(coalesce(${users.middleName}, '')) LIKE ${p} OR lower(coalesce(${users.position}, '')) LIKE ${p})`,
      );
    }
    return tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.avatar,
        position: users.position,
        vacationDays: users.vacationDays,
      })
      .from(users)
      .where(and(...conds))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(f.limit);
  }

  /** The vacations of these employees ending on `since` (YYYY-MM-DD) or later, by start. */
  async ofUsers(tx: Tx, userIds: string[], since: string): Promise<VacationRow[]> {
    if (!userIds.length) return [];
    return tx
      .select()
      .from(vacations)
      .where(and(inArray(vacations.userId, userIds), gte(vacations.end, since)))
      .orderBy(asc(vacations.start));
  }
}
