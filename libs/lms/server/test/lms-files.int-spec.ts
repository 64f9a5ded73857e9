import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import sharp from 'sharp';
import { lmsRoutes } from '@intranet/lms-contract';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Person = { id: string; token: string };

/**
 * Learning's files and appointments through the real gateway and bus (PostgreSQL + NATS when set, else PGlite):
 * lesson attachments uploaded and downloaded through the files service, the cover's §5 size refused with its code
 * (wrongImageSize), and a course appointed to departments notifying every member once.
 */
describe('lms files and appointments (§3 Course, lesson; §5 cover; issue 33 notifications)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('lmsfiles');
    other = await t.makeClient('lmsfilesx');
  });
  afterAll(async () => {
    await t.close();
  });

  /** POST api/upload?kind=… (multipart) as `token`. Output: the HTTP status and the JSON answer. */
  const upload = async (token: string, kind: string, name: string, data: Buffer) => {
    const boundary = `----lms${Date.now().toString(16)}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.portal.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: `/api/upload?kind=${kind}`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
    return { status: res.statusCode, body: res.json() };
  };
  const download = (url: string) => t.portal.app.getHttpAdapter().getInstance().inject({ method: 'GET', url });

  it('a lesson keeps its attached files (storage keys of the client), gives signed download URLs; another client’s key is refused', async () => {
    const course = (await t.call(lmsRoutes.courseCreate, { token: acme.adminToken, body: { title: 'Files' } })).body.result;
    const up = await upload(acme.adminToken, 'file', 'rules.txt', Buffer.from('Exits are marked green.'));
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const key = up.body.results[0].key as string;
    const made = await t.call(lmsRoutes.lessonCreate, {
      token: acme.adminToken,
      body: { course_id: course._id, title: 'One', files: [{ src: key, fileName: 'rules.txt' }] },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const got = await t.call(lmsRoutes.lessonGet, { token: acme.adminToken, params: { id: made.body.result._id } });
    assert.equal(got.status, 200, JSON.stringify(got.body));
    assert.equal(got.body.result.files.length, 1);
    const file = got.body.result.files[0];
    assert.equal(file.fileName, 'rules.txt');
    assert.match(file.src, /^\/api\/files\/.+\?exp=\d+&sig=/);
    const res = await download(file.src);
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, 'Exits are marked green.');

    // Saved again as the editor sends it (the kept file by its signed URL, a second by its key): both stay.
    const up2 = await upload(acme.adminToken, 'file', 'map.txt', Buffer.from('Map'));
    const upd = await t.call(lmsRoutes.lessonUpdate, {
      token: acme.adminToken,
      params: { id: made.body.result._id },
      body: { files: [file, { src: up2.body.results[0].key, fileName: 'map.txt' }] },
    });
    assert.equal(upd.status, 200, JSON.stringify(upd.body));
    assert.deepEqual(
      upd.body.result.files.map((f: { fileName: string }) => f.fileName),
      ['rules.txt', 'map.txt'],
    );
    assert.equal((await download(upd.body.result.files[0].src)).body, 'Exits are marked green.');

    // Another client's upload, or a key that names nothing: 400 at the file's field, nothing stored.
    const foreign = await upload(other.adminToken, 'file', 'x.txt', Buffer.from('x'));
    for (const src of [foreign.body.results[0].key, `${acme.client._id}/file/none/x.txt`]) {
      const bad = await t.call(lmsRoutes.lessonUpdate, {
        token: acme.adminToken,
        params: { id: made.body.result._id },
        body: { files: [{ src, fileName: 'x.txt' }] },
      });
      assert.equal(bad.status, 400);
      assert.deepEqual([bad.body.errors[0].field, bad.body.errors[0].code], ['files.0.src', 'fileNotFound']);
    }
    assert.equal((await t.call(lmsRoutes.lessonGet, { token: acme.adminToken, params: { id: made.body.result._id } })).body.result.files.length, 2);
  });

  it('a cover of the wrong size is refused through the gateway with the code wrongImageSize (§5: 3420 px wide, ≥ 250 px high)', async () => {
    const small = await sharp({ create: { width: 1000, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const r = await upload(acme.adminToken, 'cover', 'cover.png', small);
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'Wrong image size');
    assert.deepEqual([r.body.errors[0].field, r.body.errors[0].code], ['file', 'wrongImageSize']);
    const right = await sharp({ create: { width: 3420, height: 250, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    assert.equal((await upload(acme.adminToken, 'cover', 'cover.png', right)).status, 200);
  });

  it('a course appointed to departments notifies every member once (named and in a department: once; saved again: no more)', async () => {
    const mk = async (email: string, department: string): Promise<Person> => {
      const e = await t.makeEmployee(acme.adminToken, email, { department });
      return { id: e.user._id, token: e.token };
    };
    const [ann, bob, cat, dan] = [
      await mk('ann@lmsfiles.test', 'Sales'),
      await mk('bob@lmsfiles.test', 'Sales'),
      await mk('cat@lmsfiles.test', 'Support'),
      await mk('dan@lmsfiles.test', 'Legal'),
    ];
    const course = (await t.call(lmsRoutes.courseCreate, { token: acme.adminToken, body: { title: 'Ethics' } })).body.result;
    const appointed = (p: Person) =>
      t
        .call(notificationsRoutes.notificationFeed, {
          token: p.token,
          params: { client: acme.client._id, section: 'all', user: p.id, time: 'now' },
          query: { limit: '100' },
        })
        .then((r) => {
          assert.equal(r.status, 200, JSON.stringify(r.body));
          return (r.body.result.items as { type: string; object: { id: string } | null }[]).filter(
            (n) => n.type === 'course.appointed' && n.object?.id === course._id,
          ).length;
        });
    const set = async (users: string[], departments: string[]) => {
      const r = await t.call(lmsRoutes.memberSet, { token: acme.adminToken, params: { id: course._id }, body: { users, departments } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    };
    // Ann is named and in Sales; Bob only in Sales; Cat and Dan in no appointed department.
    await set([ann.id], ['Sales']);
    await eventually(async () => (await appointed(ann)) === 1 && (await appointed(bob)) === 1, 90_000);
    // Saved again as it is, then Support added: only Cat is new. Her notice comes after the one the unchanged save
    // would have made (one consumer, in order), so none of those came.
    await set([ann.id], ['Sales']);
    await set([ann.id], ['Sales', 'Support']);
    await eventually(async () => (await appointed(cat)) === 1, 90_000);
    assert.deepEqual([await appointed(ann), await appointed(bob), await appointed(cat), await appointed(dan)], [1, 1, 1, 0]);

    // The learner's paths read only the caller's own entries of the member lists: named (Ann), by department (Bob,
    // Cat) learn and take the test; Dan, in no appointed department and not named, is told the course does not exist.
    const lesson = (await t.call(lmsRoutes.lessonCreate, { token: acme.adminToken, body: { course_id: course._id, title: 'Rules' } })).body.result;
    const quiz = (
      await t.call(lmsRoutes.testCreate, {
        token: acme.adminToken,
        body: {
          course_id: course._id,
          title: 'Check',
          questions: [
            {
              text: 'Fair?',
              kind: 'single',
              answers: [
                { text: 'Yes', right: true },
                { text: 'No', right: false },
              ],
            },
          ],
        },
      })
    ).body.result;
    assert.equal((await t.call(lmsRoutes.courseUpdate, { token: acme.adminToken, params: { id: course._id }, body: { status: 'published' } })).status, 200);
    const learn = (p: Person) => t.call(lmsRoutes.progressLearn, { token: p.token, body: { course_id: course._id, lesson_id: lesson._id } });
    const start = (p: Person) => t.call(lmsRoutes.testStart, { token: p.token, params: { course_id: course._id, test_id: quiz._id, user_id: p.id } });
    assert.deepEqual([(await learn(ann)).status, (await learn(bob)).status, (await learn(cat)).status, (await learn(dan)).status], [200, 200, 200, 404]);
    assert.deepEqual([(await start(ann)).status, (await start(bob)).status, (await start(dan)).status], [200, 200, 404]);
    const answered = await t.call(lmsRoutes.testAnswer, {
      token: bob.token,
      params: { test_id: quiz._id },
      body: { question_id: quiz.questions[0]._id, answers: [quiz.questions[0].answers[0]._id], finish: true },
    });
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    assert.equal(answered.body.result.finished, true);
  });
});
