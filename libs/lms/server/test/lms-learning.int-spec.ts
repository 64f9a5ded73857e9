import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { LMS_ERRORS, lmsRoutes } from '@intranet/lms-contract';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
const single = (text: string, right = 0) => ({ text, kind: 'single' as const, answers: ['A', 'B', 'C'].map((a, i) => ({ text: a, right: i === right })) });

/**
 * Learning through the real gateway and bus (PostgreSQL + NATS when set, else PGlite): LMS administrators, building
 * and publishing a course, §5 Test texts, members only, lessons in order, the timed test (a late answer refused),
 * right answers hidden from the learner, retries, no edit after passes, learned, analytics, isolation.
 */
describe('lms learning (§7 Learning, §4, §5 Test, §6)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let lmsAdmin: { id: string; token: string };
  let learner: { id: string; token: string };
  let outsider: { id: string; token: string };
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('lmsacme');
    other = await t.makeClient('lmsother');
    const mk = async (email: string) => {
      const e = await t.makeEmployee(acme.adminToken, email);
      return { id: e.user._id, token: e.token };
    };
    lmsAdmin = await mk('teacher@lmsacme.test');
    learner = await mk('learner@lmsacme.test');
    outsider = await mk('outsider@lmsacme.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('an LMS administrator builds, appoints and publishes a course; a learner learns it in order and passes', async () => {
    // Only client admins set the LMS administrators; an employee who is none may not build.
    const refused = await t.call(lmsRoutes.courseCreate, { token: lmsAdmin.token, body: { title: 'Safety' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, LMS_ERRORS.lmsAdminsOnly.code);
    assert.equal(
      (await t.call(lmsRoutes.adminsSet, { token: lmsAdmin.token, params: { client_id: acme.client._id }, body: { admins: [lmsAdmin.id] } })).status,
      403,
    );
    const set = await t.call(lmsRoutes.adminsSet, { token: acme.adminToken, params: { client_id: acme.client._id }, body: { admins: [lmsAdmin.id] } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const foreignAdmin = await t.call(lmsRoutes.adminsSet, {
      token: other.adminToken,
      params: { client_id: other.client._id },
      body: { admins: [lmsAdmin.id] },
    });
    assert.equal(foreignAdmin.status, 400);
    assert.equal(foreignAdmin.body.errors[0].code, 'invalidId');

    const course = (await t.call(lmsRoutes.courseCreate, { token: lmsAdmin.token, body: { title: 'Safety', short_description: 'Basics' } })).body.result;
    assert.equal(course.status, 'draft');
    const l1 = await t.call(lmsRoutes.lessonCreate, {
      token: lmsAdmin.token,
      body: { course_id: course._id, title: 'One', content: '<p>Hi<script>alert(1)</script></p>', videos: ['https://video.example/1'] },
    });
    assert.equal(l1.status, 200, JSON.stringify(l1.body));
    assert.equal(l1.body.result.content, '<p>Hi</p>', 'the platform policy removes scripts');
    const l2 = (await t.call(lmsRoutes.lessonCreate, { token: lmsAdmin.token, body: { course_id: course._id, title: 'Two' } })).body.result;

    // §5 Test: question text and answers non-empty, at least one right answer.
    const bad = await t.call(lmsRoutes.testCreate, {
      token: lmsAdmin.token,
      body: {
        course_id: course._id,
        title: 'Quiz',
        questions: [
          {
            text: ' ',
            kind: 'single',
            answers: [
              { text: '', right: false },
              { text: 'B', right: false },
            ],
          },
        ],
      },
    });
    assert.equal(bad.status, 400);
    const codes = bad.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort();
    assert.deepEqual(codes, ['questions.0.answers.0.text:lmsAnswerEmpty', 'questions.0.answers:lmsRightAnswerRequired', 'questions.0.text:lmsQuestionEmpty']);
    assert.equal(bad.body.errors.find((e: { code: string }) => e.code === 'lmsRightAnswerRequired').message, 'Mark at least one right answer');

    const made = await t.call(lmsRoutes.testCreate, {
      token: lmsAdmin.token,
      body: {
        course_id: course._id,
        title: 'Quiz',
        shuffle: true,
        show_right_answer: true,
        retries: 1,
        time_limit: 600,
        questions: [single('Q1', 0), single('Q2', 1)],
      },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const withQ3 = await t.call(lmsRoutes.questionAdd, { token: lmsAdmin.token, params: { test_id: made.body.result._id }, body: single('Q3', 2) });
    assert.equal(withQ3.status, 200, JSON.stringify(withQ3.body));
    const test = withQ3.body.result;
    assert.equal(test.questions.length, 3);

    // Not visible to the learner before it is published for them (404), nor to another client.
    assert.equal((await t.call(lmsRoutes.courseGet, { token: learner.token, params: { id: course._id } })).status, 404);
    const appointed = await t.call(lmsRoutes.memberSet, { token: lmsAdmin.token, params: { id: course._id }, body: { users: [learner.id], departments: [] } });
    assert.equal(appointed.status, 200, JSON.stringify(appointed.body));
    // The appointed learner is notified (notifications consume evt.lms.course.appointed), linking the course.
    await eventually(async () => {
      const feed = await t.call(notificationsRoutes.notificationFeed, {
        token: learner.token,
        params: { client: acme.client._id, section: 'all', user: learner.id, time: 'now' },
        query: { limit: '100' },
      });
      return feed.body.result.items.some((n: { type: string; link: string | null }) => n.type === 'course.appointed' && n.link === `/courses/${course._id}`);
    }, 15_000);
    assert.equal(
      (await t.call(lmsRoutes.courseUpdate, { token: lmsAdmin.token, params: { id: course._id }, body: { status: 'published' } })).body.result.status,
      'published',
    );
    assert.equal((await t.call(lmsRoutes.courseGet, { token: learner.token, params: { id: course._id } })).status, 200);
    assert.equal((await t.call(lmsRoutes.courseGet, { token: outsider.token, params: { id: course._id } })).status, 404);
    assert.equal((await t.call(lmsRoutes.courseGet, { token: other.adminToken, params: { id: course._id } })).status, 404);
    const mine = await t.call(lmsRoutes.courseList, { token: learner.token });
    assert.deepEqual(
      mine.body.result.items.map((c: { _id: string }) => c._id),
      [course._id],
    );
    assert.equal((await t.call(lmsRoutes.courseList, { token: outsider.token })).body.result.total, 0);

    // The learner's view of the test carries no right marks.
    const seen = await t.call(lmsRoutes.testGet, { token: learner.token, params: { id: test._id } });
    assert.equal(seen.status, 200);
    assert.ok(seen.body.result.questions.every((q: { answers: object[] }) => q.answers.every((a) => !('right' in a))));

    // Lessons in order.
    const early = await t.call(lmsRoutes.progressLearn, { token: learner.token, body: { course_id: course._id, lesson_id: l2._id } });
    assert.equal(early.status, 400);
    assert.equal(early.body.errors[0].code, LMS_ERRORS.lmsLessonOrder.code);
    assert.equal(
      (await t.call(lmsRoutes.progressLearn, { token: learner.token, body: { course_id: course._id, lesson_id: l1.body.result._id } })).body.result.status,
      'in_progress',
    );
    assert.equal((await t.call(lmsRoutes.progressLearn, { token: learner.token, body: { course_id: course._id, lesson_id: l2._id } })).body.result.percent, 67);

    // The attempt: the deadline is fixed at start; answers carry no right marks before the end.
    const start = () => t.call(lmsRoutes.testStart, { token: learner.token, params: { course_id: course._id, test_id: test._id, user_id: learner.id } });
    assert.equal(
      (await t.call(lmsRoutes.testStart, { token: learner.token, params: { course_id: course._id, test_id: test._id, user_id: outsider.id } })).status,
      403,
    );
    const a = (await start()).body.result;
    assert.ok(a.deadline && Date.parse(a.deadline) - Date.parse(a.started_at) === 600_000);
    assert.equal((await start()).body.result._id, a._id, 'a reload resumes the running attempt');
    const byText = new Map(test.questions.map((q: { text: string; _id: string; answers: { _id: string; right: boolean }[] }) => [q.text, q]));
    const rightOf = (text: string) => (byText.get(text) as { answers: { _id: string; right: boolean }[] }).answers.find((x) => x.right)!._id;
    const wrongOf = (text: string) => (byText.get(text) as { answers: { _id: string; right: boolean }[] }).answers.find((x) => !x.right)!._id;
    const answer = (body: object) => t.call(lmsRoutes.testAnswer, { token: learner.token, params: { test_id: test._id }, body });
    let r = await answer({ question_id: (byText.get('Q1') as { _id: string })._id, answers: [rightOf('Q1')] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.answered, 1);
    assert.equal(r.body.result.score, null);
    assert.ok(r.body.result.questions.every((q: { answers: object[] }) => q.answers.every((x) => !('right' in x))));
    const notOption = await answer({ question_id: (byText.get('Q2') as { _id: string })._id, answers: [rightOf('Q1')] });
    assert.equal(notOption.status, 400);
    assert.equal(notOption.body.errors[0].code, LMS_ERRORS.lmsNotAnOption.code);
    await answer({ question_id: (byText.get('Q2') as { _id: string })._id, answers: [wrongOf('Q2')] });
    r = await answer({ question_id: (byText.get('Q3') as { _id: string })._id, answers: [rightOf('Q3')], finish: true });
    assert.equal(r.status, 200);
    assert.equal(r.body.result.finished, true);
    assert.equal(r.body.result.score, 67);
    assert.ok(
      r.body.result.questions.every((q: { answers: { right?: boolean }[] }) => q.answers.some((x) => x.right === true)),
      'right answers after the end',
    );
    assert.equal((await answer({ finish: true })).body.code, LMS_ERRORS.lmsAttemptFinished.code);

    // The test has passes: no edit.
    const locked = await t.call(lmsRoutes.testUpdate, { token: lmsAdmin.token, params: { id: test._id }, body: { title: 'Changed' } });
    assert.equal(locked.status, 400);
    assert.equal(locked.body.code, LMS_ERRORS.lmsTestHasPasses.code);
    assert.equal(
      (await t.call(lmsRoutes.questionRemove, { token: lmsAdmin.token, params: { test_id: test._id, question_id: test.questions[0]._id } })).status,
      400,
    );

    // Learned: every lesson and every test; the dashboard and the analytics say so.
    const progress = await t.call(lmsRoutes.progressGet, { token: learner.token, params: { course_id: course._id, user_id: learner.id } });
    assert.equal(progress.body.result.status, 'learned');
    assert.equal((await t.call(lmsRoutes.progressGet, { token: outsider.token, params: { course_id: course._id, user_id: learner.id } })).status, 404);
    const dash = await t.call(lmsRoutes.progressDashboard, { token: lmsAdmin.token, params: { id: course._id } });
    assert.equal(dash.body.result.learned, 1);
    assert.equal((await t.call(lmsRoutes.progressDashboard, { token: learner.token, params: { id: course._id } })).status, 403);
    const an = await t.call(lmsRoutes.courseAnalytics, { token: lmsAdmin.token, params: { client_id: acme.client._id }, query: { user_id: learner.id } });
    assert.equal(an.status, 200, JSON.stringify(an.body));
    assert.equal(an.body.result.courses.find((c: { course_id: string }) => c.course_id === course._id).learned, 1);
    assert.equal(an.body.result.user[0].status, 'learned');
    assert.equal((await t.call(lmsRoutes.courseAnalytics, { token: other.adminToken, params: { client_id: acme.client._id } })).status, 404);
    const stat = await t.call(lmsRoutes.testStat, { token: lmsAdmin.token, params: { test_id: test._id } });
    assert.equal(stat.body.result.passed, true);
    assert.equal((await t.call(lmsRoutes.lessonStat, { token: lmsAdmin.token, params: { id: l2._id } })).body.result.learned, 1);

    // One retry allowed, then none.
    const retry = await start();
    assert.equal(retry.status, 200);
    assert.notEqual(retry.body.result._id, a._id);
    assert.equal((await answer({ finish: true })).body.result.score, 0);
    const none = await start();
    assert.equal(none.status, 400);
    assert.equal(none.body.code, LMS_ERRORS.lmsNoRetries.code);
  });

  it('the time limit: an answer after the deadline is refused and the attempt finishes', async () => {
    const course = (await t.call(lmsRoutes.courseCreate, { token: lmsAdmin.token, body: { title: 'Quick', public: true } })).body.result;
    const test = (
      await t.call(lmsRoutes.testCreate, { token: lmsAdmin.token, body: { course_id: course._id, title: 'Fast', time_limit: 1, questions: [single('Only')] } })
    ).body.result;
    await t.call(lmsRoutes.courseUpdate, { token: lmsAdmin.token, params: { id: course._id }, body: { status: 'published' } });
    const started = await t.call(lmsRoutes.testStart, { token: outsider.token, params: { course_id: course._id, test_id: test._id, user_id: outsider.id } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const q = started.body.result.questions[0];
    // Answers are taken until the server's deadline passes (1 s); then refused with the §4 text.
    const late = await eventually(async () => {
      const r = await t.call(lmsRoutes.testAnswer, {
        token: outsider.token,
        params: { test_id: test._id },
        body: { question_id: q._id, answers: [q.answers[0]._id] },
      });
      return r.status === 400 ? r : null;
    }, 10_000);
    assert.equal(late.body.code, LMS_ERRORS.lmsTimeIsUp.code);
    assert.equal(late.body.message, 'Time is up: the test is finished');
    const stat = await t.call(lmsRoutes.testStat, { token: outsider.token, params: { test_id: test._id } });
    assert.equal(stat.status, 200);
    assert.equal(stat.body.result.data.length, 1, 'the attempt finished');
    const again = await t.call(lmsRoutes.testAnswer, { token: outsider.token, params: { test_id: test._id }, body: { finish: true } });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, LMS_ERRORS.lmsAttemptFinished.code);
  });
});
