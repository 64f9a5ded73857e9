import { defineEvent, z } from '@intranet/platform-contracts';

/**
 * Events of learning and IDP (DESIGN §6); the shop (rewards), adaptation, analytics and notifications import these
 * definitions. Every payload names the client's people a consumer needs (who did it, who is affected).
 */
export const lmsEvents = {
  /**
   * Members of a course set: `users` are the people appointed by it who were not before — named or through one of
   * `departments` (expanded at the appointment), each once — so notifications tell every new member once.
   */
  courseAppointed: defineEvent(
    'evt.lms.course.appointed',
    z.object({ courseId: z.string(), title: z.string(), users: z.array(z.string()), departments: z.array(z.string()), by: z.string() }),
    'A course was appointed to people and departments',
  ),
  coursePublished: defineEvent('evt.lms.course.published', z.object({ courseId: z.string(), title: z.string(), by: z.string() }), 'A course was published'),
  courseDeleted: defineEvent('evt.lms.course.deleted', z.object({ courseId: z.string(), title: z.string(), by: z.string() }), 'A course was deleted'),
  courseLearned: defineEvent('evt.lms.course.learned', z.object({ courseId: z.string(), title: z.string(), userId: z.string() }), 'A learner learned a course'),
  testPassed: defineEvent(
    'evt.lms.test.passed',
    z.object({ testId: z.string(), courseId: z.string(), userId: z.string(), score: z.number() }),
    'A learner finished a test (score in percent)',
  ),
  idpChanged: defineEvent(
    'evt.lms.idp.changed',
    z.object({
      idpId: z.string(),
      title: z.string(),
      employee: z.string(),
      creator: z.string(),
      observer: z.string().nullable(),
      by: z.string(),
      action: z.string(),
    }),
    'A development plan was created or changed (notification section idp)',
  ),
  idpTaskDone: defineEvent(
    'evt.lms.idp_task.done',
    z.object({ idpId: z.string(), taskId: z.string(), employee: z.string(), by: z.string() }),
    'A task of a development plan was done',
  ),
  idpFinished: defineEvent('evt.lms.idp.finished', z.object({ idpId: z.string(), employee: z.string(), by: z.string() }), 'A development plan was finished'),
};
