import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import { coinMovements, employees, moduleVisits, moodAnswers, moodRatings, sessions, type EmployeeRow } from './schema.ts';
import type { MoodCell } from './mood-groups.ts';

const num = (v: unknown) => Number(v ?? 0);
/** Employees active on a day: hired by then and not deactivated before it (the dismissal day is a working day, §9). */
const activeOn = (day: string) => sql`e.superadmin = false AND e.hired_on <= ${day}::date AND (e.deactivated_on IS NULL OR e.deactivated_on >= ${day}::date)`;

/** All the SQL of the analytics domain; every call runs in the tenant transaction the service opened. */
@Injectable()
export class AnalyticsRepository {
  /** Stores reported sessions. */
  async addSessions(tx: Tx, rows: (typeof sessions.$inferInsert)[]): Promise<void> {
    if (rows.length) await tx.insert(sessions).values(rows);
  }

  /** Stores reported module visits. */
  async addVisits(tx: Tx, rows: (typeof moduleVisits.$inferInsert)[]): Promise<void> {
    if (rows.length) await tx.insert(moduleVisits).values(rows);
  }

  /** Sessions per day (UTC) in [from, to]: count, distinct users, total minutes; and distinct users overall. */
  async visitors(tx: Tx, from: string, to: string) {
    const byDay = await queryRows<{ day: string; sessions: unknown; users: unknown; minutes: unknown }>(
      tx,
      sql`SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS sessions, count(DISTINCT user_id) AS users,
            sum(extract(epoch FROM ended_at - started_at)) / 60 AS minutes
          FROM analytics.sessions WHERE started_at >= ${from}::date AND started_at < ${to}::date + 1 GROUP BY 1 ORDER BY 1`,
    );
    const [all] = await queryRows<{ users: unknown }>(
      tx,
      sql`SELECT count(DISTINCT user_id) AS users FROM analytics.sessions WHERE started_at >= ${from}::date AND started_at < ${to}::date + 1`,
    );
    return { byDay: byDay.map((r) => ({ day: r.day, sessions: num(r.sessions), users: num(r.users), minutes: num(r.minutes) })), users: num(all?.users) };
  }

  /** Visits and distinct visitors per module in [from, to], most visited first. */
  async modules(tx: Tx, from: string, to: string) {
    const rows = await queryRows<{ module_name: string; visits: unknown; users: unknown }>(
      tx,
      sql`SELECT module_name, count(*) AS visits, count(DISTINCT user_id) AS users FROM analytics.module_visits
          WHERE at >= ${from}::date AND at < ${to}::date + 1 GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    return rows.map((r) => ({ moduleName: r.module_name, visits: num(r.visits), users: num(r.users) }));
  }

  /** Turnover figures: deactivations in [from, to] and active employees on both days. */
  async turnover(tx: Tx, from: string, to: string) {
    const [r] = await queryRows<{ d: unknown; s: unknown; e: unknown }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE e.superadmin = false AND e.deactivated_on BETWEEN ${from}::date AND ${to}::date) AS d,
            count(*) FILTER (WHERE ${activeOn(from)}) AS s, count(*) FILTER (WHERE ${activeOn(to)}) AS e
          FROM analytics.employees e`,
    );
    return { deactivations: num(r?.d), activeAtStart: num(r?.s), activeAtEnd: num(r?.e) };
  }

  /** Employees active on `day` grouped by a column (position or department); '' for none. */
  async groups(tx: Tx, day: string, column: 'position' | 'department') {
    const col = column === 'position' ? sql`e.position` : sql`e.department`;
    const rows = await queryRows<{ key: string; count: unknown }>(
      tx,
      sql`SELECT coalesce(${col}, '') AS key, count(*) AS count FROM analytics.employees e WHERE ${activeOn(day)} GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    return rows.map((r) => ({ key: r.key, count: num(r.count) }));
  }

  /**
   * §9 demography of employees active on `day`: working-time buckets 0-1, 1-3, 3-5, 5-10, 10+ years and age buckets
   * <20, 20-30, 30-40, 40-50, 50+ (years completed on `day`); filters: working time (months) and department.
   */
  async demography(tx: Tx, day: string, minMonths: number | null, maxMonths: number | null, department: string | null) {
    const months = sql`(extract(year FROM age(${day}::date, coalesce(e.working_since, e.hired_on))) * 12 + extract(month FROM age(${day}::date, coalesce(e.working_since, e.hired_on))))`;
    const years = sql`extract(year FROM age(${day}::date, e.birth_date))`;
    const rows = await queryRows<{ wt: string; ag: string; count: unknown }>(
      tx,
      sql`SELECT CASE WHEN ${months} < 12 THEN '0-1' WHEN ${months} < 36 THEN '1-3' WHEN ${months} < 60 THEN '3-5' WHEN ${months} < 120 THEN '5-10' ELSE '10+' END AS wt,
            CASE WHEN e.birth_date IS NULL THEN 'unknown' WHEN ${years} < 20 THEN '<20' WHEN ${years} < 30 THEN '20-30' WHEN ${years} < 40 THEN '30-40'
                 WHEN ${years} < 50 THEN '40-50' ELSE '50+' END AS ag, count(*) AS count
          FROM analytics.employees e WHERE ${activeOn(day)}
            AND (${minMonths}::int IS NULL OR ${months} >= ${minMonths}::int) AND (${maxMonths}::int IS NULL OR ${months} < ${maxMonths}::int)
            AND (${department}::text IS NULL OR e.department = ${department}::text)
          GROUP BY 1, 2`,
    );
    return rows.map((r) => ({ wt: r.wt, ag: r.ag, count: num(r.count) }));
  }

  /** The projected employee, or undefined. */
  async employee(tx: Tx, id: string): Promise<EmployeeRow | undefined> {
    const [row] = await tx
      .select()
      .from(employees)
      .where(sql`${employees.id} = ${id}`);
    return row;
  }

  /** Upserts the projection row unless a newer event already wrote it. */
  async projectEmployee(tx: Tx, row: typeof employees.$inferInsert): Promise<void> {
    const { id: _id, clientId: _c, ...set } = row;
    await tx
      .insert(employees)
      .values(row)
      .onConflictDoUpdate({ target: employees.id, set, setWhere: sql`${employees.version} <= ${row.version}` });
  }

  /** Records that the user answered in the period; false when already recorded. */
  async markAnswered(tx: Tx, clientId: string, userId: string, periodStart: string): Promise<boolean> {
    const rows = await tx.insert(moodAnswers).values({ clientId, userId, periodStart }).onConflictDoNothing().returning();
    return rows.length > 0;
  }

  /** Whether the user answered in the period. */
  async answered(tx: Tx, userId: string, periodStart: string): Promise<boolean> {
    const rows = await queryRows(tx, sql`SELECT 1 FROM analytics.mood_answers WHERE user_id = ${userId} AND period_start = ${periodStart}::date`);
    return rows.length > 0;
  }

  /** Stores one rating (no user, the period's first day only). */
  async addRating(tx: Tx, row: typeof moodRatings.$inferInsert): Promise<void> {
    await tx.insert(moodRatings).values(row);
  }

  /** Mood ratings in [from, to] by (period, department) cell; optionally one department. */
  async moodCells(tx: Tx, from: string, to: string, department: string | null): Promise<MoodCell[]> {
    const rows = await queryRows<{ day: string; department: string; n: unknown; sum: unknown }>(
      tx,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, coalesce(department, '') AS department, count(*) AS n, sum(rating) AS sum
          FROM analytics.mood_ratings WHERE day BETWEEN ${from}::date AND ${to}::date
            AND (${department}::text IS NULL OR coalesce(department, '') = ${department}::text)
          GROUP BY 1, 2`,
    );
    return rows.map((r) => ({ day: r.day, department: r.department, n: num(r.n), sum: num(r.sum) }));
  }

  /** Stores one coin movement; a redelivered event (same id) adds nothing. */
  async addCoinMovement(tx: Tx, row: typeof coinMovements.$inferInsert): Promise<void> {
    await tx.insert(coinMovements).values(row).onConflictDoNothing();
  }

  /** Coins by day in [from, to]: accrued (accruals less cancellations), spent (purchases), nullified. */
  async coins(tx: Tx, from: string, to: string) {
    const rows = await queryRows<{ day: string; accrued: unknown; spent: unknown; nullified: unknown }>(
      tx,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day,
            coalesce(sum(coins) FILTER (WHERE kind = 'accrual'), 0) - coalesce(sum(coins) FILTER (WHERE kind = 'cancel'), 0) AS accrued,
            coalesce(sum(coins) FILTER (WHERE kind = 'purchase'), 0) AS spent, coalesce(sum(coins) FILTER (WHERE kind = 'nullify'), 0) AS nullified
          FROM analytics.coin_movements WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY 1 ORDER BY 1`,
    );
    return rows.map((r) => ({ day: r.day, accrued: num(r.accrued), spent: num(r.spent), nullified: num(r.nullified) }));
  }
}
