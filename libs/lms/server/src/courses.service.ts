import { Inject, Injectable } from '@nestjs/common';
import { LMS_ERRORS as E, lmsEvents, type lmsRoutes, type QuestionInput } from '@intranet/lms-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { sanitizeMessage } from '@intranet/platform-contracts/sanitize';
import { pageWindow, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors, fieldOf, type FieldErrorInput } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Config } from '@intranet/platform-config';
import type { Outbox } from '@intranet/platform-outbox';
import { fileSigner, type FileSigner, type Storage } from '@intranet/platform-storage';
import { randomBytes } from 'node:crypto';
import { canSeeCourse, isLmsAdmin } from './access.ts';
import { LmsRepository } from './lms.repository.ts';
import { courseOut, lessonOut, progressOut, testOut } from './mapping.ts';
import { storedLessonFiles } from './lesson-files.ts';
import { appointees, LmsPeople } from './people.ts';
import type { CourseRow, StoredQuestion, TestRow } from './schema.ts';

type In<K extends keyof typeof lmsRoutes> = RouteInput<(typeof lmsRoutes)[K]>;
const shortId = () => randomBytes(6).toString('base64url');

/** §5 Test rules on questions: text and answers non-empty, at least one right answer (exactly one for single choice). */
export function questionIssues(qs: QuestionInput[], prefix = 'questions'): FieldErrorInput[] {
  const out: FieldErrorInput[] = [];
  qs.forEach((q, i) => {
    const at = prefix ? `${prefix}.${i}` : '';
    const f = (x: string) => (at ? `${at}.${x}` : x);
    if (!q.text.trim()) out.push(fieldOf(f('text'), E.lmsQuestionEmpty));
    if (q.answers.length < 2) out.push(fieldOf(f('answers'), E.lmsAnswersRequired));
    q.answers.forEach((a, j) => {
      if (!a.text.trim()) out.push(fieldOf(f(`answers.${j}.text`), E.lmsAnswerEmpty));
    });
    const right = q.answers.filter((a) => a.right).length;
    if (!right) out.push(fieldOf(f('answers'), E.lmsRightAnswerRequired));
    else if (q.kind === 'single' && right > 1) out.push(fieldOf(f('answers'), E.lmsSingleOneRight));
  });
  return out;
}

/** Questions as stored: ids kept when given and unique, new ones for the rest; texts trimmed. */
export function storeQuestions(qs: QuestionInput[]): StoredQuestion[] {
  const seen = new Set<string>();
  const fresh = (id?: string) => {
    let v = id && /^[A-Za-z0-9_-]{1,40}$/.test(id) && !seen.has(id) ? id : shortId();
    while (seen.has(v)) v = shortId();
    seen.add(v);
    return v;
  };
  return qs.map((q) => ({
    _id: fresh(q._id),
    text: q.text.trim(),
    kind: q.kind,
    answers: q.answers.map((a) => ({ _id: fresh(a._id), text: a.text.trim(), right: a.right })),
  }));
}

/**
 * Building courses (§3 Course, lessons, tests; §6 LMS administrators): the LMS administrators' list, the generic
 * module calls of `course`, `lesson` and `test`, members and questions. Each change is one tenant transaction with
 * its events in the outbox.
 */
@Injectable()
export class CoursesService {
  /** Signs lesson attachments' storage keys into download URLs (the gateway checks the same secret). */
  private readonly sign: FileSigner;

  constructor(
    private readonly repo: LmsRepository,
    private readonly people: LmsPeople,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.config) config: Config,
  ) {
    this.sign = fileSigner(config.JWT_SECRET);
  }

  /** Whether the caller is an LMS administrator (inside the caller's transaction). */
  async lmsAdmin(tx: Tx, caller: Caller): Promise<boolean> {
    return caller.admin || isLmsAdmin(caller, await this.repo.admins(tx));
  }

  /** Refuses 403 (lmsAdminsOnly) whoever is no LMS administrator. */
  async requireLmsAdmin(tx: Tx, caller: Caller): Promise<void> {
    if (!(await this.lmsAdmin(tx, caller))) throw Errors.coded(E.lmsAdminsOnly);
  }

  /** The course if the caller sees it (else 404) and whether the caller manages it. */
  async visibleCourse(
    tx: Tx,
    caller: Caller,
    id: string,
    department: string | null,
    lock = false,
    /** Only the caller's own entries of the member lists are read (a learner's paths: start, answer, learn). */
    asLearner = false,
  ): Promise<{ course: CourseRow; manage: boolean }> {
    const course = asLearner && !lock ? await this.repo.courseForLearner(tx, id, caller.userId, department) : await this.repo.course(tx, id, lock);
    if (!course) throw Errors.notFound();
    const manage = await this.lmsAdmin(tx, caller);
    if (!canSeeCourse(course, caller.userId, department, manage)) throw Errors.notFound();
    return { course, manage };
  }

  /** The course for an LMS administrator's change (404 unknown, 403 not an LMS administrator). */
  async managedCourse(tx: Tx, caller: Caller, id: string): Promise<CourseRow> {
    const course = await this.repo.course(tx, id, true);
    if (!course) throw Errors.notFound();
    await this.requireLmsAdmin(tx, caller);
    return course;
  }

  private sameClient(caller: Caller, clientId: string) {
    if (clientId !== caller.clientId) throw Errors.notFound();
  }

  /** GET api/clients/{client_id}/settings/admins/lms → { admins }. */
  async adminsGet({ params }: In<'adminsGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    this.sameClient(caller, params.client_id);
    return { admins: await this.db.inTenant(ctx, (tx) => this.repo.admins(tx)) };
  }

  /** PUT api/clients/{client_id}/settings/admins/lms { admins } (client administrators). Errors: 400 invalidId. */
  async adminsSet({ params, body }: In<'adminsSet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    this.sameClient(caller, params.client_id);
    const ids = [...new Set(body.admins)];
    await this.people.requireUsers(
      caller.clientId,
      ids.map((id, i) => ({ field: `admins.${i}`, id })),
    );
    return this.db.inTenant(ctx, async (tx) => {
      await this.repo.setAdmins(tx, caller.clientId, ids);
      return { admins: ids };
    });
  }

  /** GET api/course: the catalogue (LMS administrators, unless `mine`) or the caller's published courses. */
  async courseList({ query }: In<'courseList'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    const w = pageWindow(query.page, query.limit, 100);
    return this.db.inTenant(ctx, async (tx) => {
      const manage = await this.lmsAdmin(tx, caller);
      const visibleTo = manage && !query.mine ? undefined : { userId: caller.userId, department };
      const { rows, total } = await this.repo.coursePage(tx, { search: query.search, status: query.status, visibleTo }, w.offset, w.limit);
      const ids = rows.map((r) => r.id);
      const [ls, ts, ps, as] = [
        await this.repo.lessonsOf(tx, ids),
        await this.repo.testsOf(tx, ids),
        await this.repo.progressRows(tx, { courseIds: ids, userId: caller.userId }),
        await this.repo.courseAttempts(tx, ids, caller.userId),
      ];
      const items = rows.map((c) => {
        const mine = progressOut(
          c.id,
          caller.userId,
          ls.filter((l) => l.courseId === c.id),
          ts.filter((t) => t.courseId === c.id),
          ps.find((p) => p.courseId === c.id),
          as,
        );
        return courseOut(c, ls, ts, mine.status, manage);
      });
      return { items, total, can_manage: manage };
    });
  }

  /** GET api/course/{id}. Errors: 404 (unknown, another client's, or not visible). */
  async courseGet({ params }: In<'courseGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const { course, manage } = await this.visibleCourse(tx, caller, params.id, department);
      const [ls, ts, p, as] = [
        await this.repo.lessonsOf(tx, [course.id]),
        await this.repo.testsOf(tx, [course.id]),
        await this.repo.progressOf(tx, course.id, caller.userId),
        await this.repo.courseAttempts(tx, [course.id], caller.userId),
      ];
      return courseOut(course, ls, ts, progressOut(course.id, caller.userId, ls, ts, p, as).status, manage);
    });
  }

  /** POST api/course: a draft course (LMS administrators). */
  async courseCreate({ body }: In<'courseCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      await this.requireLmsAdmin(tx, caller);
      const row = await this.repo.insertCourse(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        title: body.title,
        shortDescription: body.short_description,
        cover: body.cover,
        isPublic: body.public,
        createdBy: caller.userId,
      });
      return courseOut(row, [], [], null, true);
    });
  }

  /** PUT api/course/{id}: fields and status; publishing writes evt.lms.course.published. */
  async courseUpdate({ params, body }: In<'courseUpdate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const c = await this.managedCourse(tx, caller, params.id);
      const row = await this.repo.updateCourse(tx, c.id, {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.short_description !== undefined && { shortDescription: body.short_description }),
        ...(body.cover !== undefined && { cover: body.cover }),
        ...(body.public !== undefined && { isPublic: body.public }),
        ...(body.status !== undefined && { status: body.status }),
      });
      if (body.status === 'published' && c.status !== 'published')
        await this.outbox.add(tx, lmsEvents.coursePublished, caller.clientId, { courseId: c.id, title: row.title, by: caller.userId });
      const [ls, ts] = [await this.repo.lessonsOf(tx, [c.id]), await this.repo.testsOf(tx, [c.id])];
      return courseOut(row, ls, ts, null, true);
    });
  }

  /** DELETE api/course/{id} with its lessons, tests and progress. */
  async courseDelete({ params }: In<'courseDelete'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const c = await this.managedCourse(tx, caller, params.id);
      await this.repo.deleteCourse(tx, c.id);
      await this.outbox.add(tx, lmsEvents.courseDeleted, caller.clientId, { courseId: c.id, title: c.title, by: caller.userId });
      return { _id: c.id };
    });
  }

  /** GET api/courses/{id}/members: members and each appointed learner's status. */
  async memberList({ params }: In<'memberList'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => this.membersOut(tx, await this.managedCourse(tx, caller, params.id)));
  }

  /**
   * POST api/courses/{id}/members: replaces them; a draft becomes appointed; evt.lms.course.appointed naming the
   * people appointed now who were not before (by name or through a department, each once), whom notifications tell.
   */
  async memberSet({ params, body }: In<'memberSet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const users = [...new Set(body.users)];
    const departments = [...new Set(body.departments)];
    await this.people.requireUsers(
      caller.clientId,
      users.map((id, i) => ({ field: `users.${i}`, id })),
    );
    // People are asked before the write transaction (embedded, people shares the one PGlite connection): the
    // departments' employees, for the current members' departments as well as the new ones.
    const before = await this.db.inTenant(ctx, (tx) => this.repo.course(tx, params.id));
    const employees = departments.length || before?.memberDepartments.length ? await this.people.employees(caller.clientId) : [];
    return this.db.inTenant(ctx, async (tx) => {
      const c = await this.managedCourse(tx, caller, params.id);
      if (c.status === 'archived') throw Errors.coded(E.lmsCourseArchived);
      const row = await this.repo.updateCourse(tx, c.id, {
        memberUsers: users,
        memberDepartments: departments,
        status: c.status === 'draft' ? 'appointed' : c.status,
      });
      const had = appointees({ users: c.memberUsers, departments: c.memberDepartments }, employees);
      const added = [...appointees({ users, departments }, employees)].filter((u) => !had.has(u));
      await this.outbox.add(tx, lmsEvents.courseAppointed, caller.clientId, { courseId: c.id, title: c.title, users: added, departments, by: caller.userId });
      return this.membersOut(tx, row);
    });
  }

  /** The members of a course and each learner's status, percent and mean score (inside the caller's transaction). */
  async membersOut(tx: Tx, c: CourseRow) {
    const [ls, ts, ps, as] = [
      await this.repo.lessonsOf(tx, [c.id]),
      await this.repo.testsOf(tx, [c.id]),
      await this.repo.progressRows(tx, { courseIds: [c.id] }),
      await this.repo.courseAttempts(tx, [c.id], null),
    ];
    const userIds = [...new Set([...c.memberUsers, ...ps.map((p) => p.userId), ...as.map((a) => a.userId)])];
    const learners = userIds.map((u) => {
      const p = progressOut(
        c.id,
        u,
        ls,
        ts,
        ps.find((x) => x.userId === u),
        as,
      );
      const scores = p.tests.map((t) => t.score).filter((s): s is number => s !== null);
      return { user_id: u, status: p.status, percent: p.percent, score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null };
    });
    return { members: { users: c.memberUsers, departments: c.memberDepartments }, learners };
  }

  /** GET api/lesson?course_id: the lessons in order with the caller's learned marks. */
  async lessonList({ query }: In<'lessonList'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const { course } = await this.visibleCourse(tx, caller, query.course_id, department);
      const [ls, p] = [await this.repo.lessonsOf(tx, [course.id]), await this.repo.progressOf(tx, course.id, caller.userId)];
      return { items: ls.map((l) => lessonOut(l, !!p?.lessonsLearned.includes(l.id), this.sign)), total: ls.length };
    });
  }

  /** GET api/lesson/{id}. Errors: 404 when its course is not visible. */
  async lessonGet({ params }: In<'lessonGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const l = await this.repo.lesson(tx, params.id);
      if (!l) throw Errors.notFound();
      await this.visibleCourse(tx, caller, l.courseId, department);
      const p = await this.repo.progressOf(tx, l.courseId, caller.userId);
      return lessonOut(l, !!p?.lessonsLearned.includes(l.id), this.sign);
    });
  }

  /** POST api/lesson: appended to its course; content sanitised by the platform's one policy. */
  async lessonCreate({ body }: In<'lessonCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const files = await storedLessonFiles(this.storage, caller.clientId, body.files);
    return this.db.inTenant(ctx, async (tx) => {
      const c = await this.managedCourse(tx, caller, body.course_id);
      const position = (await this.repo.lessonsOf(tx, [c.id])).length;
      const row = await this.repo.insertLesson(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        courseId: c.id,
        title: body.title,
        content: sanitizeMessage(body.content),
        files,
        videos: body.videos,
        position,
      });
      return lessonOut(row, false, this.sign);
    });
  }

  /** PUT api/lesson/{id}. */
  async lessonUpdate({ params, body }: In<'lessonUpdate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const files = body.files && (await storedLessonFiles(this.storage, caller.clientId, body.files));
    return this.db.inTenant(ctx, async (tx) => {
      const l = await this.repo.lesson(tx, params.id);
      if (!l) throw Errors.notFound();
      await this.managedCourse(tx, caller, l.courseId);
      const row = await this.repo.updateLesson(tx, l.id, {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.content !== undefined && { content: sanitizeMessage(body.content) }),
        ...(files !== undefined && { files }),
        ...(body.videos !== undefined && { videos: body.videos }),
        ...(body.order !== undefined && { position: body.order }),
      });
      return lessonOut(row, false, this.sign);
    });
  }

  /** DELETE api/lesson/{id}. */
  async lessonDelete({ params }: In<'lessonDelete'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const l = await this.repo.lesson(tx, params.id);
      if (!l) throw Errors.notFound();
      await this.managedCourse(tx, caller, l.courseId);
      await this.repo.deleteLesson(tx, l.id);
      return { _id: l.id };
    });
  }

  /** GET api/test?course_id: right marks only for LMS administrators. */
  async testList({ query }: In<'testList'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const { course, manage } = await this.visibleCourse(tx, caller, query.course_id, department);
      const ts = await this.repo.testsOf(tx, [course.id]);
      const counts = await this.repo.attemptCounts(
        tx,
        ts.map((t) => t.id),
      );
      return { items: ts.map((t) => testOut(t, manage, counts.get(t.id)?.finished ?? 0)), total: ts.length };
    });
  }

  /** GET api/test/{id}: right marks only for LMS administrators. */
  async testGet({ params }: In<'testGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const department = await this.people.departmentOf(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.repo.test(tx, params.id);
      if (!t) throw Errors.notFound();
      const { manage } = await this.visibleCourse(tx, caller, t.courseId, department);
      return testOut(t, manage, (await this.repo.attemptCounts(tx, [t.id])).get(t.id)?.finished ?? 0);
    });
  }

  /** POST api/test. Errors: 400 §5 Test texts per question field. */
  async testCreate({ body }: In<'testCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const issues = questionIssues(body.questions);
    if (issues.length) throw Errors.validation(issues);
    return this.db.inTenant(ctx, async (tx) => {
      const c = await this.managedCourse(tx, caller, body.course_id);
      const position = (await this.repo.testsOf(tx, [c.id])).length;
      const row = await this.repo.insertTest(tx, {
        id: uuidv7(),
        clientId: caller.clientId,
        courseId: c.id,
        title: body.title,
        description: body.description,
        showRightAnswer: body.show_right_answer,
        showFinalScore: body.show_final_score,
        shuffle: body.shuffle,
        timeLimit: body.time_limit,
        retries: body.retries,
        position,
        questions: storeQuestions(body.questions),
      });
      return testOut(row, true, 0);
    });
  }

  /** The test for an edit: LMS administrators, and no passes yet (§5). Errors: 404, 403, 400 lmsTestHasPasses. */
  private async editableTest(tx: Tx, caller: Caller, id: string): Promise<TestRow> {
    const t = await this.repo.test(tx, id, true);
    if (!t) throw Errors.notFound();
    await this.managedCourse(tx, caller, t.courseId);
    if ((await this.repo.attemptCounts(tx, [t.id])).get(t.id)?.all) throw Errors.coded(E.lmsTestHasPasses);
    return t;
  }

  /** PUT api/test/{id}. */
  async testUpdate({ params, body }: In<'testUpdate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const issues = body.questions ? questionIssues(body.questions) : [];
    if (issues.length) throw Errors.validation(issues);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.editableTest(tx, caller, params.id);
      const row = await this.repo.updateTest(tx, t.id, {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.show_right_answer !== undefined && { showRightAnswer: body.show_right_answer }),
        ...(body.show_final_score !== undefined && { showFinalScore: body.show_final_score }),
        ...(body.shuffle !== undefined && { shuffle: body.shuffle }),
        ...(body.time_limit !== undefined && { timeLimit: body.time_limit }),
        ...(body.retries !== undefined && { retries: body.retries }),
        ...(body.questions !== undefined && { questions: storeQuestions(body.questions) }),
      });
      return testOut(row, true, 0);
    });
  }

  /** DELETE api/test/{id} with its attempts. */
  async testDelete({ params }: In<'testDelete'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.repo.test(tx, params.id);
      if (!t) throw Errors.notFound();
      await this.managedCourse(tx, caller, t.courseId);
      await this.repo.deleteTest(tx, t.id);
      return { _id: t.id };
    });
  }

  /** POST / PUT api/tests/{test_id}/questions and DELETE .../{question_id}: one question changed (§5, no passes). */
  async questionChange(testId: string, change: { add?: QuestionInput; update?: QuestionInput & { _id: string }; remove?: string }, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const q = change.add ?? change.update;
    if (q) {
      const issues = questionIssues([q], '');
      if (issues.length) throw Errors.validation(issues);
    }
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.editableTest(tx, caller, testId);
      const inputs: QuestionInput[] = t.questions.map((s) => ({ ...s, answers: s.answers.map((a) => ({ ...a })) }));
      let next: QuestionInput[];
      if (change.add) next = [...inputs, change.add];
      else {
        const id = change.update?._id ?? change.remove!;
        if (!inputs.some((s) => s._id === id)) throw Errors.notFound();
        next = change.update ? inputs.map((s) => (s._id === id ? change.update! : s)) : inputs.filter((s) => s._id !== id);
      }
      return testOut(await this.repo.updateTest(tx, t.id, { questions: storeQuestions(next) }), true, 0);
    });
  }
}
