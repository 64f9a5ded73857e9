import { clientFeatureActive, clientRoutes, type ClientFeature } from '@intranet/clients-contract';
import { kbRoutes } from '@intranet/kb-contract';
import type { RouteDef } from '@intranet/platform-contracts';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventuallyPasses } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

/**
 * A client feature switched off (§6 "Clients have toggleable features", issue 8) closes the kb routes of that
 * module: the knowledge base and vacancies share routes (an article or a vacancy by id, lists by section), so the
 * kb service decides on the row's section; the routes of one module are refused by the gateway (contract `feature`).
 */
describe('kb: the knowledge base and vacancies with their client feature switched off (§6)', () => {
  let t: TestPortal;
  let acme: Client;
  let emp: Emp;
  let folder: string;
  let article: string;
  let vacancy: string;

  /** Switches a feature of acme to `on` (superadmin), as §7 PUT api/clients/features/switch toggles it. */
  async function setFeature(feature: ClientFeature, on: boolean) {
    const cur = await t.call(clientRoutes.clientGet, { token: acme.superToken, params: { id: acme.client._id } });
    if (clientFeatureActive(cur.body.result, feature) === on) return;
    const r = await t.call(clientRoutes.featuresSwitch, { token: acme.superToken, params: { client: acme.client._id, code: feature } });
    assert.equal(r.status, 200);
    assert.equal(clientFeatureActive(r.body.result, feature), on);
  }

  /**
   * The status of a call once it is `want` (the gateway's client cache follows a switch within 3 s); after 3 s,
   * fails naming the last status and body. A 403 must be 'No access'.
   */
  async function statusOf(
    route: RouteDef,
    token: string,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
    want: number,
  ) {
    let r = await t.call(route, { token, ...(input as object) });
    await eventuallyPasses(async () => {
      if (r.status !== want) r = await t.call(route, { token, ...(input as object) });
      assert.equal(r.status, want, `${route.method} ${route.path}: ${JSON.stringify(r.body).slice(0, 200)}`);
    }, 3000);
    if (r.status === 403) assert.equal(r.body.message, 'No access');
    return r.status;
  }

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('kbfeat');
    emp = await t.makeEmployee(acme.adminToken, 'emp@kbfeat.test');
    const f = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', type: 'folder', title: 'Folder' } });
    folder = f.body.result._id;
    const a = await t.call(kbRoutes.articleCreate, { token: acme.adminToken, body: { section: 'kb', title: 'Handbook', content: 'x', parent: folder } });
    article = a.body.result._id;
    const v = await t.call(kbRoutes.articleCreate, {
      token: acme.adminToken,
      body: { section: 'vacancy', title: 'Engineer', content: 'y', salaryFrom: 1000, salaryTo: 2000, receivers: [acme.admin._id] },
    });
    assert.equal(v.status, 200, JSON.stringify(v.body));
    vacancy = v.body.result._id;
    assert.ok(folder && article && vacancy);
  });
  afterAll(() => t.close());

  const listOf = (token: string, uid: string, section: 'kb' | 'vacancy') => ({ params: { client: acme.client._id, user: uid }, query: { section } });

  it('knowledge base off: its articles, folders, lists and new articles answer 403 No access for the admin and the employee; vacancies work', async () => {
    await setFeature('knowledge_base', false);
    for (const [who, token, uid] of [
      ['admin', acme.adminToken, acme.admin._id],
      ['employee', emp.token, emp.user._id],
    ] as const) {
      assert.equal(await statusOf(kbRoutes.articleGet, token, { params: { id: article } }, 403), 403, `${who}: article`);
      assert.equal(await statusOf(kbRoutes.articleChild, token, { params: { id: folder } }, 403), 403, `${who}: folder children (gateway)`);
      assert.equal(await statusOf(kbRoutes.articleBreadcrumbs, token, { params: { id: article } }, 403), 403, `${who}: breadcrumbs`);
      assert.equal(await statusOf(kbRoutes.articleAccessFor, token, listOf(token, uid, 'kb'), 403), 403, `${who}: kb list`);
      assert.equal(await statusOf(kbRoutes.articleFullTree, token, { params: { id: acme.client._id } }, 403), 403, `${who}: tree`);
      assert.equal(await statusOf(kbRoutes.articleCreate, token, { body: { section: 'kb', title: 'New', content: 'z' } }, 403), 403, `${who}: create`);
      assert.equal(await statusOf(kbRoutes.tagList, token, { params: { client_id: acme.client._id, module: 'kb' } }, 403), 403, `${who}: kb tags`);
      assert.equal(await statusOf(kbRoutes.linksList, token, { params: { client_id: acme.client._id, module: 'kb' } }, 403), 403, `${who}: kb links blocks`);
      assert.equal(await statusOf(kbRoutes.tagList, token, { params: { client_id: acme.client._id, module: 'vacancy' } }, 200), 200, `${who}: vacancy tags`);
      assert.equal(await statusOf(kbRoutes.articleGet, token, { params: { id: vacancy } }, 200), 200, `${who}: a vacancy still opens`);
      assert.equal(await statusOf(kbRoutes.articleAccessFor, token, listOf(token, uid, 'vacancy'), 200), 200, `${who}: vacancy list`);
    }
    assert.equal(
      await statusOf(kbRoutes.linksToggle, acme.adminToken, { body: { module: 'kb', block_id: 'main', active: true } }, 403),
      403,
      'admin: kb links block toggle',
    );
    assert.equal(await statusOf(kbRoutes.tagCreate, acme.adminToken, { body: { name: 'Off', module: 'kb' } }, 403), 403, 'admin: new kb tag');
    // Nothing was created while it was off.
    await setFeature('knowledge_base', true);
    const list = await t.call(kbRoutes.articleAccessFor, {
      token: acme.adminToken,
      params: { client: acme.client._id, user: acme.admin._id },
      query: { section: 'kb', parent: folder },
    });
    assert.equal(await statusOf(kbRoutes.articleGet, acme.adminToken, { params: { id: article } }, 200), 200, 'on again: the article opens');
    assert.deepEqual(
      list.body.result.map((x: { title: string }) => x.title),
      ['Handbook'],
    );
  });

  it('vacancies off: a vacancy, the vacancy list, responding and the responses answer 403; the knowledge base works', async () => {
    await setFeature('vacancies', false);
    try {
      for (const [who, token, uid] of [
        ['admin', acme.adminToken, acme.admin._id],
        ['employee', emp.token, emp.user._id],
      ] as const) {
        assert.equal(await statusOf(kbRoutes.articleGet, token, { params: { id: vacancy } }, 403), 403, `${who}: vacancy`);
        assert.equal(await statusOf(kbRoutes.articleAccessFor, token, listOf(token, uid, 'vacancy'), 403), 403, `${who}: vacancy list`);
        assert.equal(await statusOf(kbRoutes.vacancyRespond, token, { body: { article: vacancy, message: 'Me' } }, 403), 403, `${who}: respond (gateway)`);
        assert.equal(await statusOf(kbRoutes.vacancyResponses, token, { params: { id: vacancy } }, 403), 403, `${who}: responses (gateway)`);
        assert.equal(
          await statusOf(
            kbRoutes.articleCreate,
            token,
            { body: { section: 'vacancy', title: 'New', content: 'z', salaryFrom: 1, salaryTo: 2, receivers: [acme.admin._id] } },
            403,
          ),
          403,
          `${who}: new vacancy`,
        );
        assert.equal(await statusOf(kbRoutes.articleGet, token, { params: { id: article } }, 200), 200, `${who}: an article still opens`);
      }
    } finally {
      await setFeature('vacancies', true);
    }
    assert.equal(await statusOf(kbRoutes.vacancyRespond, emp.token, { body: { article: vacancy, message: 'Me' } }, 200), 200, 'on again: responding works');
  });

  it('the superadmin, who switches features, still reads a switched-off module in the workspace', async () => {
    await setFeature('knowledge_base', false);
    try {
      const r = await t.call(kbRoutes.articleGet, { token: acme.superToken, params: { id: article }, workspace: 'kbfeat' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    } finally {
      await setFeature('knowledge_base', true);
    }
  });
});
