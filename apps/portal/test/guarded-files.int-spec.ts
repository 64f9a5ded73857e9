import { chatRoutes } from '@intranet/chat-contract';
import { fileRoutes } from '@intranet/files-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { hrFileRoutes } from '@intranet/people-contract/hr';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { multipart, sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Person = Awaited<ReturnType<TestPortal['makeEmployee']>>;

/**
 * Issue 38 §4: personal data (the employees' Excel export, HR files, CVs) and chat attachments are guarded file kinds,
 * like knowledge-base files: their signed URL alone reads nothing; another company's session (bearer or files
 * cookie) is refused; only a session of someone the owner allows now (the administrators; the employee for their HR
 * files; the vacancy's receivers and the responder for a CV; the room's members) gets 200.
 */
describe('guarded personal data: exports, HR files, CVs and chat attachments (issue 38 §4)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let ann: Person;
  let bob: Person;

  const inject = (o: Record<string, unknown>) =>
    t.portal.app
      .getHttpAdapter()
      .getInstance()
      .inject(o as never);
  /** GET `url` as nobody, with a bearer token or with a files cookie (`{ cookie }`); the status. */
  const get = async (url: string, as?: string | { cookie: string }) => {
    const headers = !as ? {} : typeof as === 'string' ? { authorization: `Bearer ${as}` } : { cookie: as.cookie };
    return (await inject({ method: 'GET', url, headers })).statusCode as number;
  };
  /** The files cookie (download token) of `token`'s session, as the browser sends it. */
  const filesCookie = async (token: string) => {
    const r = await inject({ method: 'PUT', url: fileRoutes.fileSession.path, headers: { authorization: `Bearer ${token}` } });
    assert.equal(r.statusCode, 200, r.body);
    return { cookie: String(r.headers['set-cookie']).split(';')[0]! };
  };
  const upload = async (token: string, name: string, kind: string) => {
    const m = multipart([{ name, data: Buffer.from(`personal data in ${name}`) }]);
    const res = await inject({
      method: 'POST',
      url: `${fileRoutes.fileUpload.path}?kind=${kind}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    const f = res.json().results[0];
    return { key: f.key as string, fileName: f.fileName as string, mimetype: f.mimetype as string, size: f.size as number };
  };
  /**
   * The refusals every guarded URL gives, then the readers it serves: nobody (401), another company's administrator
   * by bearer and by files cookie (403), each of `denied` (403), each of `allowed` by bearer and by cookie (200).
   */
  const guarded = async (url: string, allowed: string[], denied: string[]) => {
    assert.equal(await get(url), 401, 'the signed URL alone');
    assert.equal(await get(url, other.adminToken), 403, "another company's token");
    assert.equal(await get(url, await filesCookie(other.adminToken)), 403, "another company's files cookie");
    for (const token of denied) assert.equal(await get(url, token), 403, 'someone the owner does not allow');
    for (const token of allowed) {
      assert.equal(await get(url, token), 200, 'an allowed session (bearer)');
      assert.equal(await get(url, await filesCookie(token)), 200, 'an allowed session (files cookie)');
    }
  };

  beforeAll(async () => {
    t = await sharedPortal({ RATE_LIMIT_SCALE: '1000' });
    acme = await t.makeClient('guarded');
    other = await t.makeClient('guardedother');
    ann = await t.makeEmployee(acme.adminToken, 'ann@guarded.test');
    bob = await t.makeEmployee(acme.adminToken, 'bob@guarded.test');
  });
  afterAll(() => t.close());

  it('the employees Excel export: the administrators only', async () => {
    const ex = await t.call(peopleRoutes.userExportAll, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    await guarded(ex.body.result.url, [acme.adminToken], [ann.token]);
  });

  it('an HR file: the administrators and the employee it belongs to', async () => {
    const doc = await upload(acme.adminToken, 'contract.pdf', 'hr');
    const added = await t.call(hrFileRoutes.userFilesAdd, { token: acme.adminToken, params: { userId: ann.user._id }, body: { files: [doc] } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const list = await t.call(hrFileRoutes.userFiles, { token: ann.token, params: { userId: ann.user._id } });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    await guarded(list.body.result[0].url, [acme.adminToken, ann.token], [bob.token]);
  });

  it("a CV: the vacancy's receivers, the administrators and the responder", async () => {
    const v = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'vacancy', title: 'Analyst', content: '<p>Numbers</p>', salaryFrom: 1, salaryTo: 2, receivers: [acme.admin._id] },
    });
    assert.equal(v.status, 200, JSON.stringify(v.body));
    const cv = await upload(ann.token, 'cv.pdf', 'cv');
    const resp = await t.call(kbRoutes.vacancyRespond, { token: ann.token, body: { article: v.body.result._id, message: 'Hire me', contacts: 'ann@x', cv } });
    assert.equal(resp.status, 200, JSON.stringify(resp.body));
    const list = await t.call(kbRoutes.vacancyResponses, { token: acme.adminToken, params: { id: v.body.result._id } });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    await guarded(list.body.result[0].cv.url, [acme.adminToken, ann.token], [bob.token]);
  });

  it("a chat attachment: the room's members", async () => {
    const room = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Payroll', members: [acme.admin._id] } });
    assert.equal(room.status, 200, JSON.stringify(room.body));
    const file = await upload(ann.token, 'salaries.pdf', 'chat');
    const sent = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: room.body.result._id, file } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await guarded(sent.body.result.file.url, [ann.token, acme.adminToken], [bob.token]);
  });
});
