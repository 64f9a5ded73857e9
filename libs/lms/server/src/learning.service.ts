import { Inject, Injectable } from '@nestjs/common';
import { LMS_ERRORS as E, lmsEvents, type Course, type lmsRoutes } from '@intranet/lms-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { randomInt } from 'node:crypto';
import { attemptOver, scoreOf } from './access.ts';
import { CoursesService } from './courses.service.ts';
import { LmsRepository } from './lms.repository.ts';
import { attemptOut, progressOut } from './mapping.ts';
import { LmsPeople } from './people.ts';
import type { AttemptRow, CourseRow, TestRow } from './schema.ts';

type In<K extends keyof typeof lmsRoutes> = RouteInput<(typeof lmsRoutes)[K]>;

/** A copy of `xs` in random order (Fisher–Yates, crypto randomness). */
export function shuffled<T>(xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Learning (§4 Course and Test): lessons in order, timed attempts (the deadline fixed at start and enforced here),
 * scores, the course becoming learned, and the statistics and analytics of LMS administrators.
 */
@Injectable()
export class LearningService {
  constructor(
    private readonly repo: LmsRepository,
    private readonly courses: CoursesService,
    private readonly people: LmsPeople,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /** A published course the caller learns (404 not visible, 400 lmsCourseNotOpen when not published). */
  private async learnable(tx: Tx, caller: Caller, courseId: string, department: string | null): Promise<CourseRow> {
    const { course } = await this.courses.visibleCourse(tx, caller, courseId, department, false, true);
    if (course.status !== 'published') throw Errors.coded(E.lmsCourseNotOpen);
    return course;
  }

  /** Finishes an attempt with its score; writes evt.lms.test.passed and, when the course is now learned, course.learned. */
  private async finish(tx: Tx, caller: Caller, t: TestRow, a: AttemptRow, at: Date): Promise<AttemptRow> {
    const score = scoreOf(t.questions, a.answers);
    const done = await this.repo.updateAttempt(tx, a.id, { finishedAt: at, score });
    await this.outbox.add(tx, lmsEvents.testPassed, caller.clientId, { testId: t.id, courseId: t.courseId, userId: a.userId, score });
    await this.checkLearned(tx, caller, t.courseId, a.userId);
    return done;
  }

  /** Marks the course learned when every lesson is learned and every test passed (once); evt.lms.course.learned. */
  private async checkLearned(tx: Tx, caller: Caller, courseId: string, userId: string) {
    const [ls, ts, p, as, course] = [
      await this.repo.lessonsOf(tx, [courseId]),
      await this.repo.testsOf(tx, [courseId]),
      await this.repo.progressOf(tx, courseId, userId, true),
      await this.repo.courseAttempts(tx, [courseId], userId),
      await this.repo.course(tx, courseId),
    ];
    const out = progressOut(courseId, userId, ls, ts, p, as);
    if (p?.learnedAt || out.lessons_learned.length < ls.length || out.tests.some((x) => !x.passed)) return;
    await this.repo.saveProgress(tx, { clientId: caller.clientId, courseId, userId, lessonsLearned: p?.lessonsLearned ?? [], learnedAt: new Date() });
    await this.outbox.add(tx, lmsEvents.courseLearned, caller.clientId, { courseId, title: course?.title ?? '', userId });
  }

  /** POST api/tests/{course_id}/startTest/{test_id}/for/{user_id}: the running attempt, or a new one while retries are left. */
  async testStart({ params }: In<'testStart'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (params.user_id !== caller.userId) throw Errors.noAccess();
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      await this.learnable(tx, caller, params.course_id, department);
      const t = await this.repo.test(tx, params.test_id);
      if (!t || t.courseId !== params.course_id) throw Errors.notFound();
      const now = new Date();
      const mine = await this.repo.attemptsOf(tx, t.id, caller.userId, true);
      let last = mine[0];
      if (last && !last.finishedAt && attemptOver(last, now)) last = await this.finish(tx, caller, t, last, last.deadline!);
      if (last && !last.finishedAt) return attemptOut(t, last, now, t.retries + 1 - mine.length);
      if (mine.length > t.retries) throw Errors.coded(E.lmsNoRetries);
      const order = (t.shuffle ? shuffled(t.questions) : t.questions).map((q) => ({
        q: q._id,
        a: (t.shuffle ? shuffled(q.answers) : q.answers).map((x) => x._id),
      }));
      const a = await this.repo.insertAttempt(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        testId: t.id,
        courseId: t.courseId,
        userId: caller.userId,
        startedAt: now,
        deadline: t.timeLimit ? new Date(now.getTime() + t.timeLimit * 1000) : null,
        order,
        answers: {},
      });
      return attemptOut(t, a, now, t.retries - mine.length);
    });
  }

  /**
   * POST api/tests/{test_id}/answer { question_id?, answers, finish }: stores one answer of the running attempt and
   * returns the attempt as the server computes it. Errors: 400 lmsNoAttempt, lmsAttemptFinished, lmsNotAnOption;
   * 400 lmsTimeIsUp after the deadline — the attempt is then finished (committed) and the answer not stored.
   */
  async testAnswer({ params, body }: In<'testAnswer'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    const out = await this.db.inTenant(ctx, async (tx) => {
      const t = await this.repo.test(tx, params.test_id);
      if (!t) throw Errors.notFound();
      await this.learnable(tx, caller, t.courseId, department);
      const mine = await this.repo.attemptsOf(tx, t.id, caller.userId, true);
      const a = mine[0];
      if (!a) throw Errors.coded(E.lmsNoAttempt);
      if (a.finishedAt) throw Errors.coded(E.lmsAttemptFinished);
      const now = new Date();
      const left = t.retries + 1 - mine.length;
      if (attemptOver(a, now)) {
        await this.finish(tx, caller, t, a, a.deadline!);
        return { late: true as const };
      }
      let row = a;
      if (body.question_id !== undefined) {
        const q = t.questions.find((x) => x._id === body.question_id);
        if (!q) throw Errors.fieldCoded('question_id', E.lmsNotAnOption);
        const chosen = [...new Set(body.answers)];
        if (chosen.some((id) => !q.answers.some((x) => x._id === id)) || (q.kind === 'single' && chosen.length > 1))
          throw Errors.fieldCoded('answers', E.lmsNotAnOption);
        row = await this.repo.updateAttempt(tx, a.id, { answers: { ...a.answers, [q._id]: chosen } });
      }
      if (body.finish) row = await this.finish(tx, caller, t, row, now);
      return { late: false as const, attempt: attemptOut(t, row, now, left) };
    });
    if (out.late) throw Errors.coded(E.lmsTimeIsUp);
    return out.attempt;
  }

  /** PUT api/course_progress/learn { course_id, lesson_id }: lessons in order. Errors: 400 lmsLessonOrder. */
  async progressLearn({ body }: In<'progressLearn'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      await this.learnable(tx, caller, body.course_id, department);
      const ls = await this.repo.lessonsOf(tx, [body.course_id]);
      const at = ls.findIndex((l) => l.id === body.lesson_id);
      if (at < 0) throw Errors.notFound();
      const p = await this.repo.progressOf(tx, body.course_id, caller.userId, true);
      const learned = new Set(p?.lessonsLearned ?? []);
      if (ls.slice(0, at).some((l) => !learned.has(l.id))) throw Errors.fieldCoded('lesson_id', E.lmsLessonOrder);
      if (!learned.has(body.lesson_id)) {
        await this.repo.saveProgress(tx, {
          clientId: caller.clientId,
          courseId: body.course_id,
          userId: caller.userId,
          lessonsLearned: [...learned, body.lesson_id],
          learnedAt: p?.learnedAt ?? null,
        });
        await this.checkLearned(tx, caller, body.course_id, caller.userId);
      }
      return this.progressOf(tx, body.course_id, caller.userId);
    });
  }

  private async progressOf(tx: Tx, courseId: string, userId: string) {
    const [ls, ts, p, as] = [
      await this.repo.lessonsOf(tx, [courseId]),
      await this.repo.testsOf(tx, [courseId]),
      await this.repo.progressOf(tx, courseId, userId),
      await this.repo.courseAttempts(tx, [courseId], userId),
    ];
    return progressOut(courseId, userId, ls, ts, p, as);
  }

  /** GET api/course_progress/progress/{course_id}/{user_id}: the learner themself or LMS administrators. */
  async progressGet({ params }: In<'progressGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const { manage } = await this.courses.visibleCourse(tx, caller, params.course_id, department);
      if (!manage && params.user_id !== caller.userId) throw Errors.coded(E.lmsAdminsOnly);
      return this.progressOf(tx, params.course_id, params.user_id);
    });
  }

  /** GET api/tests/{test_id}/stat: finished attempts (everyone's for LMS administrators, else the caller's). */
  async testStat({ params }: In<'testStat'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.repo.test(tx, params.test_id);
      if (!t) throw Errors.notFound();
      const { manage } = await this.courses.visibleCourse(tx, caller, t.courseId, department);
      const rows = await this.repo.finishedAttempts(tx, t.id, manage ? undefined : caller.userId);
      const data = rows.map((a) => ({ user_id: a.userId, score: a.score ?? 0, finished_at: a.finishedAt!.toISOString() }));
      return { data, passed: data.length > 0 };
    });
  }

  /** GET api/lessons/{id}/stat (LMS administrators). */
  async lessonStat({ params }: In<'lessonStat'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const l = await this.repo.lesson(tx, params.id);
      if (!l) throw Errors.notFound();
      await this.courses.managedCourse(tx, caller, l.courseId);
      const users = (await this.repo.progressRows(tx, { courseIds: [l.courseId] })).filter((p) => p.lessonsLearned.includes(l.id)).map((p) => p.userId);
      return { learned: users.length, users };
    });
  }

  /** GET api/course_progress/{id}/dashboard (LMS administrators): a course's learners by status. */
  async progressDashboard({ params }: In<'progressDashboard'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const c = await this.courses.managedCourse(tx, caller, params.id);
      const { learners } = await this.courses.membersOut(tx, c);
      const n = (s: string) => learners.filter((l) => l.status === s).length;
      return { course_id: c.id, learners, not_started: n('not_started'), in_progress: n('in_progress'), learned: n('learned') };
    });
  }

  /** GET api/courses/analytics/{client_id}?user_id (LMS administrators): per course counts, or one learner's courses. */
  async courseAnalytics({ params, query }: In<'courseAnalytics'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (params.client_id !== caller.clientId) throw Errors.notFound();
    return this.db.inTenant(ctx, async (tx) => {
      await this.courses.requireLmsAdmin(tx, caller);
      const all = await this.repo.allCourses(tx);
      const counts = await this.repo.progressCounts(tx);
      const courses = all.map((c) => {
        const k = counts.get(c.id) ?? { users: 0, learned: 0, started: 0 };
        const appointedOnly = c.memberUsers.length > k.users ? c.memberUsers.length - k.users : 0;
        return {
          course_id: c.id,
          title: c.title,
          status: c.status as Course['status'],
          learners: k.users + appointedOnly,
          not_started: appointedOnly,
          in_progress: k.started,
          learned: k.learned,
        };
      });
      let user = null;
      if (query.user_id) {
        const uid = query.user_id;
        const ps = await this.repo.progressRows(tx, { userId: uid });
        const ids = [...new Set([...ps.map((p) => p.courseId), ...all.filter((c) => c.memberUsers.includes(uid)).map((c) => c.id)])];
        const [ls, ts, as] = [await this.repo.lessonsOf(tx, ids), await this.repo.testsOf(tx, ids), await this.repo.courseAttempts(tx, ids, uid)];
        user = ids.map((id) => ({
          ...progressOut(
            id,
            uid,
            ls.filter((l) => l.courseId === id),
            ts.filter((t) => t.courseId === id),
            ps.find((p) => p.courseId === id),
            as,
          ),
          title: all.find((c) => c.id === id)?.title ?? '',
        }));
      }
      return { courses, user };
    });
  }
}
