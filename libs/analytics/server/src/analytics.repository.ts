import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import {
  adaptations,
  coinMovements,
  employees,
  MODULE_DAY_SLOTS,
  moduleVisits,
  moodAnswers,
  moodRatings,
  moodSettings,
  sessions,
  type EmployeeRow,
} from './schema.ts';
import type { MoodCell } from './mood-groups.ts';
import { isoDay, YEAR_BITS, yearMasks } from './period.ts';

const num = (v: unknown) => Number(v ?? 0);
/** The day-of-year bits of the `day` column's rows, OR-ed (bit n - 1 for day-of-year n): `session_year_users.days`. */
const DAY_BITS = sql.raw(`bit_or(set_bit(0::bit(${YEAR_BITS}), extract(doy FROM day)::int - 1, 1))`);
/** Employees active on a day: hired by then and not deactivated before it (the dismissal day is a working day, §9). */
const activeOn = (day: string) => sql`e.superadmin = false AND e.hired_on <= ${day}::date AND (e.deactivated_on IS NULL OR e.deactivated_on >= ${day}::date)`;

/** All the SQL of the analytics domain; every call runs in the tenant transaction the service opened. */
@Injectable()
export class AnalyticsRepository {
  /**
   * Stores reported sessions and adds them to the daily rollup (`session_days`, by the UTC day each started; a user
   * counts once a day through `session_day_users`, whose new rows set the user's day bits in `session_year_users`), in
   * the caller's transaction. Rows are folded in key order, so
   * concurrent reports never deadlock on the rollup.
   */
  async addSessions(tx: Tx, rows: (typeof sessions.$inferInsert)[]): Promise<void> {
    if (!rows.length) return;
    await tx.insert(sessions).values(rows);
    const groups = new Map<string, { clientId: string; day: string; userId: string; n: number; minutes: number }>();
    for (const r of rows) {
      const day = isoDay(r.startedAt);
      const key = `${r.clientId}|${day}|${r.userId}`;
      const g = groups.get(key) ?? { clientId: r.clientId, day, userId: r.userId, n: 0, minutes: 0 };
      g.n += 1;
      g.minutes += (r.endedAt.getTime() - r.startedAt.getTime()) / 60_000;
      groups.set(key, g);
    }
    const values = sql.join(
      [...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, g]) => sql`(${g.clientId}::uuid, ${g.day}::date, ${g.userId}::uuid, ${g.n}::int, ${g.minutes}::float8)`),
      sql`, `,
    );
    await tx.execute(sql`WITH v (client_id, day, user_id, n, minutes) AS (VALUES ${values}),
      fresh AS (INSERT INTO analytics.session_day_users (client_id, day, user_id) SELECT client_id, day, user_id FROM v
                ON CONFLICT DO NOTHING RETURNING client_id, day, user_id),
      years AS (INSERT INTO analytics.session_year_users (client_id, year, user_id, days)
                SELECT client_id, extract(year FROM day)::int, user_id, ${DAY_BITS} FROM fresh GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
                ON CONFLICT (client_id, year, user_id) DO UPDATE SET days = session_year_users.days | excluded.days)
      INSERT INTO analytics.session_days (client_id, day, sessions, minutes, users)
      SELECT v.client_id, v.day, sum(v.n), sum(v.minutes), count(f.user_id) FROM v LEFT JOIN fresh f USING (client_id, day, user_id)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (client_id, day) DO UPDATE SET sessions = session_days.sessions + excluded.sessions,
        minutes = session_days.minutes + excluded.minutes, users = session_days.users + excluded.users`);
  }

  /**
   * Stores reported module visits and adds them to the daily rollup (`module_days`, by UTC day and module, in one
   * random slot row of each; a visitor counts once a day and module through `module_day_users`), in the caller's
   * transaction, folded in key order.
   */
  async addVisits(tx: Tx, rows: (typeof moduleVisits.$inferInsert)[]): Promise<void> {
    if (!rows.length) return;
    await tx.insert(moduleVisits).values(rows);
    // One random slot for the whole report: its rows are still locked in key order, and concurrent reports mostly
    // update other slot rows of the same module-day instead of waiting for each other's commit.
    const slot = randomInt(MODULE_DAY_SLOTS);
    const groups = new Map<string, { clientId: string; day: string; moduleName: string; userId: string; n: number }>();
    for (const r of rows) {
      const day = isoDay(r.at);
      const key = `${r.clientId}|${day}|${r.moduleName}|${r.userId}`;
      const g = groups.get(key) ?? { clientId: r.clientId, day, moduleName: r.moduleName, userId: r.userId, n: 0 };
      g.n += 1;
      groups.set(key, g);
    }
    const values = sql.join(
      [...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, g]) => sql`(${g.clientId}::uuid, ${g.day}::date, ${g.moduleName}::text, ${g.userId}::uuid, ${g.n}::int)`),
      sql`, `,
    );
    await tx.execute(sql`WITH v (client_id, day, module_name, user_id, n) AS (VALUES ${values}),
      fresh AS (INSERT INTO analytics.module_day_users (client_id, day, module_name, user_id) SELECT client_id, day, module_name, user_id FROM v
                ON CONFLICT DO NOTHING RETURNING client_id, day, module_name, user_id)
      INSERT INTO analytics.module_days (client_id, day, module_name, slot, visits, visitors)
      SELECT v.client_id, v.day, v.module_name, ${slot}::smallint, sum(v.n), count(f.user_id) FROM v LEFT JOIN fresh f USING (client_id, day, module_name, user_id)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (client_id, day, module_name, slot) DO UPDATE SET visits = module_days.visits + excluded.visits,
        visitors = module_days.visitors + excluded.visitors`);
  }

  /**
   * Rebuilds the caller's client's daily rollups (`session_days`, `session_day_users`, `session_year_users`,
   * `module_days`, `module_day_users`) from the stored sessions and visits: what migration 0004 did for every client, and what the
   * rebuild spec compares with the rollups kept live.
   */
  async rebuildRollups(tx: Tx): Promise<void> {
    for (const t of ['module_days', 'module_day_users', 'session_days', 'session_day_users', 'session_year_users'])
      await tx.execute(sql.raw(`DELETE FROM analytics.${t}`));
    await tx.execute(sql`INSERT INTO analytics.module_day_users (client_id, day, module_name, user_id)
      SELECT DISTINCT client_id, (at AT TIME ZONE 'UTC')::date, module_name, user_id FROM analytics.module_visits`);
    await tx.execute(sql`INSERT INTO analytics.module_days (client_id, day, module_name, visits, visitors)
      SELECT client_id, (at AT TIME ZONE 'UTC')::date, module_name, count(*), count(DISTINCT user_id) FROM analytics.module_visits GROUP BY 1, 2, 3`);
    await tx.execute(sql`INSERT INTO analytics.session_day_users (client_id, day, user_id)
      SELECT DISTINCT client_id, (started_at AT TIME ZONE 'UTC')::date, user_id FROM analytics.sessions`);
    await tx.execute(sql`INSERT INTO analytics.session_year_users (client_id, year, user_id, days)
      SELECT client_id, extract(year FROM day)::int, user_id, ${DAY_BITS} FROM analytics.session_day_users GROUP BY 1, 2, 3`);
    await tx.execute(sql`INSERT INTO analytics.session_days (client_id, day, sessions, minutes, users)
      SELECT client_id, (started_at AT TIME ZONE 'UTC')::date, count(*), coalesce(sum(extract(epoch FROM ended_at - started_at)) / 60, 0), count(DISTINCT user_id)
      FROM analytics.sessions GROUP BY 1, 2`);
  }

  /**
   * Sessions per UTC day in [from, to] (count, distinct users, total minutes) from the daily rollup, and the distinct
   * users of the whole period from the per-year day bitmaps.
   */
  async visitors(tx: Tx, from: string, to: string) {
    const byDay = await queryRows<{ day: string; sessions: unknown; users: unknown; minutes: unknown }>(
      tx,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sessions, users, minutes FROM analytics.session_days
          WHERE day BETWEEN ${from}::date AND ${to}::date ORDER BY day`,
    );
    // One row per user and year: within a year a plain count, across years a DISTINCT over those rows only.
    const meets = yearMasks(from, to).map(
      ({ year, mask }) => sql`(year = ${year}::int AND (days & ${mask}::bit(${sql.raw(String(YEAR_BITS))})) <> 0::bit(${sql.raw(String(YEAR_BITS))}))`,
    );
    const [all] = await queryRows<{ users: unknown }>(
      tx,
      meets.length === 1
        ? sql`SELECT count(*) AS users FROM analytics.session_year_users WHERE ${meets[0]}`
        : sql`SELECT count(DISTINCT user_id) AS users FROM analytics.session_year_users WHERE ${sql.join(meets, sql` OR `)}`,
    );
    return { byDay: byDay.map((r) => ({ day: r.day, sessions: num(r.sessions), users: num(r.users), minutes: num(r.minutes) })), users: num(all?.users) };
  }

  /**
   * Visits and visitor-days (a person counted once a day) per module in [from, to], most visited first, from the
   * daily rollup (a few slot rows a day and module, whatever the number of visits).
   */
  async modules(tx: Tx, from: string, to: string) {
    const rows = await queryRows<{ module_name: string; visits: unknown; visitors: unknown }>(
      tx,
      sql`SELECT module_name, sum(visits) AS visits, sum(visitors) AS visitors FROM analytics.module_days
          WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    return rows.map((r) => ({ moduleName: r.module_name, visits: num(r.visits), visitorDays: num(r.visitors) }));
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
   * <20, 20-30, 30-40, 40-50, 50+ (years completed on `day`); filters: working time (months) and department. Each
   * edge is one date comparison (started after `day` − 1 year ⇔ under a year completed), so 100,000 employees take
   * a plain scan, no per-row age().
   */
  async demography(tx: Tx, day: string, minMonths: number | null, maxMonths: number | null, department: string | null) {
    const since = sql`coalesce(e.working_since, e.hired_on)`;
    const back = (n: number, unit: 'year' | 'month') => sql`(${day}::date - ${`${n} ${unit}`}::interval)`;
    const rows = await queryRows<{ wt: string; ag: string; count: unknown }>(
      tx,
      sql`SELECT CASE WHEN ${since} > ${back(1, 'year')} THEN '0-1' WHEN ${since} > ${back(3, 'year')} THEN '1-3' WHEN ${since} > ${back(5, 'year')} THEN '3-5'
                 WHEN ${since} > ${back(10, 'year')} THEN '5-10' ELSE '10+' END AS wt,
            CASE WHEN e.birth_date IS NULL THEN 'unknown' WHEN e.birth_date > ${back(20, 'year')} THEN '<20' WHEN e.birth_date > ${back(30, 'year')} THEN '20-30'
                 WHEN e.birth_date > ${back(40, 'year')} THEN '30-40' WHEN e.birth_date > ${back(50, 'year')} THEN '40-50' ELSE '50+' END AS ag, count(*) AS count
          FROM analytics.employees e WHERE ${activeOn(day)}
            AND (${minMonths}::int IS NULL OR ${since} <= ${day}::date - make_interval(months => ${minMonths}::int))
            AND (${maxMonths}::int IS NULL OR ${since} > ${day}::date - make_interval(months => ${maxMonths}::int))
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

  /** The client's mood analysis period in weeks (1 without a setting). */
  async moodPeriodWeeks(tx: Tx): Promise<1 | 2> {
    const [row] = await tx.select().from(moodSettings);
    return row?.periodWeeks === 2 ? 2 : 1;
  }

  /** Sets the client's mood analysis period. */
  async setMoodPeriodWeeks(tx: Tx, clientId: string, periodWeeks: 1 | 2): Promise<void> {
    await tx.insert(moodSettings).values({ clientId, periodWeeks }).onConflictDoUpdate({ target: moodSettings.clientId, set: { periodWeeks } });
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

  /**
   * Stores one coin movement and adds it to the daily rollup (`coin_days`), in the caller's transaction; a redelivered
   * event (same id) adds nothing to either.
   */
  async addCoinMovement(tx: Tx, row: typeof coinMovements.$inferInsert): Promise<void> {
    const fresh = await tx.insert(coinMovements).values(row).onConflictDoNothing().returning({ id: coinMovements.id });
    if (!fresh.length) return;
    const col = sql.raw(row.kind);
    await tx.execute(sql`INSERT INTO analytics.coin_days (client_id, day, ${col}) VALUES (${row.clientId}::uuid, ${row.day}::date, ${row.coins}::float8)
      ON CONFLICT (client_id, day) DO UPDATE SET ${col} = coin_days.${col} + excluded.${col}`);
  }

  /** Coins by day in [from, to] from the daily rollup: accrued (accruals less cancellations), spent (purchases), nullified. */
  async coins(tx: Tx, from: string, to: string) {
    const rows = await queryRows<{ day: string; accrued: unknown; spent: unknown; nullified: unknown }>(
      tx,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, accrual - cancel AS accrued, purchase AS spent, nullify AS nullified
          FROM analytics.coin_days WHERE day BETWEEN ${from}::date AND ${to}::date ORDER BY 1`,
    );
    return rows.map((r) => ({ day: r.day, accrued: num(r.accrued), spent: num(r.spent), nullified: num(r.nullified) }));
  }

  /** Adds (or, redelivered, resets) a started adaptation. */
  async startAdaptation(tx: Tx, row: typeof adaptations.$inferInsert): Promise<void> {
    const { id: _id, clientId: _c, ...set } = row;
    await tx.insert(adaptations).values(row).onConflictDoUpdate({ target: adaptations.id, set });
  }

  /** Sets an adaptation's finish or probation day (an unknown adaptation: nothing). */
  async markAdaptation(tx: Tx, id: string, set: { finishedOn?: string | null; probationOn?: string }): Promise<void> {
    await tx
      .update(adaptations)
      .set(set)
      .where(sql`${adaptations.id} = ${id}`);
  }

  /** Deletes a removed adaptation. */
  async removeAdaptation(tx: Tx, id: string): Promise<void> {
    await tx.delete(adaptations).where(sql`${adaptations.id} = ${id}`);
  }

  /**
   * Adaptations started, finished and passing probation in [from, to], and those in progress on `to` (started by
   * then and not finished by then).
   */
  async adaptations(tx: Tx, from: string, to: string) {
    const [r] = await queryRows<{ s: unknown; f: unknown; p: unknown; i: unknown }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE started_on BETWEEN ${from}::date AND ${to}::date) AS s,
            count(*) FILTER (WHERE finished_on BETWEEN ${from}::date AND ${to}::date) AS f,
            count(*) FILTER (WHERE probation_on BETWEEN ${from}::date AND ${to}::date) AS p,
            count(*) FILTER (WHERE started_on <= ${to}::date AND (finished_on IS NULL OR finished_on > ${to}::date)) AS i
          FROM analytics.adaptations`,
    );
    return { started: num(r?.s), finished: num(r?.f), probationPassed: num(r?.p), inProgress: num(r?.i) };
  }
}
