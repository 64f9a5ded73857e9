import { lmsRoutes } from '@intranet/lms-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

const q = {
  text: 'Two and two?',
  kind: 'single' as const,
  answers: [
    { text: 'Four', right: true },
    { text: 'Five', right: false },
  ],
};

/**
 * The lms domain's part of the route-generic checks' fixture registry: a published course appointed to the
 * employee with one lesson and one test, and a development plan of the employee, made through the real routes.
 */
export default {
  entities: ['course', 'lesson', 'lmsTest', 'idp'],
  params: { course_id: { entity: 'course' }, test_id: { entity: 'lmsTest' }, user_id: { entity: 'user' }, question_id: { literal: 'q-none' } },
  idBySubject: {
    'lms.course.': 'course',
    'lms.member.': 'course',
    'lms.progress.': 'course',
    'lms.lesson.': 'lesson',
    'lms.test.': 'lmsTest',
    'lms.question.': 'lmsTest',
    'lms.idp.listFor': 'user',
    'lms.idp.': 'idp',
  },
  bodies: {
    'lms.admins.set': { body: (w) => ({ admins: [w.ids.user] }), ids: { admins: 'user' } },
    'lms.course.create': { body: () => ({ title: 'A course' }) },
    'lms.course.update': { body: () => ({ title: 'Renamed course' }) },
    'lms.member.set': { body: (w) => ({ users: [w.ids.user], departments: [] }), ids: { users: 'user' } },
    'lms.lesson.create': { body: (w) => ({ course_id: w.ids.course, title: 'A lesson' }), ids: { course_id: 'course' } },
    'lms.lesson.update': { body: () => ({ title: 'Renamed lesson' }) },
    'lms.test.create': { body: (w) => ({ course_id: w.ids.course, title: 'A test', questions: [q] }), ids: { course_id: 'course' } },
    'lms.test.update': { body: () => ({ title: 'Renamed test' }) },
    'lms.question.add': { body: () => q },
    'lms.question.update': { body: () => ({ ...q, _id: 'q-none' }) },
    'lms.test.answer': { body: () => ({ finish: false }) },
    'lms.progress.learn': { body: (w) => ({ course_id: w.ids.course, lesson_id: w.ids.lesson }), ids: { course_id: 'course', lesson_id: 'lesson' } },
    'lms.idp.create': { body: (w) => ({ title: 'A plan', employee: w.ids.user }), ids: { employee: 'user', observer: 'user' } },
    'lms.idp.update': { body: () => ({ note: 'A note' }), ids: { employee: 'user', observer: 'user' } },
    'lms.idp.finishTask': { body: (w) => ({ idp_id: w.ids.idp, task_id: 'task-none' }), ids: { idp_id: 'idp' }, opaque: ['task_id'] },
  },
  async create(t, w) {
    const ok = async <T>(p: Promise<{ status: number; body: unknown }>, what: string): Promise<T> => {
      const r = await p;
      if (r.status !== 200) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
      return (r.body as { result: T }).result;
    };
    const token = w.adminToken;
    const course = await ok<{ _id: string }>(
      t.call(lmsRoutes.courseCreate, { token, body: { title: `Course of ${w.workspace}`, short_description: 'secret course text' } }),
      'course',
    );
    const lesson = await ok<{ _id: string }>(
      t.call(lmsRoutes.lessonCreate, { token, body: { course_id: course._id, title: 'Lesson one', content: '<p>Learn</p>' } }),
      'lesson',
    );
    const test = await ok<{ _id: string }>(
      t.call(lmsRoutes.testCreate, { token, body: { course_id: course._id, title: 'Test one', questions: [q] } }),
      'lmsTest',
    );
    await ok(t.call(lmsRoutes.memberSet, { token, params: { id: course._id }, body: { users: [w.ids.user], departments: [] } }), 'members');
    await ok(t.call(lmsRoutes.courseUpdate, { token, params: { id: course._id }, body: { status: 'published' } }), 'publish');
    const idp = await ok<{ _id: string }>(
      t.call(lmsRoutes.idpCreate, {
        token,
        body: { title: `Plan of ${w.workspace}`, message: 'secret plan text', employee: w.ids.user, tasks: [{ title: 'Read' }] },
      }),
      'idp',
    );
    return { course: course._id, lesson: lesson._id, lmsTest: test._id, idp: idp._id };
  },
  async readBack(t, w, e) {
    const token = w.adminToken;
    const r =
      e === 'idp'
        ? await t.call(lmsRoutes.idpGet, { token, params: { id: w.ids.idp } })
        : e === 'lesson'
          ? await t.call(lmsRoutes.lessonGet, { token, params: { id: w.ids.lesson } })
          : e === 'lmsTest'
            ? await t.call(lmsRoutes.testGet, { token, params: { id: w.ids.lmsTest } })
            : await t.call(lmsRoutes.courseGet, { token, params: { id: w.ids.course } });
    return { status: r.status, body: r.body };
  },
  secrets: () => ['secret course text', 'secret plan text'],
} satisfies DomainFixtures;
