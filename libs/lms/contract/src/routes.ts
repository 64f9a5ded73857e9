import { access, defineRoute, Id, z } from '@intranet/platform-contracts';
import { defineModule, moduleCall } from '@intranet/tasks-contract';
import {
  attemptSchema,
  COURSE_STATUSES,
  courseFields,
  courseSchema,
  IDP_STATUSES,
  idpFields,
  idpSchema,
  idpTask,
  idpHistory,
  lessonFields,
  lessonSchema,
  members,
  patchShape,
  PROGRESS_STATUSES,
  progressSchema,
  questionInput,
  testFields,
  testSchema,
} from './schemas.ts';

const lms = access.feature('lms');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const removed = z.object({ _id: z.string() });

/** The generic modules of learning (§7 generic module calls): course, lesson, test (right `lms`) and idp (feature `idp`). */
export const courseModule = defineModule({ domain: 'lms', module: 'course', access: lms, spec: '§3 Course, §6 lms' });
export const lessonModule = defineModule({ domain: 'lms', module: 'lesson', access: lms, spec: '§3 Course lessons, §6 lms' });
export const testModule = defineModule({ domain: 'lms', module: 'test', access: lms, spec: '§3 Test, §5 Test, §6 lms' });
export const idpModule = defineModule({ domain: 'lms', module: 'idp', access: access.authenticated, feature: 'idp', spec: '§3 IDP, §4 IDP, §6' });

/** A stat of one learner (analytics, dashboards). */
const learnerStat = z.object({ user_id: z.string(), status: z.enum(PROGRESS_STATUSES), percent: z.number(), score: z.number().nullable() });

/**
 * The §7 Learning and IDP routes (exact paths) and the generic module calls of `course`, `lesson`, `test`, `idp`;
 * keys `<entity><Verb>` of their subjects.
 */
export const lmsRoutes = {
  adminsGet: defineRoute({
    method: 'GET',
    path: '/api/clients/{client_id}/settings/admins/lms',
    subject: 'lms.admins.get',
    summary: 'The LMS administrators of the client (user ids)',
    spec: '§7 Learning, §6 LMS administrators',
    access: lms,
    params: z.object({ client_id: Id }),
    result: z.object({ admins: z.array(z.string()) }),
  }),
  adminsSet: defineRoute({
    method: 'PUT',
    path: '/api/clients/{client_id}/settings/admins/lms',
    subject: 'lms.admins.set',
    summary: 'Replace the LMS administrators of the client (client administrators only; active users of the client)',
    spec: '§7 Learning, §6 LMS administrators',
    access: access.admin,
    feature: 'lms',
    params: z.object({ client_id: Id }),
    body: z.object({ admins: z.array(Id).max(1000) }),
    result: z.object({ admins: z.array(z.string()) }),
  }),

  // §7 generic module calls, module `course`.
  courseList: moduleCall.list(courseModule, {
    summary: 'Courses the caller sees: mine (member of a published course) or, for LMS administrators, the catalogue; search and status filter',
    query: z.object({
      search: z.string().trim().max(100).optional(),
      status: z.enum(COURSE_STATUSES).optional(),
      mine: z.stringbool().optional(),
      page,
      limit,
    }),
    result: z.object({ items: z.array(courseSchema), total: z.number().int(), can_manage: z.boolean() }),
  }),
  courseGet: moduleCall.get(courseModule, { summary: 'One course (members of a published course, LMS administrators; others 404)', result: courseSchema }),
  courseCreate: moduleCall.create(courseModule, { summary: 'Create a draft course (LMS administrators)', body: z.object(courseFields), result: courseSchema }),
  courseUpdate: moduleCall.update(courseModule, {
    summary: 'Edit a course or move it through draft → appointed → published → archived (LMS administrators); publishing notifies its members',
    body: z.object(patchShape({ ...courseFields, status: z.enum(COURSE_STATUSES) })),
    result: courseSchema,
  }),
  courseDelete: moduleCall.delete(courseModule, { summary: 'Delete a course with its lessons, tests and progress (LMS administrators)', result: removed }),

  // module `lesson`.
  lessonList: moduleCall.list(lessonModule, {
    summary: 'The lessons of a course in order (who sees the course)',
    query: z.object({ course_id: Id }),
    result: z.object({ items: z.array(lessonSchema), total: z.number().int() }),
  }),
  lessonGet: moduleCall.get(lessonModule, { summary: 'One lesson (who sees its course)', result: lessonSchema }),
  lessonCreate: moduleCall.create(lessonModule, {
    summary: 'Add a lesson at the end of a course (LMS administrators)',
    body: z.object({ ...lessonFields, course_id: Id }),
    result: lessonSchema,
  }),
  lessonUpdate: moduleCall.update(lessonModule, {
    summary: 'Edit a lesson (LMS administrators); `order` moves it',
    body: z.object(patchShape({ ...lessonFields, order: z.number().int().min(0) })),
    result: lessonSchema,
  }),
  lessonDelete: moduleCall.delete(lessonModule, { summary: 'Delete a lesson (LMS administrators)', result: removed }),

  // module `test`.
  testList: moduleCall.list(testModule, {
    summary: 'The tests of a course (who sees the course; right answers only for LMS administrators)',
    query: z.object({ course_id: Id }),
    result: z.object({ items: z.array(testSchema), total: z.number().int() }),
  }),
  testGet: moduleCall.get(testModule, { summary: 'One test; right answers only for LMS administrators', result: testSchema }),
  testCreate: moduleCall.create(testModule, {
    summary: 'Add a test to a course (LMS administrators); questions as §5 requires',
    body: z.object({ ...testFields, course_id: Id, questions: z.array(questionInput).max(200).default([]) }),
    result: testSchema,
  }),
  testUpdate: moduleCall.update(testModule, {
    summary: 'Edit a test (LMS administrators); refused once it has passes (§5)',
    body: z.object(patchShape({ ...testFields, questions: z.array(questionInput).max(200) })),
    result: testSchema,
  }),
  testDelete: moduleCall.delete(testModule, { summary: 'Delete a test (LMS administrators)', result: removed }),

  memberList: defineRoute({
    method: 'GET',
    path: '/api/courses/{id}/members',
    subject: 'lms.member.list',
    summary: 'The people and departments a course is appointed to, with each learner’s progress (LMS administrators)',
    spec: '§7 Learning, course tab participants',
    access: lms,
    params: z.object({ id: Id }),
    result: z.object({ members, learners: z.array(learnerStat) }),
  }),
  memberSet: defineRoute({
    method: 'POST',
    path: '/api/courses/{id}/members',
    subject: 'lms.member.set',
    summary: 'Appoint a course to people and departments (replaces the list; a draft becomes appointed); evt.lms.course.appointed',
    spec: '§7 Learning, §4 Course',
    access: lms,
    params: z.object({ id: Id }),
    body: members,
    result: z.object({ members, learners: z.array(learnerStat) }),
  }),
  questionAdd: defineRoute({
    method: 'POST',
    path: '/api/tests/{test_id}/questions',
    subject: 'lms.question.add',
    summary: 'Add a question to a test (LMS administrators; §5 Test; refused once it has passes)',
    spec: '§7 Learning, §5 Test',
    access: lms,
    params: z.object({ test_id: Id }),
    body: questionInput,
    result: testSchema,
  }),
  questionUpdate: defineRoute({
    method: 'PUT',
    path: '/api/tests/{test_id}/questions',
    subject: 'lms.question.update',
    summary: 'Replace one question of a test, named by its _id (LMS administrators; §5 Test; refused once it has passes)',
    spec: '§7 Learning, §5 Test',
    access: lms,
    params: z.object({ test_id: Id }),
    body: questionInput.extend({ _id: z.string().min(1).max(40) }),
    result: testSchema,
  }),
  questionRemove: defineRoute({
    method: 'DELETE',
    path: '/api/tests/{test_id}/questions/{question_id}',
    subject: 'lms.question.remove',
    summary: 'Remove a question of a test (LMS administrators; refused once it has passes)',
    spec: '§7 Learning, §5 Test',
    access: lms,
    params: z.object({ test_id: Id, question_id: z.string().min(1).max(40) }),
    result: testSchema,
  }),
  testStart: defineRoute({
    method: 'POST',
    path: '/api/tests/{course_id}/startTest/{test_id}/for/{user_id}',
    subject: 'lms.test.start',
    summary:
      'Start (or resume) an attempt: the start time is stored and the deadline follows from the time limit; a running attempt is returned as it is (the timer survives a reload); a new one only while retries are left',
    spec: '§7 Learning, §4 Test',
    access: lms,
    params: z.object({ course_id: Id, test_id: Id, user_id: Id }),
    result: attemptSchema,
  }),
  testAnswer: defineRoute({
    method: 'POST',
    path: '/api/tests/{test_id}/answer',
    subject: 'lms.test.answer',
    summary:
      'Answer one question of the running attempt (replaces an earlier answer) and/or finish it; the answer is the progress as the server computes it. After the deadline the answer is refused and the attempt finishes',
    spec: '§7 Learning, §4 Test',
    access: lms,
    params: z.object({ test_id: Id }),
    body: z.object({
      question_id: z.string().min(1).max(40).optional(),
      answers: z.array(z.string().min(1).max(40)).max(20).default([]),
      finish: z.boolean().default(false),
    }),
    result: attemptSchema,
  }),
  courseAnalytics: defineRoute({
    method: 'GET',
    path: '/api/courses/analytics/{client_id}',
    subject: 'lms.course.analytics',
    summary: 'Learning analytics (LMS administrators): per course its learners by status; with user_id, that learner’s progress in each course',
    spec: '§7 Learning, course analytics general and students',
    access: lms,
    params: z.object({ client_id: Id }),
    query: z.object({ user_id: Id.optional() }),
    result: z.object({
      courses: z.array(
        z.object({
          course_id: z.string(),
          title: z.string(),
          status: z.enum(COURSE_STATUSES),
          learners: z.number(),
          not_started: z.number(),
          in_progress: z.number(),
          learned: z.number(),
        }),
      ),
      user: z.array(progressSchema.extend({ title: z.string() })).nullable(),
    }),
  }),
  testStat: defineRoute({
    method: 'GET',
    path: '/api/tests/{test_id}/stat',
    subject: 'lms.test.stat',
    summary: 'Finished attempts of a test (LMS administrators see everyone’s, a learner their own)',
    spec: '§7 Learning, §4 Test',
    access: lms,
    params: z.object({ test_id: Id }),
    result: z.object({ data: z.array(z.object({ user_id: z.string(), score: z.number(), finished_at: z.string() })), passed: z.boolean() }),
  }),
  lessonStat: defineRoute({
    method: 'GET',
    path: '/api/lessons/{id}/stat',
    subject: 'lms.lesson.stat',
    summary: 'Who learned a lesson (LMS administrators)',
    spec: '§7 Learning',
    access: lms,
    params: z.object({ id: Id }),
    result: z.object({ learned: z.number(), users: z.array(z.string()) }),
  }),
  progressGet: defineRoute({
    method: 'GET',
    path: '/api/course_progress/progress/{course_id}/{user_id}',
    subject: 'lms.progress.get',
    summary: 'One learner’s progress in one course (the learner, LMS administrators)',
    spec: '§7 Learning, §4 Course',
    access: lms,
    params: z.object({ course_id: Id, user_id: Id }),
    result: progressSchema,
  }),
  progressLearn: defineRoute({
    method: 'PUT',
    path: '/api/course_progress/learn',
    subject: 'lms.progress.learn',
    summary: 'Mark a lesson learned (lessons in order); the course becomes learned when every lesson is learned and every test passed',
    spec: '§7 Learning, §4 Course',
    access: lms,
    body: z.object({ course_id: Id, lesson_id: Id }),
    result: progressSchema,
  }),
  progressDashboard: defineRoute({
    method: 'GET',
    path: '/api/course_progress/{id}/dashboard',
    subject: 'lms.progress.dashboard',
    summary: 'A course’s dashboard: its learners by status (LMS administrators)',
    spec: '§7 Learning',
    access: lms,
    params: z.object({ id: Id }),
    result: z.object({ course_id: z.string(), learners: z.array(learnerStat), not_started: z.number(), in_progress: z.number(), learned: z.number() }),
  }),

  // module `idp` and the §7 IDP calls.
  idpList: moduleCall.list(idpModule, {
    summary: 'The plans the caller sees (employee, creator, observer; administrators all), status filter',
    query: z.object({ status: z.enum(IDP_STATUSES).optional(), page, limit }),
    result: z.object({ items: z.array(idpSchema), total: z.number().int() }),
  }),
  idpGet: moduleCall.get(idpModule, { summary: 'One plan (its employee, creator, observer, administrators; others 404)', result: idpSchema }),
  idpCreate: moduleCall.create(idpModule, {
    summary: 'Create a plan for an employee; the caller is its creator',
    body: z.object(idpFields),
    result: idpSchema,
  }),
  idpUpdate: moduleCall.update(idpModule, {
    summary: 'Edit a plan, add a note or finish it (finished only when every task is done); every change is recorded in its history',
    body: z.object(patchShape({ ...idpFields, status: z.enum(IDP_STATUSES), note: z.string().trim().min(1).max(5000) })),
    result: idpSchema,
  }),
  idpDelete: moduleCall.delete(idpModule, { summary: 'Delete a plan (its creator, administrators)', result: removed }),
  idpListFor: defineRoute({
    method: 'GET',
    path: '/api/idp/list/{id}',
    subject: 'lms.idp.listFor',
    summary: 'The plans of one employee that the caller sees',
    spec: '§7 IDP',
    access: access.authenticated,
    feature: 'idp',
    params: z.object({ id: Id }),
    result: z.object({ items: z.array(idpSchema), total: z.number().int() }),
  }),
  idpFinishTask: defineRoute({
    method: 'POST',
    path: '/api/idp/finish_task',
    subject: 'lms.idp.finishTask',
    summary: 'Mark a task of a plan done (its employee, creator, administrators); the plan finishes with its last task',
    spec: '§7 IDP, §4 IDP',
    access: access.authenticated,
    feature: 'idp',
    body: z.object({ idp_id: Id, task_id: z.string().min(1).max(40) }),
    result: z.object({ tasks: z.array(idpTask), history: z.array(idpHistory), status: z.enum(IDP_STATUSES) }),
  }),
};
