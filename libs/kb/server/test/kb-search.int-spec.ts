import { kbEvents, kbRoutes, type ArticleEvent } from '@intranet/kb-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { seedArticles } from '@intranet/kb-server';
import { sql } from '@intranet/platform-db';
import { eventually } from '@intranet/platform-testing';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { articleCalls, setUpArticlesWorld, type Client, type Emp } from './articles-world.ts';

/**
 * §7 Articles through the real gateway and bus: full-text search (ru, uk, en), client isolation, id-only events and
 * the benchmark seed.
 */
describe('knowledge base search, isolation, events and seed (§7 Articles)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let emp: Emp;
  const { upload, ref, folder, article, list } = articleCalls(() => ({ t, acme }));

  beforeAll(async () => {
    ({ t, acme, other, emp } = await setUpArticlesWorld(sharedPortal, 's'));
  });
  afterAll(() => t.close());

  it('searches titles, contents and file names in ru, uk and en with ranking and <mark> snippets', async () => {
    const s = await folder('Search');
    const ru = await article('Правила отпуска', '<p>Сотрудники получают ежегодные оплачиваемые отпуска по графику.</p>', s._id);
    const uk = await article('Відпустка', '<p>Працівники отримують щорічну відпустку за графіком.</p>', s._id);
    const en = await article('Travel policy', '<p>Employees travelling abroad must book flights early &lt;script&gt;.</p>', s._id);
    const [pdf] = await upload(acme.adminToken, [{ name: 'квартальный-отчёт.pdf', data: Buffer.alloc(10, 1) }]);
    const withFile = await article('Quarter', 'numbers', s._id, { files: [ref(pdf)] });
    const q = async (search: string) => (await list(emp.token, emp.user._id, { search })).body.result as any[];
    const r1 = await q('отпуск');
    assert.equal(r1[0]._id, ru._id, 'title hit ranks first');
    assert.match(r1[0].snippet, /<mark>/);
    assert.ok(
      (await q('отпусков')).some((x) => x._id === ru._id),
      'russian stemming',
    );
    assert.ok(
      (await q('відпустку')).some((x) => x._id === uk._id),
      'ukrainian exact form',
    );
    assert.ok(
      (await q('відпус')).some((x) => x._id === uk._id),
      'prefix as you type',
    );
    const e = await q('travel');
    assert.ok(
      e.some((x) => x._id === en._id),
      'english stemming: travel ~ travelling',
    );
    const enHit = e.find((x) => x._id === en._id);
    assert.ok(!enHit.snippet.includes('<script>'), 'snippets are HTML-safe');
    assert.ok(
      (await q('квартальный')).some((x) => x._id === withFile._id),
      'file names are searched',
    );
    assert.ok(await trigram(), 'pg_trgm is loaded in both modes');
    assert.ok(
      (await q('Travl')).some((x) => x._id === en._id),
      'typos in titles match',
    );
    const bodyTypo = await q('emplyees');
    assert.ok(
      bodyTypo.some((x) => x._id === en._id),
      'typos in contents match',
    );
    assert.match(bodyTypo.find((x) => x._id === en._id).snippet, /<mark>Employees<\/mark>/, 'the corrected word is highlighted');
    assert.ok(
      (await q('ежегодые')).some((x) => x._id === ru._id),
      'typos in russian contents match',
    );
    assert.ok(
      (await q('квартальнй')).some((x) => x._id === withFile._id),
      'typos in file names match',
    );
    assert.ok(!(await q('emplyees')).some((x) => x._id === uk._id), 'a corrected word still has to match');
    assert.deepEqual(await q('!!!'), []);
    // Pages of a ranked search: together they are the whole ranking, in order (the title-similarity cut-off uses
    // the page's last rank).
    for (const [i, title] of ['Wombat', 'Wombat care', 'Notes', 'Wombat wombat', 'Zoo'].entries()) {
      await article(title, i % 2 ? '<p>wombat wombat wombat facts</p>' : '<p>a wombat</p>', s._id);
    }
    const all = (await q('wombat')).map((x) => x._id);
    assert.equal(all.length, 5);
    const paged: string[] = [];
    for (const offset of [0, 2, 4]) {
      paged.push(...((await list(emp.token, emp.user._id, { search: 'wombat', limit: '2', offset: String(offset) })).body.result as any[]).map((x) => x._id));
    }
    assert.deepEqual(paged, all);
    const elsewhere = await t.call(kbRoutes.articleAccessFor, {
      token: other.adminToken,
      params: { client: other.client._id, user: other.admin._id },
      query: { search: 'отпуск' },
    });
    assert.deepEqual(elsewhere.body.result, [], 'another client finds nothing');
    const typoElsewhere = await t.call(kbRoutes.articleAccessFor, {
      token: other.adminToken,
      params: { client: other.client._id, user: other.admin._id },
      query: { search: 'emplyees' },
    });
    assert.deepEqual(typoElsewhere.body.result, [], "another client's words correct nothing");
  });

  async function trigram() {
    return t.portal.platform.db.asSystem('test', async (tx) => {
      const r = (await tx.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)) as unknown as { rows: unknown[] };
      return r.rows.length > 0;
    });
  }

  it('isolates clients: another client gets 404 for every id-based route', async () => {
    const a = await article('Secret of acme', 'classified');
    const tok = other.adminToken;
    assert.equal((await t.call(kbRoutes.articleGet, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleBreadcrumbs, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleChild, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleFullTree, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleUpdate, { token: tok, params: { id: a._id }, body: { title: 'pwned' } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleRights, { token: tok, params: { id: a._id }, body: { grants: [] } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleDeepDelete, { token: tok, params: { id: a._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleView, { token: tok, params: { id: a._id, user: other.admin._id } })).status, 404);
    assert.equal((await t.call(kbRoutes.articleFavourite, { token: tok, params: { id: a._id }, body: {} })).status, 404);
    assert.equal(
      (
        await t.call(kbRoutes.articleAddFiles, {
          token: tok,
          params: { id: a._id },
          body: { files: [{ key: `${other.client._id}/kb/a/b.txt`, fileName: 'b.txt' }] },
        })
      ).status,
      404,
    );
    assert.equal((await list(tok, other.admin._id, {}, acme.client._id)).status, 404);
    assert.equal((await t.call(kbRoutes.articleEmptyAsArticles, { token: tok, params: { client: acme.client._id } })).status, 404);
    const mine = await list(tok, other.admin._id, {}, other.client._id);
    assert.equal(mine.status, 200);
    assert.ok(!JSON.stringify(mine.body).includes('Secret of acme'));
    assert.equal((await t.call(kbRoutes.articleGet, { token: acme.adminToken, params: { id: a._id } })).body.result.title, 'Secret of acme');
  });

  it('publishes id-only article events and refuses a non-admin asking for someone else', async () => {
    const seen: BusEvent<ArticleEvent>[] = [];
    const off = await on(t.portal.platform.bus, kbEvents.articleCreated, async (e) => {
      seen.push(e);
    });
    const a = await article('Evented', 'secret title text');
    const e = await eventually(() => seen.find((x) => x.data._id === a._id));
    assert.equal(e.clientId, acme.client._id);
    assert.ok(!JSON.stringify(e.data).includes('Evented'), 'no title in a workspace-wide event');
    await off();
    const r = await list(emp.token, acme.admin._id);
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'No access');
  });

  it('seedArticles bulk-inserts a consistent tree with restricted folders (benchmark data)', async () => {
    const bench = await t.makeClient('kbseed');
    const started = Date.now();
    const { folderIds, articleIds } = await seedArticles(t.portal.platform.db, bench.client._id, { folders: 300, articles: 3000, grantedShare: 1 / 3 });
    assert.equal(folderIds.length, 300);
    assert.equal(articleIds.length, 3000);
    assert.ok(Date.now() - started < 60_000);
    const sales = await t.makeEmployee(bench.adminToken, 'seed@kbseed.test', { department: 'Dept 1' });
    const adminTree = await t.call(kbRoutes.articleFullTree, { token: bench.adminToken, params: { id: bench.client._id } });
    const count = (nodes: any[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    assert.equal(count(adminTree.body.result), 3300);
    const empTree = await t.call(kbRoutes.articleFullTree, { token: sales.token, params: { id: bench.client._id }, query: { folders: '1' } });
    const seen = count(empTree.body.result);
    assert.ok(seen > 0 && seen < 300, `restricted folders are hidden (${seen})`);
    const hits = await t.call(kbRoutes.articleAccessFor, {
      token: sales.token,
      params: { client: bench.client._id, user: sales.user._id },
      query: { search: 'policy' },
    });
    assert.equal(hits.status, 200);
    assert.ok(hits.body.result.length > 0);
    // Every hit is readable by id: search never shows what the grants deny.
    for (const h of hits.body.result.slice(0, 10)) assert.equal((await t.call(kbRoutes.articleGet, { token: sales.token, params: { id: h._id } })).status, 200);
  });
});
