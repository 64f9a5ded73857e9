import { Controller } from '@nestjs/common';
import { lmsRoutes } from '@intranet/lms-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { CoursesService } from './courses.service.ts';
import { IdpService } from './idp.service.ts';
import { LearningService } from './learning.service.ts';

/**
 * The §7 Learning and IDP routes and the generic module calls of course, lesson, test and idp: one method per route
 * of `lmsRoutes`, named as its key and bound to its bus subject by `@RouteHandler`. Each method only delegates.
 */
@Controller()
export class LmsController implements RouteHandlers<typeof lmsRoutes> {
  constructor(
    private readonly courses: CoursesService,
    private readonly learning: LearningService,
    private readonly idp: IdpService,
  ) {}

  /** lms — GET /api/clients/{client_id}/settings/admins/lms. */
  @RouteHandler(lmsRoutes.adminsGet)
  adminsGet(input: RouteInput<typeof lmsRoutes.adminsGet>, ctx: RequestContext) {
    return this.courses.adminsGet(input, ctx);
  }

  /** lms — PUT /api/clients/{client_id}/settings/admins/lms. */
  @RouteHandler(lmsRoutes.adminsSet)
  adminsSet(input: RouteInput<typeof lmsRoutes.adminsSet>, ctx: RequestContext) {
    return this.courses.adminsSet(input, ctx);
  }

  /** lms — generic module call list of courseModule. */
  @RouteHandler(lmsRoutes.courseList)
  courseList(input: RouteInput<typeof lmsRoutes.courseList>, ctx: RequestContext) {
    return this.courses.courseList(input, ctx);
  }

  /** lms — generic module call get of courseModule. */
  @RouteHandler(lmsRoutes.courseGet)
  courseGet(input: RouteInput<typeof lmsRoutes.courseGet>, ctx: RequestContext) {
    return this.courses.courseGet(input, ctx);
  }

  /** lms — generic module call create of courseModule. */
  @RouteHandler(lmsRoutes.courseCreate)
  courseCreate(input: RouteInput<typeof lmsRoutes.courseCreate>, ctx: RequestContext) {
    return this.courses.courseCreate(input, ctx);
  }

  /** lms — generic module call update of courseModule. */
  @RouteHandler(lmsRoutes.courseUpdate)
  courseUpdate(input: RouteInput<typeof lmsRoutes.courseUpdate>, ctx: RequestContext) {
    return this.courses.courseUpdate(input, ctx);
  }

  /** lms — generic module call delete of courseModule. */
  @RouteHandler(lmsRoutes.courseDelete)
  courseDelete(input: RouteInput<typeof lmsRoutes.courseDelete>, ctx: RequestContext) {
    return this.courses.courseDelete(input, ctx);
  }

  /** lms — generic module call list of lessonModule. */
  @RouteHandler(lmsRoutes.lessonList)
  lessonList(input: RouteInput<typeof lmsRoutes.lessonList>, ctx: RequestContext) {
    return this.courses.lessonList(input, ctx);
  }

  /** lms — generic module call get of lessonModule. */
  @RouteHandler(lmsRoutes.lessonGet)
  lessonGet(input: RouteInput<typeof lmsRoutes.lessonGet>, ctx: RequestContext) {
    return this.courses.lessonGet(input, ctx);
  }

  /** lms — generic module call create of lessonModule. */
  @RouteHandler(lmsRoutes.lessonCreate)
  lessonCreate(input: RouteInput<typeof lmsRoutes.lessonCreate>, ctx: RequestContext) {
    return this.courses.lessonCreate(input, ctx);
  }

  /** lms — generic module call update of lessonModule. */
  @RouteHandler(lmsRoutes.lessonUpdate)
  lessonUpdate(input: RouteInput<typeof lmsRoutes.lessonUpdate>, ctx: RequestContext) {
    return this.courses.lessonUpdate(input, ctx);
  }

  /** lms — generic module call delete of lessonModule. */
  @RouteHandler(lmsRoutes.lessonDelete)
  lessonDelete(input: RouteInput<typeof lmsRoutes.lessonDelete>, ctx: RequestContext) {
    return this.courses.lessonDelete(input, ctx);
  }

  /** lms — generic module call list of testModule. */
  @RouteHandler(lmsRoutes.testList)
  testList(input: RouteInput<typeof lmsRoutes.testList>, ctx: RequestContext) {
    return this.courses.testList(input, ctx);
  }

  /** lms — generic module call get of testModule. */
  @RouteHandler(lmsRoutes.testGet)
  testGet(input: RouteInput<typeof lmsRoutes.testGet>, ctx: RequestContext) {
    return this.courses.testGet(input, ctx);
  }

  /** lms — generic module call create of testModule. */
  @RouteHandler(lmsRoutes.testCreate)
  testCreate(input: RouteInput<typeof lmsRoutes.testCreate>, ctx: RequestContext) {
    return this.courses.testCreate(input, ctx);
  }

  /** lms — generic module call update of testModule. */
  @RouteHandler(lmsRoutes.testUpdate)
  testUpdate(input: RouteInput<typeof lmsRoutes.testUpdate>, ctx: RequestContext) {
    return this.courses.testUpdate(input, ctx);
  }

  /** lms — generic module call delete of testModule. */
  @RouteHandler(lmsRoutes.testDelete)
  testDelete(input: RouteInput<typeof lmsRoutes.testDelete>, ctx: RequestContext) {
    return this.courses.testDelete(input, ctx);
  }

  /** lms — GET /api/courses/{id}/members. */
  @RouteHandler(lmsRoutes.memberList)
  memberList(input: RouteInput<typeof lmsRoutes.memberList>, ctx: RequestContext) {
    return this.courses.memberList(input, ctx);
  }

  /** lms — POST /api/courses/{id}/members. */
  @RouteHandler(lmsRoutes.memberSet)
  memberSet(input: RouteInput<typeof lmsRoutes.memberSet>, ctx: RequestContext) {
    return this.courses.memberSet(input, ctx);
  }

  /** lms — POST /api/tests/{test_id}/questions. */
  @RouteHandler(lmsRoutes.questionAdd)
  questionAdd(input: RouteInput<typeof lmsRoutes.questionAdd>, ctx: RequestContext) {
    return this.courses.questionChange(input.params.test_id, { add: input.body }, ctx);
  }

  /** lms — PUT /api/tests/{test_id}/questions. */
  @RouteHandler(lmsRoutes.questionUpdate)
  questionUpdate(input: RouteInput<typeof lmsRoutes.questionUpdate>, ctx: RequestContext) {
    return this.courses.questionChange(input.params.test_id, { update: input.body }, ctx);
  }

  /** lms — DELETE /api/tests/{test_id}/questions/{question_id}. */
  @RouteHandler(lmsRoutes.questionRemove)
  questionRemove(input: RouteInput<typeof lmsRoutes.questionRemove>, ctx: RequestContext) {
    return this.courses.questionChange(input.params.test_id, { remove: input.params.question_id }, ctx);
  }

  /** lms — POST /api/tests/{course_id}/startTest/{test_id}/for/{user_id}. */
  @RouteHandler(lmsRoutes.testStart)
  testStart(input: RouteInput<typeof lmsRoutes.testStart>, ctx: RequestContext) {
    return this.learning.testStart(input, ctx);
  }

  /** lms — POST /api/tests/{test_id}/answer. */
  @RouteHandler(lmsRoutes.testAnswer)
  testAnswer(input: RouteInput<typeof lmsRoutes.testAnswer>, ctx: RequestContext) {
    return this.learning.testAnswer(input, ctx);
  }

  /** lms — GET /api/courses/analytics/{client_id}. */
  @RouteHandler(lmsRoutes.courseAnalytics)
  courseAnalytics(input: RouteInput<typeof lmsRoutes.courseAnalytics>, ctx: RequestContext) {
    return this.learning.courseAnalytics(input, ctx);
  }

  /** lms — GET /api/tests/{test_id}/stat. */
  @RouteHandler(lmsRoutes.testStat)
  testStat(input: RouteInput<typeof lmsRoutes.testStat>, ctx: RequestContext) {
    return this.learning.testStat(input, ctx);
  }

  /** lms — GET /api/lessons/{id}/stat. */
  @RouteHandler(lmsRoutes.lessonStat)
  lessonStat(input: RouteInput<typeof lmsRoutes.lessonStat>, ctx: RequestContext) {
    return this.learning.lessonStat(input, ctx);
  }

  /** lms — GET /api/course_progress/progress/{course_id}/{user_id}. */
  @RouteHandler(lmsRoutes.progressGet)
  progressGet(input: RouteInput<typeof lmsRoutes.progressGet>, ctx: RequestContext) {
    return this.learning.progressGet(input, ctx);
  }

  /** lms — PUT /api/course_progress/learn. */
  @RouteHandler(lmsRoutes.progressLearn)
  progressLearn(input: RouteInput<typeof lmsRoutes.progressLearn>, ctx: RequestContext) {
    return this.learning.progressLearn(input, ctx);
  }

  /** lms — GET /api/course_progress/{id}/dashboard. */
  @RouteHandler(lmsRoutes.progressDashboard)
  progressDashboard(input: RouteInput<typeof lmsRoutes.progressDashboard>, ctx: RequestContext) {
    return this.learning.progressDashboard(input, ctx);
  }

  /** lms — generic module call list of idpModule. */
  @RouteHandler(lmsRoutes.idpList)
  idpList(input: RouteInput<typeof lmsRoutes.idpList>, ctx: RequestContext) {
    return this.idp.idpList(input, ctx);
  }

  /** lms — generic module call get of idpModule. */
  @RouteHandler(lmsRoutes.idpGet)
  idpGet(input: RouteInput<typeof lmsRoutes.idpGet>, ctx: RequestContext) {
    return this.idp.idpGet(input, ctx);
  }

  /** lms — generic module call create of idpModule. */
  @RouteHandler(lmsRoutes.idpCreate)
  idpCreate(input: RouteInput<typeof lmsRoutes.idpCreate>, ctx: RequestContext) {
    return this.idp.idpCreate(input, ctx);
  }

  /** lms — generic module call update of idpModule. */
  @RouteHandler(lmsRoutes.idpUpdate)
  idpUpdate(input: RouteInput<typeof lmsRoutes.idpUpdate>, ctx: RequestContext) {
    return this.idp.idpUpdate(input, ctx);
  }

  /** lms — generic module call delete of idpModule. */
  @RouteHandler(lmsRoutes.idpDelete)
  idpDelete(input: RouteInput<typeof lmsRoutes.idpDelete>, ctx: RequestContext) {
    return this.idp.idpDelete(input, ctx);
  }

  /** lms — GET /api/idp/list/{id}. */
  @RouteHandler(lmsRoutes.idpListFor)
  idpListFor(input: RouteInput<typeof lmsRoutes.idpListFor>, ctx: RequestContext) {
    return this.idp.idpListFor(input, ctx);
  }

  /** lms — POST /api/idp/finish_task. */
  @RouteHandler(lmsRoutes.idpFinishTask)
  idpFinishTask(input: RouteInput<typeof lmsRoutes.idpFinishTask>, ctx: RequestContext) {
    return this.idp.idpFinishTask(input, ctx);
  }
}
