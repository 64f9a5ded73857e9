import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import {
  attempts,
  courses,
  idps,
  lessons,
  lmsAdmins,
  progress,
  tests,
  type AttemptRow,
  type CourseRow,
  type IdpRow,
  type LessonRow,
  type ProgressRow,
  type TestRow,
} from './schema.ts';

/**
 * All the SQL of the lms domain (Drizzle). Every call runs inside the tenant transaction the service opened
 * (`db.inTenant`): row-level security keeps it to one client, so another client's row reads as absent.
 */
@Injectable()
export class LmsRepository {
  /** The LMS administrators' user ids. */
  async admins(tx: Tx): Promise<string[]> {
    return (await tx.select({ u: lmsAdmins.userId }).from(lmsAdmins)).map((r) => r.u);
  }

  /** Replaces the LMS administrators. */
  async setAdmins(tx: Tx, clientId: string, ids: string[]): Promise<void> {
    // Two replacements at once (PostgreSQL, READ COMMITTED) would both insert the same rows: one at a time per client.
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`lms.admins:${clientId}`}))`);
    await tx.delete(lmsAdmins);
    if (ids.length) await tx.insert(lmsAdmins).values(ids.map((userId) => ({ clientId, userId })));
  }

  /** A page of courses matching `where`, newest first, and their total. */
  async coursePage(tx: Tx, f: { search?: string; status?: string; visibleTo?: { userId: string; department: string | null } }, offset: number, limit: number) {
    const conds: SQL[] = [];
    if (f.search) conds.push(ilike(courses.title, `%${f.search.replace(/[\\%_]/g, '\\$&')}%`));
    if (f.status) conds.push(eq(courses.status, f.status));
    if (f.visibleTo) {
      const { userId, department } = f.visibleTo;
      conds.push(eq(courses.status, 'published'));
      const member = [eq(courses.isPublic, true), sql`${courses.memberUsers} @> ${JSON.stringify([userId])}::jsonb`];
      if (department) member.push(sql`${courses.memberDepartments} @> ${JSON.stringify([department])}::jsonb`);
      conds.push(or(...member)!);
    }
    const where = conds.length ? and(...conds) : undefined;
    const rows = await tx.select().from(courses).where(where).orderBy(desc(courses.createdAt), desc(courses.id)).limit(limit).offset(offset);
    const [{ n }] = await tx.select({ n: count() }).from(courses).where(where);
    return { rows, total: Number(n) };
  }

  async allCourses(tx: Tx): Promise<CourseRow[]> {
    return tx.select().from(courses).orderBy(desc(courses.createdAt));
  }

  async course(tx: Tx, id: string, lock = false): Promise<CourseRow | undefined> {
    const q = tx.select().from(courses).where(eq(courses.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  /**
   * The course as one learner's checks need it: its member lists cut down to that learner's own entries (the user,
   * the department) in SQL, so a course appointed to 10,000 people is not read whole on every answer.
   */
  async courseForLearner(tx: Tx, id: string, userId: string, department: string | null): Promise<CourseRow | undefined> {
    const [row] = await tx
      .select({
        ...getTableColumns(courses),
        memberUsers: sql<
          string[]
        >`CASE WHEN ${courses.memberUsers} @> jsonb_build_array(${userId}::text) THEN jsonb_build_array(${userId}::text) ELSE '[]'::jsonb END`,
        memberDepartments: sql<
          string[]
        >`CASE WHEN ${department}::text IS NOT NULL AND ${courses.memberDepartments} @> jsonb_build_array(${department}::text) THEN jsonb_build_array(${department}::text) ELSE '[]'::jsonb END`,
      })
      .from(courses)
      .where(eq(courses.id, id));
    return row;
  }

  async insertCourse(tx: Tx, row: typeof courses.$inferInsert): Promise<CourseRow> {
    return (await tx.insert(courses).values(row).returning())[0]!;
  }

  async updateCourse(tx: Tx, id: string, patch: Partial<typeof courses.$inferInsert>): Promise<CourseRow> {
    // A PUT that names no field changes nothing (drizzle refuses an empty SET).
    if (!Object.keys(patch).length) return (await tx.select().from(courses).where(eq(courses.id, id)))[0]!;
    return (await tx.update(courses).set(patch).where(eq(courses.id, id)).returning())[0]!;
  }

  /** Deletes a course with its lessons, tests, attempts and progress. */
  async deleteCourse(tx: Tx, id: string): Promise<void> {
    await tx.delete(attempts).where(eq(attempts.courseId, id));
    await tx.delete(progress).where(eq(progress.courseId, id));
    await tx.delete(tests).where(eq(tests.courseId, id));
    await tx.delete(lessons).where(eq(lessons.courseId, id));
    await tx.delete(courses).where(eq(courses.id, id));
  }

  /** The lessons of courses in order. */
  async lessonsOf(tx: Tx, courseIds: string[]): Promise<LessonRow[]> {
    if (!courseIds.length) return [];
    return tx.select().from(lessons).where(inArray(lessons.courseId, courseIds)).orderBy(asc(lessons.position), asc(lessons.id));
  }

  async lesson(tx: Tx, id: string): Promise<LessonRow | undefined> {
    return (await tx.select().from(lessons).where(eq(lessons.id, id)))[0];
  }

  async insertLesson(tx: Tx, row: typeof lessons.$inferInsert): Promise<LessonRow> {
    return (await tx.insert(lessons).values(row).returning())[0]!;
  }

  async updateLesson(tx: Tx, id: string, patch: Partial<typeof lessons.$inferInsert>): Promise<LessonRow> {
    // A PUT that names no field changes nothing (drizzle refuses an empty SET).
    if (!Object.keys(patch).length) return (await tx.select().from(lessons).where(eq(lessons.id, id)))[0]!;
    return (await tx.update(lessons).set(patch).where(eq(lessons.id, id)).returning())[0]!;
  }

  async deleteLesson(tx: Tx, id: string): Promise<void> {
    await tx.delete(lessons).where(eq(lessons.id, id));
  }

  /** The tests of courses in order. */
  async testsOf(tx: Tx, courseIds: string[]): Promise<TestRow[]> {
    if (!courseIds.length) return [];
    return tx.select().from(tests).where(inArray(tests.courseId, courseIds)).orderBy(asc(tests.position), asc(tests.id));
  }

  async test(tx: Tx, id: string, lock = false): Promise<TestRow | undefined> {
    const q = tx.select().from(tests).where(eq(tests.id, id));
    return (lock ? await q.for('update') : await q)[0];
  }

  async insertTest(tx: Tx, row: typeof tests.$inferInsert): Promise<TestRow> {
    return (await tx.insert(tests).values(row).returning())[0]!;
  }

  async updateTest(tx: Tx, id: string, patch: Partial<typeof tests.$inferInsert>): Promise<TestRow> {
    // A PUT that names no field changes nothing (drizzle refuses an empty SET).
    if (!Object.keys(patch).length) return (await tx.select().from(tests).where(eq(tests.id, id)))[0]!;
    return (await tx.update(tests).set(patch).where(eq(tests.id, id)).returning())[0]!;
  }

  async deleteTest(tx: Tx, id: string): Promise<void> {
    await tx.delete(attempts).where(eq(attempts.testId, id));
    await tx.delete(tests).where(eq(tests.id, id));
  }

  /** Attempts of a test: all of them (started ones count as passes for editing), finished ones by test. */
  async attemptCounts(tx: Tx, testIds: string[]): Promise<Map<string, { all: number; finished: number }>> {
    if (!testIds.length) return new Map();
    const rows = await tx
      .select({ t: attempts.testId, all: count(), finished: count(attempts.finishedAt) })
      .from(attempts)
      .where(inArray(attempts.testId, testIds))
      .groupBy(attempts.testId);
    return new Map(rows.map((r) => [r.t, { all: Number(r.all), finished: Number(r.finished) }]));
  }

  /** A user's attempts at a test, newest first (locked for the answer path). */
  async attemptsOf(tx: Tx, testId: string, userId: string, lock = false): Promise<AttemptRow[]> {
    const q = tx
      .select()
      .from(attempts)
      .where(and(eq(attempts.testId, testId), eq(attempts.userId, userId)))
      .orderBy(desc(attempts.startedAt), desc(attempts.id));
    return lock ? q.for('update') : q;
  }

  /** A user's attempts in a course (or every learner's when userId is null). */
  async courseAttempts(tx: Tx, courseIds: string[], userId: string | null): Promise<AttemptRow[]> {
    if (!courseIds.length) return [];
    const c = inArray(attempts.courseId, courseIds);
    return tx
      .select()
      .from(attempts)
      .where(userId ? and(c, eq(attempts.userId, userId)) : c);
  }

  /** The finished attempts of a test (optionally one user's). */
  async finishedAttempts(tx: Tx, testId: string, userId?: string): Promise<AttemptRow[]> {
    const c = and(eq(attempts.testId, testId), isNotNull(attempts.finishedAt), userId ? eq(attempts.userId, userId) : undefined);
    return tx.select().from(attempts).where(c).orderBy(desc(attempts.finishedAt));
  }

  async insertAttempt(tx: Tx, row: typeof attempts.$inferInsert): Promise<AttemptRow> {
    return (await tx.insert(attempts).values(row).returning())[0]!;
  }

  async updateAttempt(tx: Tx, id: string, patch: Partial<typeof attempts.$inferInsert>): Promise<AttemptRow> {
    // A PUT that names no field changes nothing (drizzle refuses an empty SET).
    if (!Object.keys(patch).length) return (await tx.select().from(attempts).where(eq(attempts.id, id)))[0]!;
    return (await tx.update(attempts).set(patch).where(eq(attempts.id, id)).returning())[0]!;
  }

  /** A learner's progress row in a course. */
  async progressOf(tx: Tx, courseId: string, userId: string, lock = false): Promise<ProgressRow | undefined> {
    const q = tx
      .select()
      .from(progress)
      .where(and(eq(progress.courseId, courseId), eq(progress.userId, userId)));
    return (lock ? await q.for('update') : await q)[0];
  }

  /** Progress rows of courses (every learner) or of one user in every course. */
  async progressRows(tx: Tx, f: { courseIds?: string[]; userId?: string }): Promise<ProgressRow[]> {
    const conds: SQL[] = [];
    if (f.courseIds) {
      if (!f.courseIds.length) return [];
      conds.push(inArray(progress.courseId, f.courseIds));
    }
    if (f.userId) conds.push(eq(progress.userId, f.userId));
    return tx
      .select()
      .from(progress)
      .where(and(...conds));
  }

  /** Inserts or replaces a learner's progress. */
  async saveProgress(tx: Tx, row: typeof progress.$inferInsert): Promise<ProgressRow> {
    const [saved] = await tx
      .insert(progress)
      .values(row)
      .onConflictDoUpdate({
        target: [progress.courseId, progress.userId],
        set: { lessonsLearned: row.lessonsLearned, learnedAt: row.learnedAt, updatedAt: new Date() },
      })
      .returning();
    return saved!;
  }

  /** Per course: learners by status (learned, in progress) from the progress rows — one grouped read. */
  async progressCounts(tx: Tx): Promise<Map<string, { learned: number; started: number; users: number }>> {
    const rows = await tx
      .select({ c: progress.courseId, users: count(), learned: count(progress.learnedAt) })
      .from(progress)
      .groupBy(progress.courseId);
    return new Map(rows.map((r) => [r.c, { users: Number(r.users), learned: Number(r.learned), started: Number(r.users) - Number(r.learned) }]));
  }

  /** Plans the caller sees (null: every plan of the client), optionally one employee's, newest first, paged. */
  async idpPage(tx: Tx, f: { seer: string | null; employee?: string; status?: string }, offset: number, limit: number) {
    const conds: SQL[] = [];
    if (f.seer) conds.push(or(eq(idps.employee, f.seer), eq(idps.creator, f.seer), eq(idps.observer, f.seer))!);
    if (f.employee) conds.push(eq(idps.employee, f.employee));
    if (f.status) conds.push(eq(idps.status, f.status));
    const where = conds.length ? and(...conds) : undefined;
    const rows = await tx.select().from(idps).where(where).orderBy(desc(idps.createdAt), desc(idps.id)).limit(limit).offset(offset);
    const [{ n }] = await tx.select({ n: count() }).from(idps).where(where);
    return { rows, total: Number(n) };
  }

  async idp(tx: Tx, id: string, lock = false): Promise<IdpRow | undefined> {
    const q = tx.select().from(idps).where(eq(idps.id, id));
    return (lock ? await q.for('update') : await q)[0];
  }

  async insertIdp(tx: Tx, row: typeof idps.$inferInsert): Promise<IdpRow> {
    return (await tx.insert(idps).values(row).returning())[0]!;
  }

  async updateIdp(tx: Tx, id: string, patch: Partial<typeof idps.$inferInsert>): Promise<IdpRow> {
    // A PUT that names no field changes nothing (drizzle refuses an empty SET).
    if (!Object.keys(patch).length) return (await tx.select().from(idps).where(eq(idps.id, id)))[0]!;
    return (await tx.update(idps).set(patch).where(eq(idps.id, id)).returning())[0]!;
  }

  async deleteIdp(tx: Tx, id: string): Promise<void> {
    await tx.delete(idps).where(eq(idps.id, id));
  }
}
