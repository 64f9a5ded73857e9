import { fileRoutes } from '@intranet/files-contract';
import { kbEvents, kbRoutes, type VacancyRespondedEvent } from '@intranet/kb-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { peopleRoutes } from '@intranet/people-contract';
import { sql } from '@intranet/platform-db';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe('knowledge base tags, link blocks and vacancies (§7 Tags, Link blocks, Articles vacancy variant; §5 Link, Vacancy)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let emp: Emp;
  let hr: Emp;
  const inject = (o: any) => t.portal.app.getHttpAdapter().getInstance().inject(o);

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('kbextra');
    other = await t.makeClient('kbextra2');
    emp = await t.makeEmployee(acme.adminToken, 'emp@kbextra.test', { department: 'Sales' });
    hr = await t.makeEmployee(acme.adminToken, 'hr@kbextra.test', { department: 'HR' });
  });
  afterAll(() => t.close());

  it('tags: create, list by module and template flag, rename, attach by id or name, detach, filter, delete', async () => {
    const a = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Tagged', content: 'x' } });
    const b = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Untagged', content: 'y' } });
    const hrTag = await t.call(kbRoutes.tagCreate, { token: acme.adminToken, body: { name: 'HR', module: 'kb', tmpl: true, color: '#f00' } });
    assert.equal(hrTag.status, 200);
    assert.equal(hrTag.body.result.tmpl, true);
    const dup = await t.call(kbRoutes.tagCreate, { token: acme.adminToken, body: { name: 'hr', module: 'kb' } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.message, 'This tag already exists');
    assert.equal((await t.call(kbRoutes.tagCreate, { token: acme.adminToken, body: { name: '', module: 'kb' } })).body.errors[0].message, 'Field is required');
    assert.equal((await t.call(kbRoutes.tagCreate, { token: emp.token, body: { name: 'Tmpl', module: 'kb', tmpl: true } })).status, 403);
    const own = await t.call(kbRoutes.tagCreate, { token: emp.token, body: { name: 'Mine', module: 'kb' } });
    assert.equal(own.status, 200);
    const all = await t.call(kbRoutes.tagList, { token: emp.token, params: { client_id: acme.client._id, module: 'kb' } });
    assert.deepEqual(
      all.body.result.map((x: any) => x.name),
      ['HR', 'Mine'],
    );
    const tmpl = await t.call(kbRoutes.tagList, { token: emp.token, params: { client_id: acme.client._id, module: 'kb' }, query: { tmpl: '1' } });
    assert.deepEqual(
      tmpl.body.result.map((x: any) => x.name),
      ['HR'],
    );
    const notTmpl = await t.call(kbRoutes.tagList, { token: emp.token, params: { client_id: acme.client._id, module: 'kb' }, query: { tmpl: '0' } });
    assert.deepEqual(
      notTmpl.body.result.map((x: any) => x.name),
      ['Mine'],
    );
    assert.equal((await t.call(kbRoutes.tagList, { token: other.adminToken, params: { client_id: acme.client._id, module: 'kb' } })).status, 404);

    assert.equal((await t.call(kbRoutes.tagUpdate, { token: emp.token, params: { id: hrTag.body.result._id }, body: { name: 'x' } })).status, 403);
    const ren = await t.call(kbRoutes.tagUpdate, { token: emp.token, params: { id: own.body.result._id }, body: { name: 'Mine2' } });
    assert.equal(ren.body.result.name, 'Mine2');
    assert.equal((await t.call(kbRoutes.tagUpdate, { token: other.adminToken, params: { id: own.body.result._id }, body: { name: 'x' } })).status, 404);

    const att = await t.call(kbRoutes.tagAttach, {
      token: acme.adminToken,
      params: { model: 'article', item_id: a.body.result._id },
      body: { _id: hrTag.body.result._id },
    });
    assert.deepEqual(
      att.body.result.map((x: any) => x.name),
      ['HR'],
    );
    const byName = await t.call(kbRoutes.tagAttach, {
      token: acme.adminToken,
      params: { model: 'article', item_id: a.body.result._id },
      body: { name: 'Policies' },
    });
    assert.deepEqual(
      byName.body.result.map((x: any) => x.name),
      ['HR', 'Policies'],
    );
    assert.equal(
      (await t.call(kbRoutes.tagAttach, { token: emp.token, params: { model: 'article', item_id: a.body.result._id }, body: { _id: own.body.result._id } }))
        .status,
      403,
      'readers may not tag',
    );
    const filtered = await t.call(kbRoutes.articleAccessFor, {
      token: emp.token,
      params: { client: acme.client._id, user: emp.user._id },
      query: { tags: hrTag.body.result._id },
    });
    assert.deepEqual(
      filtered.body.result.map((x: any) => x._id),
      [a.body.result._id],
    );
    assert.deepEqual(
      filtered.body.result[0].tags.map((x: any) => x.name),
      ['HR', 'Policies'],
    );
    assert.ok(b.body.result._id);
    const det = await t.call(kbRoutes.tagDetach, {
      token: acme.adminToken,
      params: { id: hrTag.body.result._id, model: 'article', item_id: a.body.result._id },
    });
    assert.deepEqual(
      det.body.result.map((x: any) => x.name),
      ['Policies'],
    );
    const withTags = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'kb', title: 'With tags', content: 'z', tags: [hrTag.body.result._id] },
    });
    assert.deepEqual(
      withTags.body.result.tags.map((x: any) => x.name),
      ['HR'],
    );
    assert.equal((await t.call(kbRoutes.tagDelete, { token: emp.token, params: { client_id: acme.client._id, tag_id: hrTag.body.result._id } })).status, 403);
    assert.equal(
      (await t.call(kbRoutes.tagDelete, { token: acme.adminToken, params: { client_id: acme.client._id, tag_id: hrTag.body.result._id } })).status,
      200,
    );
    const after = await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: withTags.body.result._id } });
    assert.deepEqual(after.body.result.tags, []);
    assert.equal(
      (await t.call(kbRoutes.tagDelete, { token: acme.adminToken, params: { client_id: acme.client._id, tag_id: hrTag.body.result._id } })).status,
      404,
    );
  });

  it('link blocks: toggle creates and hides, links need a title and a valid URL (§5), edit, delete, isolation', async () => {
    const on = await t.call(kbRoutes.linksToggle, { token: acme.adminToken, body: { module: 'kb', block_id: 'main', title: 'Useful' } });
    assert.equal(on.status, 200);
    assert.equal(on.body.result.active, true);
    const blockId = on.body.result._id;
    assert.equal((await t.call(kbRoutes.linksToggle, { token: emp.token, body: { module: 'kb' } })).status, 403);
    const bad = await t.call(kbRoutes.linksAdd, { token: acme.adminToken, params: { block_id: blockId }, body: { title: '', url: 'not a url' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: any) => `${e.field}:${e.message}`).sort(), ['title:Field is required', 'url:Invalid URL']);
    assert.equal(
      (await t.call(kbRoutes.linksAdd, { token: acme.adminToken, params: { block_id: blockId }, body: { title: 'x', url: 'javascript:alert(1)' } })).body
        .message,
      'Validation error',
    );
    const added = await t.call(kbRoutes.linksAdd, {
      token: acme.adminToken,
      params: { block_id: blockId },
      body: { title: 'Portal', url: 'https://example.com' },
    });
    assert.equal(added.status, 200);
    const link = added.body.result.links[0];
    await t.call(kbRoutes.linksAdd, { token: acme.adminToken, params: { block_id: blockId }, body: { title: 'Mail', url: 'mailto:hr@example.com' } });
    const upd = await t.call(kbRoutes.linksUpdate, {
      token: acme.adminToken,
      params: { block_id: blockId },
      body: { _id: link._id, title: 'Portal 2', url: 'https://example.org' },
    });
    assert.equal(upd.body.result.links[0].title, 'Portal 2');
    assert.equal(
      (await t.call(kbRoutes.linksUpdate, { token: acme.adminToken, params: { block_id: blockId }, body: { _id: blockId, title: 'x', url: 'https://x.y' } }))
        .status,
      404,
    );
    const got = await t.call(kbRoutes.linksGet, { token: emp.token, params: { id: blockId } });
    assert.deepEqual(
      got.body.result.links.map((l: any) => l.title),
      ['Portal 2', 'Mail'],
    );
    const listed = await t.call(kbRoutes.linksList, { token: emp.token, params: { client_id: acme.client._id, module: 'kb' } });
    assert.equal(listed.body.result.length, 1);
    const off = await t.call(kbRoutes.linksToggle, { token: acme.adminToken, body: { module: 'kb', block_id: 'main' } });
    assert.equal(off.body.result.active, false);
    assert.equal((await t.call(kbRoutes.linksGet, { token: emp.token, params: { id: blockId } })).status, 404, 'hidden for employees');
    assert.deepEqual((await t.call(kbRoutes.linksList, { token: emp.token, params: { client_id: acme.client._id, module: 'kb' } })).body.result, []);
    assert.equal((await t.call(kbRoutes.linksList, { token: acme.adminToken, params: { client_id: acme.client._id, module: 'kb' } })).body.result.length, 1);
    const del = await t.call(kbRoutes.linksDelete, { token: acme.adminToken, params: { block_id: blockId, id: link._id } });
    assert.deepEqual(
      del.body.result.links.map((l: any) => l.title),
      ['Mail'],
    );
    assert.equal((await t.call(kbRoutes.linksDelete, { token: acme.adminToken, params: { block_id: blockId, id: link._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.linksDelete, { token: emp.token, params: { block_id: blockId, id: link._id } })).status, 403);
    assert.equal((await t.call(kbRoutes.linksGet, { token: other.adminToken, params: { id: blockId } })).status, 404);
    assert.equal(
      (await t.call(kbRoutes.linksAdd, { token: other.adminToken, params: { block_id: blockId }, body: { title: 'x', url: 'https://x.y' } })).status,
      404,
    );

    // A block placed on a restricted article follows the article's grants.
    const secret = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'kb', title: 'HR only', content: 'x', grants: [{ target: 'department', value: 'HR', level: 'read' }] },
    });
    const onArticle = await t.call(kbRoutes.linksToggle, { token: acme.adminToken, body: { module: 'kb', block_id: secret.body.result._id } });
    assert.equal((await t.call(kbRoutes.linksGet, { token: emp.token, params: { id: onArticle.body.result._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.linksGet, { token: hr.token, params: { id: onArticle.body.result._id } })).status, 200);
  });

  it('vacancies: §5 fields required, listed with section=vacancy, responses with a CV reach the receivers', async () => {
    const missing = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'vacancy', title: 'Dev' } });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body.errors.map((e: any) => e.field).sort(), ['content', 'receivers', 'salaryFrom', 'salaryTo']);
    assert.ok(missing.body.errors.every((e: any) => e.message === 'Field is required'));
    const money = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'vacancy', title: 'Dev', content: 'x', salaryFrom: -1, salaryTo: 1.5, receivers: [hr.user._id] },
    });
    assert.deepEqual(money.body.errors.map((e: any) => `${e.field}:${e.message}`).sort(), ['salaryFrom:Must be 0 or more', 'salaryTo:Must be a whole number']);
    const range = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'vacancy', title: 'Dev', content: 'x', salaryFrom: 5, salaryTo: 1, receivers: [hr.user._id] },
    });
    assert.deepEqual(range.body.errors, [{ field: 'salaryTo', code: 'salaryRange', message: 'Salary from cannot exceed salary to' }]);
    const v = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: {
        section: 'vacancy',
        title: 'Backend developer',
        content: '<p>Node and <b>PostgreSQL</b></p>',
        salaryFrom: 3000,
        salaryTo: 5000,
        receivers: [hr.user._id],
      },
    });
    assert.equal(v.status, 200, JSON.stringify(v.body));
    assert.deepEqual([v.body.result.salaryFrom, v.body.result.salaryTo, v.body.result.receivers], [3000, 5000, [hr.user._id]]);
    const vacancies = await t.call(kbRoutes.articleAccessFor, {
      token: emp.token,
      params: { client: acme.client._id, user: emp.user._id },
      query: { section: 'vacancy' },
    });
    assert.deepEqual(
      vacancies.body.result.map((x: any) => x.title),
      ['Backend developer'],
    );
    const kb = await t.call(kbRoutes.articleAccessFor, { token: emp.token, params: { client: acme.client._id, user: emp.user._id } });
    assert.ok(!kb.body.result.some((x: any) => x._id === v.body.result._id), 'vacancies are not in the knowledge base');
    const found = await t.call(kbRoutes.articleAccessFor, {
      token: emp.token,
      params: { client: acme.client._id, user: emp.user._id },
      query: { section: 'vacancy', search: 'postgresql' },
    });
    assert.deepEqual(
      found.body.result.map((x: any) => x._id),
      [v.body.result._id],
    );
    const clear = await t.call(kbRoutes.articleUpdate, { token: acme.adminToken, params: { id: v.body.result._id }, body: { receivers: [] } });
    assert.deepEqual(clear.body.errors, [{ field: 'receivers', code: 'required', message: 'Field is required' }]);

    const events: BusEvent<VacancyRespondedEvent>[] = [];
    const offEvt = await on(t.portal.platform.bus, kbEvents.vacancyResponded, async (e) => {
      events.push(e);
    });
    const boundary = '----cv';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.alloc(500, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await inject({
      method: 'POST',
      url: `${fileRoutes.fileUpload.path}?kind=cv`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${emp.token}` },
    });
    const cv = up.json().results[0];
    const resp = await t.call(kbRoutes.vacancyRespond, {
      token: emp.token,
      body: { article: v.body.result._id, message: 'I am interested', cv: { key: cv.key, fileName: cv.fileName, mimetype: cv.mimetype } },
    });
    assert.equal(resp.status, 200, JSON.stringify(resp.body));
    assert.equal(resp.body.result.user, emp.user._id);
    assert.equal(resp.body.result.cv.fileName, 'cv.pdf');
    const e = await eventually(() => events.find((x) => x.data.responseId === resp.body.result._id));
    assert.deepEqual(new Set(e.data.userIds), new Set([hr.user._id, acme.admin._id]), 'the relay sends it to the receivers and the owner only');
    assert.equal(e.data.ownerId, acme.admin._id);
    assert.equal(e.data.title, 'Backend developer');
    assert.equal(e.clientId, acme.client._id);
    await offEvt();
    // §5: one response per person; an empty response is refused and stores nothing.
    const twice = await t.call(kbRoutes.vacancyRespond, { token: emp.token, body: { article: v.body.result._id, message: 'Again' } });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.message, 'You have already responded to this vacancy');
    const both = await Promise.all(
      [1, 2].map(() => t.call(kbRoutes.vacancyRespond, { token: acme.adminToken, body: { article: v.body.result._id, contacts: 'a@b.c' } })),
    );
    assert.deepEqual(both.map((x) => x.status).sort(), [200, 409], 'two requests at once store one response');
    const empty = await t.call(kbRoutes.vacancyRespond, { token: hr.token, body: { article: v.body.result._id, message: '   ', contacts: '' } });
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.errors, [{ field: 'message', code: 'responseEmpty', message: 'Write a message, leave contacts or attach a CV' }]);
    const listed = await t.call(kbRoutes.vacancyResponses, { token: hr.token, params: { id: v.body.result._id } });
    assert.deepEqual(listed.body.result.map((x: any) => x.user).sort(), [emp.user._id, acme.admin._id].sort());
    const notVacancy = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Plain', content: 'x' } });
    const wrong = await t.call(kbRoutes.vacancyRespond, { token: emp.token, body: { article: notVacancy.body.result._id, message: 'x' } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, 'This is not a vacancy');
    assert.equal((await t.call(kbRoutes.vacancyRespond, { token: other.adminToken, body: { article: v.body.result._id, message: 'x' } })).status, 404);
    // A vacancy restricted to HR: others can neither see nor respond.
    await t.call(kbRoutes.articleRights, {
      token: acme.adminToken,
      params: { id: v.body.result._id },
      body: { grants: [{ target: 'department', value: 'HR', level: 'read' }] },
    });
    assert.equal((await t.call(kbRoutes.vacancyRespond, { token: emp.token, body: { article: v.body.result._id, message: 'x' } })).status, 403);
    assert.equal((await t.call(kbRoutes.vacancyRespond, { token: hr.token, body: { article: v.body.result._id, message: 'Me too' } })).status, 200);
  });

  it('feature rights (§6): without knowledge_base an employee reads no article', async () => {
    const noKb = await t.makeEmployee(acme.adminToken, 'nokb@kbextra.test');
    const r = await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: noKb.user._id, role: 'knowledge_base' } });
    assert.equal(r.status, 200);
    const tok = (await t.login('nokb@kbextra.test', 'employee1')).token;
    const a = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Needs right', content: 'x' } });
    assert.equal((await t.call(kbRoutes.articleGet, { token: tok, params: { id: a.body.result._id } })).status, 403);
    assert.equal((await t.call(kbRoutes.articleAccessFor, { token: tok, params: { client: acme.client._id, user: noKb.user._id } })).status, 403);
    const vac = await t.call(kbRoutes.articleAccessFor, {
      token: tok,
      params: { client: acme.client._id, user: noKb.user._id },
      query: { section: 'vacancy' },
    });
    assert.equal(vac.status, 200, 'vacancies need their own right, which they still have');
  });

  it('the grants projection follows people updates (department change moves access)', async () => {
    const a = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'kb', title: 'Legal only', content: 'x', grants: [{ target: 'department', value: 'Legal', level: 'read' }] },
    });
    const id = a.body.result._id;
    assert.equal((await t.call(kbRoutes.articleGet, { token: emp.token, params: { id } })).status, 403);
    const state = async () =>
      t.portal.platform.db.asSystem('test: projection state', async (tx) => {
        const r = (await tx.execute(sql`SELECT complete, department FROM kb.members WHERE id = ${emp.user._id}`)) as unknown as {
          rows: { complete: boolean; department: string | null }[];
        };
        return r.rows[0];
      });
    const complete = async () => (await state())?.complete;
    assert.equal(await complete(), true, 'fetched from people on first use');
    const moved = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: emp.user._id }, body: { department: 'Legal' } });
    assert.equal(moved.status, 200);
    // The event marks the row stale when it lacks grant attributes (today), or carries the new department.
    await eventually(async () => {
      const s = await state();
      return s?.complete === false || s?.department === 'Legal';
    });
    assert.equal((await t.call(kbRoutes.articleGet, { token: emp.token, params: { id } })).status, 200);
    assert.equal(await complete(), true);
  });
});
