import { applicationRoutes, clientLifecycleRoutes, clientRoutes, DEFAULT_SECTIONS, lifeJobRoutes, type LifeJob } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { remapIds, tenantSubjects } from '@intranet/platform-contracts';
import { queryRows, sql } from '@intranet/platform-db';
import { ask, systemContext } from '@intranet/platform-bus';
import { copiedId, discoverDomainNames } from '@intranet/platform-host';
import { exportPages, LIFE_QUEUE } from '@intranet/clients-server';
import { eventually, eventuallyPasses } from '@intranet/platform-testing';
import { socialRoutes } from '@intranet/social-contract';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { multipart, testPortal, type TestPortal } from '@intranet/portal-testing';

/** Tables not copied into another workspace (tenant.ts options): sessions, tokens, a Telegram bot. */
const NOT_COPIED = ['people.sessions', 'people.password_resets', 'calendar.feeds', 'notifications.telegram_bots', 'notifications.telegram_codes'];
/** Rows kept by triggers, not copied: they follow the copied rows (a new version number, not the old one). */
const DERIVED = ['kb.acl_versions'];

describe("a workspace's whole life (issue 36): statistics, hanged files, clone, collection delete, full delete", () => {
  let t: TestPortal;
  let life: Awaited<ReturnType<TestPortal['makeClient']>>;
  let orphan: { key: string; size: number };
  let attached: { key: string };

  const upload = async (token: string, name: string, data: Buffer, kind = 'post') => {
    const m = multipart([{ name, data }]);
    const r = await t.portal.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: `${fileRoutes.fileUpload.path}?kind=${kind}`,
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
      });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().results[0] as { key: string; fileName: string; mimetype: string; size: number; thumbKey?: string | null };
  };
  /** Every table of the database with a client_id column (whatever the domain), and the clients table by id. */
  const tenantTables = () =>
    t.db.asSystem('spec: tenant tables', (tx) =>
      queryRows<{ name: string }>(
        tx,
        sql`SELECT DISTINCT table_schema || '.' || table_name AS name FROM information_schema.columns
            WHERE column_name = 'client_id' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
      ),
    );
  const rowsOf = (table: string, clientId: string) =>
    t.db.asSystem('spec: rows', (tx) => queryRows<{ r: string }>(tx, sql.raw(`SELECT to_jsonb(t)::text AS r FROM ${table} t WHERE client_id = '${clientId}'`)));
  const objects = async (clientId: string) => {
    const out: { key: string; size: number }[] = [];
    for await (const o of t.portal.platform.storage.list(`${clientId}/`)) out.push(o);
    return out;
  };

  // A local stand-in for Sendsay's JSON API: records each request, answers as `sendsayFails` says.
  const sendsayCalls: { url: string; body: any }[] = [];
  let sendsayFails = false;
  let sendsay: Server;

  beforeAll(async () => {
    sendsay = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        sendsayCalls.push({ url: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(sendsayFails ? { errors: [{ id: 'error/auth/failed' }] } : { track: { id: 1 } }));
      });
    });
    await new Promise<void>((ok) => sendsay.listen(0, '127.0.0.1', ok));
    const port = (sendsay.address() as AddressInfo).port;
    t = await testPortal({ SENDSAY_API_URL: `http://127.0.0.1:${port}/general/api/v100/json/acme`, SENDSAY_API_KEY: 'sendsay-key' });
    life = await t.makeClient('life');
    const emp = await t.makeEmployee(life.adminToken, 'emp@life.test');
    await t.makeEmployee(life.adminToken, 'two@life.test');
    const file = await upload(emp.token, 'photo.txt', Buffer.from('the bytes of a wall photo'));
    attached = file;
    const post = await t.call(socialRoutes.postCreate, { token: emp.token, body: { message: 'Hello from the life workspace', attachments: [file] } });
    assert.equal(post.status, 200, JSON.stringify(post.body));
    const article = await t.call(kbRoutes.articleCreate, { token: life.adminToken, body: { section: 'kb', title: 'Badges', content: 'How to get a badge' } });
    assert.equal(article.status, 200);
    const o = await upload(emp.token, 'forgotten.txt', Buffer.from('nobody refers to me'));
    orphan = { key: o.key, size: o.size };
  });
  afterAll(async () => {
    await t.close();
    sendsay.close();
  });

  it('statistics: employees, posts, articles, files, storage and rows per table; superadmin only', async () => {
    await eventuallyPasses(async () => {
      const r = await t.call(clientLifecycleRoutes.clientStat, { token: life.superToken, params: { id: life.client._id } });
      assert.equal(r.status, 200);
      assert.equal(r.body.result.employees, 3);
      assert.equal(r.body.result.posts, 1);
      assert.equal(r.body.result.articles, 1);
      assert.equal(r.body.result.files, 2);
      assert.equal(r.body.result.domains.social['social.posts'], 1);
    });
    assert.equal((await t.call(clientLifecycleRoutes.clientStat, { token: life.adminToken, params: { id: life.client._id } })).status, 403);
    const fs = await t.call(clientLifecycleRoutes.clientFilestat, { token: life.superToken, params: { id: life.client._id } });
    assert.equal(fs.status, 200);
    assert.equal(fs.body.result.files, 2);
    assert.equal(fs.body.result.folders.post.files, 2);

    // Maintenance tasks: the storage used recounted from the objects; the waiting outbox events published.
    const bytes = fs.body.result.bytes as number;
    await t.db.asSystem('spec: drifted storage', (tx) => tx.execute(sql`UPDATE clients.clients SET storage_used_bytes = 7 WHERE id = ${life.client._id}`));
    const recount = await t.call(lifeJobRoutes.maintenanceRun, { token: life.superToken, params: { client: life.client._id, task: 'recountStorage' } });
    assert.equal(recount.status, 200, JSON.stringify(recount.body));
    assert.deepEqual(recount.body.result, { task: 'recountStorage', result: { before: 7, after: bytes } });
    const republish = await t.call(lifeJobRoutes.maintenanceRun, { token: life.superToken, params: { client: life.client._id, task: 'republishOutbox' } });
    assert.equal(republish.status, 200);
    assert.equal(republish.body.result.result.after, 0);
    assert.equal(
      (await t.call(lifeJobRoutes.maintenanceRun, { token: life.adminToken, params: { client: life.client._id, task: 'recountStorage' } })).status,
      403,
    );

    // Rebuild the search index: kb's plain text of an article, lost around the service, is derived again.
    const texts = () =>
      t.db.asSystem('spec: kb texts', (tx) =>
        queryRows<{ id: string; body_text: string; search: string }>(
          tx,
          sql`SELECT id, body_text, search::text AS search FROM kb.articles WHERE client_id = ${life.client._id} ORDER BY id`,
        ),
      );
    const indexed = await texts();
    assert.ok(indexed.some((a) => a.body_text !== ''));
    await t.db.asSystem('spec: stale index', (tx) => tx.execute(sql`UPDATE kb.articles SET body_text = '' WHERE client_id = ${life.client._id}`));
    const reindex = await t.call(lifeJobRoutes.maintenanceRun, { token: life.superToken, params: { client: life.client._id, task: 'rebuildSearchIndex' } });
    assert.equal(reindex.status, 200, JSON.stringify(reindex.body));
    assert.deepEqual(reindex.body.result, {
      task: 'rebuildSearchIndex',
      result: { articles: indexed.length, changed: indexed.filter((a) => a.body_text !== '').length },
    });
    assert.deepEqual(await texts(), indexed);
    // Rebuild the read models: social's wall window is loaded again from the database (a post written around it shows).
    const onWall = async () =>
      Number(
        (
          await t.db.asSystem('spec: wall posts', (tx) =>
            queryRows<{ n: string }>(tx, sql`SELECT count(*) AS n FROM social.posts WHERE client_id = ${life.client._id} AND on_wall`),
          )
        )[0].n,
      );
    // ... and every domain's projection of people is brought back to people's state: the users are sent again.
    const people = async () =>
      Number(
        (
          await t.db.asSystem('spec: users', (tx) =>
            queryRows<{ n: string }>(tx, sql`SELECT count(*) AS n FROM people.users WHERE client_id = ${life.client._id}`),
          )
        )[0].n,
      );
    const authorName = async () =>
      (
        await t.db.asSystem('spec: author', (tx) =>
          queryRows<{ first_name: string }>(tx, sql`SELECT first_name FROM social.authors WHERE id = ${life.admin._id}`),
        )
      )[0]?.first_name;
    await eventually(async () => (await authorName()) === 'Ada');
    await t.db.asSystem('spec: stale projection', (tx) => tx.execute(sql`UPDATE social.authors SET first_name = 'Stale' WHERE id = ${life.admin._id}`));
    const models = await t.call(lifeJobRoutes.maintenanceRun, { token: life.superToken, params: { client: life.client._id, task: 'rebuildReadModels' } });
    assert.equal(models.status, 200, JSON.stringify(models.body));
    assert.deepEqual(models.body.result, { task: 'rebuildReadModels', result: { wallPosts: await onWall(), users: await people() } });
    await eventually(async () => (await authorName()) === 'Ada');
    assert.equal(
      (await t.call(lifeJobRoutes.maintenanceRun, { token: life.adminToken, params: { client: life.client._id, task: 'rebuildSearchIndex' } })).status,
      403,
    );
  });

  it("exec_sendsay: the workspace's employees go to Sendsay as one member.import; a refusal is the §8 text; superadmin only", async () => {
    const r = await t.call(lifeJobRoutes.sendsayExec, { token: life.superToken, body: { client: life.client._id } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.result, { exported: 3 });
    assert.equal(sendsayCalls.length, 1);
    const [call] = sendsayCalls;
    assert.equal(call.url, '/general/api/v100/json/acme');
    assert.equal(call.body.action, 'member.import');
    assert.equal(call.body.apikey, 'sendsay-key');
    assert.ok(call.body['users.list'].rows.some((row: string[]) => row[0] === 'emp@life.test'));
    sendsayFails = true;
    const failed = await t.call(lifeJobRoutes.sendsayExec, { token: life.superToken, body: { client: life.client._id } });
    sendsayFails = false;
    assert.equal(failed.status, 400);
    assert.equal(failed.body.message, 'Export to a mailing service failed');
    assert.equal((await t.call(lifeJobRoutes.sendsayExec, { token: life.adminToken, body: { client: life.client._id } })).status, 403);
  });

  it('application sections: createDefaultSections adds the missing ones (on) and keeps the flags set; a section switches; superadmin only', async () => {
    assert.equal((await t.call(applicationRoutes.applicationCreateDefaultSections, { token: life.adminToken })).status, 403);
    const made = await t.call(applicationRoutes.applicationCreateDefaultSections, { token: life.superToken });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(
      made.body.result.sections.map((s: { code: string }) => s.code),
      [...DEFAULT_SECTIONS].sort(),
    );
    assert.ok(made.body.result.sections.every((s: { active: boolean }) => s.active));
    const off = await t.call(applicationRoutes.appSectionSwitch, { token: life.superToken, params: { code: 'chat' }, body: { active: false } });
    assert.equal(off.status, 200);
    const again = await t.call(applicationRoutes.applicationCreateDefaultSections, { token: life.superToken });
    assert.equal(again.body.result.sections.find((s: { code: string }) => s.code === 'chat').active, false);
    assert.equal(again.body.result.sections.length, DEFAULT_SECTIONS.length);
    const got = await t.call(applicationRoutes.applicationGet, { token: life.superToken });
    assert.deepEqual(got.body.result, again.body.result);
    assert.equal(
      (await t.call(applicationRoutes.appSectionSwitch, { token: life.superToken, params: { code: 'nothing' }, body: { active: true } })).status,
      404,
    );
  });

  it('hanged files: only the unreferenced object is listed and deletable; a referenced one is refused', async () => {
    const h = await t.call(clientLifecycleRoutes.clientHangedFiles, { token: life.superToken, params: { id: life.client._id } });
    assert.equal(h.status, 200);
    assert.deepEqual(h.body.result, [orphan]);
    const refused = await t.call(clientLifecycleRoutes.minioFilesDelete, { token: life.superToken, body: { files: [attached.key] } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'The file is still referenced and cannot be deleted');
    const del = await t.call(clientLifecycleRoutes.minioFilesDelete, { token: life.superToken, body: { files: [orphan.key] } });
    assert.equal(del.status, 200);
    assert.deepEqual(del.body.result, { deleted: 1, bytes: orphan.size });
    // POST api/del_file: one object, the same rule (a referenced one refused, a hanged one deleted).
    assert.equal((await t.call(clientLifecycleRoutes.fileDelete, { token: life.superToken, body: { file: attached.key } })).status, 409);
    const stray = `${life.client._id}/post/stray/left.txt`;
    await t.portal.platform.storage.put(stray, Readable.from([Buffer.from('left')]), {});
    const one = await t.call(clientLifecycleRoutes.fileDelete, { token: life.superToken, body: { file: stray } });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.deepEqual(one.body.result, { deleted: 1, bytes: 4 });
    assert.deepEqual(
      (await objects(life.client._id)).map((o) => o.key),
      [attached.key],
    );
  });

  it("export pages: every domain table read a row at a time, each page after the last row's key, is the table in one page", async () => {
    const ctx = systemContext(null);
    const clientId = life.client._id;
    let paged = 0;
    for (const domain of discoverDomainNames().filter((d) => d !== 'clients')) {
      const s = tenantSubjects(domain);
      const { tables } = await ask(t.portal.platform.bus, s.count, ctx, { clientId });
      for (const table of Object.keys(tables)) {
        const got: string[] = [];
        for await (const ndjson of exportPages(t.portal.platform.bus, ctx, { domain, clientId, table, limit: 1 })) got.push(ndjson);
        const whole = await ask(t.portal.platform.bus, s.export, ctx, { clientId, table, offset: 0, limit: 5000 });
        assert.equal(got.join(''), whole.ndjson, table);
        if (got.length > 1) paged++;
      }
    }
    // Several tables of the seeded workspace hold more than one row (users, roles, posts...): read over keyset pages.
    assert.ok(paged >= 3, `tables of several rows: ${paged}`);
  });

  it('clone: every table equal but for ids (remapped), files copied under the new client, nothing shared; then full delete leaves nothing', async () => {
    const made = await t.call(clientLifecycleRoutes.clientClone, {
      token: life.superToken,
      params: { old: life.client._id, workspace: 'lifecopy' },
      body: { name: 'Life copy' },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const from = life.client._id;
    const to = made.body.result._id as string;
    assert.equal(made.body.result.workspace, 'lifecopy');
    const tables = (await tenantTables()).map((x) => x.name).filter((n) => !n.startsWith('audit.') && !n.startsWith('outbox.') && !DERIVED.includes(n));
    for (const table of tables) {
      const want = NOT_COPIED.includes(table) ? [] : (await rowsOf(table, from)).map((x) => remapIds(x.r, from, to, (id) => copiedId(id, to))).sort();
      const got = (await rowsOf(table, to)).map((x) => x.r).sort();
      assert.deepEqual(
        got.map((g) => JSON.parse(g)),
        want.map((w) => JSON.parse(w)),
        table,
      );
    }
    const copied = await objects(to);
    assert.deepEqual(
      copied.map((o) => o.key),
      [remapIds(attached.key, from, to, (id) => copiedId(id, to))],
    );
    assert.equal((await t.call(clientLifecycleRoutes.clientHangedFiles, { token: life.superToken, params: { id: to } })).body.result.length, 0);

    const views = await t.call(clientLifecycleRoutes.collectionDelete, { token: life.superToken, params: { client: to, collection: 'kb.tags' } });
    assert.equal(views.status, 200);
    const none = await t.call(clientLifecycleRoutes.collectionDelete, { token: life.superToken, params: { client: to, collection: 'social.nothing' } });
    assert.equal(none.status, 404);

    assert.equal((await t.call(clientLifecycleRoutes.clientFullDelete, { token: life.adminToken, params: { id: to } })).status, 403);
    const gone = await t.call(clientLifecycleRoutes.clientFullDelete, { token: life.superToken, params: { id: to } });
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.equal(gone.body.result.files, 1);
    for (const { name } of await tenantTables()) assert.equal((await rowsOf(name, to)).length, 0, `${name} keeps rows of the deleted client`);
    const client = await t.db.asSystem('spec', (tx) => queryRows(tx, sql`SELECT id FROM clients.clients WHERE id = ${to}`));
    assert.equal(client.length, 0);
    const jobs = await t.db.asSystem('spec', (tx) => queryRows(tx, sql`SELECT id FROM pgboss.job WHERE data->>'clientId' = ${to}`));
    assert.equal(jobs.length, 0);
    assert.deepEqual(await objects(to), []);
    assert.equal((await t.call(clientRoutes.clientGet, { token: life.superToken, params: { id: to } })).status, 404);
    // The original is untouched.
    assert.deepEqual(
      (await objects(from)).map((o) => o.key),
      [attached.key],
    );
    assert.equal((await rowsOf('social.posts', from)).length, 1);
  });

  it('long jobs: a clone runs from the durable queue with progress to done; a rerun after a cut run rolls back and copies again; full delete by job; a failure keeps its code; superadmin only', async () => {
    const from = life.client._id;
    const body = { kind: 'clone' as const, client: from, workspace: 'lifejob', name: 'Job copy' };
    assert.equal((await t.call(lifeJobRoutes.jobStart, { token: life.adminToken, body })).status, 403);
    const started = await t.call(lifeJobRoutes.jobStart, { token: life.superToken, body });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.result.status, 'queued');
    const id = started.body.result._id as string;
    const finished = (job: string) =>
      eventually(async () => {
        const r = await t.call(lifeJobRoutes.jobGet, { token: life.superToken, params: { job } });
        assert.equal(r.status, 200);
        const j = r.body.result as LifeJob;
        return j.status === 'done' || j.status === 'failed' ? j : null;
      }, 60_000);
    const done = await finished(id);
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    assert.ok(done.total >= 4, `total ${done.total}`);
    assert.equal(done.done, done.total);
    const target = done.target as string;
    assert.deepEqual([(done.result as { _id: string })._id, (done.result as { workspace: string }).workspace], [target, 'lifejob']);
    assert.equal((await rowsOf('social.posts', target)).length, 1);
    const listed = await t.call(lifeJobRoutes.jobList, { token: life.superToken, params: { id: from } });
    assert.ok(listed.body.result.some((j: LifeJob) => j._id === id));

    // The process died mid-run (the job left running after one run) and the queue runs it again: the rerun deletes what
    // the cut run made under the job's target id and copies again — one workspace, one copy of each row.
    const state = () =>
      t.db.asSystem('spec', (tx) => queryRows<{ status: string; runs: string }>(tx, sql`SELECT status, runs FROM clients.life_jobs WHERE id = ${id}`));
    await t.db.asSystem('spec: cut run', (tx) => tx.execute(sql`UPDATE clients.life_jobs SET status = 'running' WHERE id = ${id}`));
    await t.portal.platform.jobs.send(LIFE_QUEUE, { job: id });
    const [again] = await eventually(async () => {
      const r = await state();
      return r[0]?.status === 'done' && Number(r[0].runs) === 2 ? r : null;
    }, 60_000);
    assert.equal(again.status, 'done');
    assert.equal((await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'lifejob' } })).status, 200);
    assert.equal((await rowsOf('social.posts', target)).length, 1);
    assert.equal((await rowsOf('people.users', target)).length, 3);

    // A failure the operation reports (the workspace code is taken) ends the job failed with the route's own code.
    const sync = await t.call(clientLifecycleRoutes.clientClone, { token: life.superToken, params: { old: from, workspace: 'lifejob' }, body: { name: 'x' } });
    assert.equal(sync.status, 409);
    const taken = await t.call(lifeJobRoutes.jobStart, { token: life.superToken, body });
    const failed = await finished(taken.body.result._id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error?.code, sync.body.code);

    const del = await t.call(lifeJobRoutes.jobStart, { token: life.superToken, body: { kind: 'fullDelete', client: target } });
    assert.equal(del.status, 200);
    const gone = await finished(del.body.result._id);
    assert.equal(gone.status, 'done', JSON.stringify(gone.error));
    assert.equal(gone.done, gone.total);
    assert.equal((await t.call(clientRoutes.clientGet, { token: life.superToken, params: { id: target } })).status, 404);
    for (const { name } of await tenantTables()) assert.equal((await rowsOf(name, target)).length, 0, `${name} keeps rows of the deleted client`);
    assert.deepEqual(await objects(target), []);
    assert.equal((await t.call(lifeJobRoutes.jobGet, { token: life.superToken, params: { job: '00000000-0000-7000-8000-000000000000' } })).status, 404);

    // Export all: an export job per live workspace, each done with its archive.
    const all = await t.call(lifeJobRoutes.clientExportAll, { token: life.superToken });
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.ok(all.body.result.some((j: LifeJob) => j.client === from));
    for (const j of all.body.result as LifeJob[]) {
      const ended = await finished(j._id);
      assert.equal(ended.status, 'done', JSON.stringify(ended.error));
      assert.match((ended.result as { key: string }).key, /^00000000-0000-0000-0000-000000000000\/exports\//);
    }
    assert.equal((await t.call(lifeJobRoutes.clientExportAll, { token: life.adminToken })).status, 403);
  });

  it('export → full delete → import from backup gives the workspace as it was (rows after id remapping, file bytes); a broken archive leaves nothing', async () => {
    const from = life.client._id;
    const exp = await t.call(clientLifecycleRoutes.clientExport, { token: life.superToken, params: { client: from }, body: { name: 'life backup' } });
    assert.equal(exp.status, 200, JSON.stringify(exp.body));
    const { key, url, manifest } = exp.body.result;
    assert.equal(manifest.format, 1);
    assert.equal(manifest.domains.social['social.posts'], 1);
    assert.equal(manifest.files, 1);
    assert.match(url, /^\/api\/files\/.+\?exp=\d+&sig=/);
    assert.equal((await t.call(clientLifecycleRoutes.clientExport, { token: life.adminToken, params: { client: from }, body: {} })).status, 403);
    const tables = (await tenantTables()).map((x) => x.name).filter((n) => !n.startsWith('audit.') && !n.startsWith('outbox.') && !DERIVED.includes(n));
    const before: Record<string, string[]> = {};
    for (const table of tables) before[table] = NOT_COPIED.includes(table) ? [] : (await rowsOf(table, from)).map((x) => x.r);
    const bytes = async (k: string) => Buffer.concat(await (await t.portal.platform.storage.get(k))!.stream.toArray());
    const photo = await bytes(attached.key);

    // A broken archive (one post line dropped): 400 'Client data import failed', and no workspace nor row is left of it.
    const text = gunzipSync(await bytes(key))
      .toString('utf8')
      .split('\n');
    const broken = text.filter((l) => !l.startsWith('{"d":"social","t":"social.posts"')).join('\n');
    const brokenKey = key.replace(/[^/]+$/, 'broken.ndjson.gz');
    await t.portal.platform.storage.put(brokenKey, Readable.from([gzipSync(broken)]), {});
    const bad = await t.call(clientLifecycleRoutes.clientImport, { token: life.superToken, params: { workspace: 'broken' }, body: { key: brokenKey } });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.message, 'Client data import failed');
    assert.equal((await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'broken' } })).status, 404);
    const orphans = async () => {
      let n = 0;
      for (const { name } of await tenantTables())
        n += (await t.db.asSystem('spec', (tx) => queryRows(tx, sql.raw(`SELECT 1 FROM ${name} WHERE client_id NOT IN (SELECT id FROM clients.clients)`))))
          .length;
      return n;
    };
    assert.equal(await orphans(), 0);
    // The domain itself answers rows its table refuses (here a file of a post that is not there) as bad input, 400.
    const refused = { key: `${from}/post/none/none.txt`, size: 1, post_id: randomUUID(), comment_id: null, thumb_key: null, client_id: from };
    await assert.rejects(
      ask(t.portal.platform.bus, tenantSubjects('social').import, systemContext(), {
        fromClientId: from,
        clientId: from,
        workspace: 'life',
        table: 'social.files',
        ndjson: JSON.stringify(refused),
      }),
      (e: { status?: number; message?: string }) =>
        e.status === 400 && /social\.files: the archive's rows were refused \(SQLSTATE 23503\)/.test(e.message ?? ''),
    );

    assert.equal((await t.call(clientLifecycleRoutes.clientFullDelete, { token: life.superToken, params: { id: from } })).status, 200);
    const back = await t.call(clientLifecycleRoutes.clientImport, { token: life.superToken, params: { workspace: 'life' }, body: { key } });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    const to = back.body.result._id as string;
    assert.equal(back.body.result.name, 'Company life');
    for (const table of tables) {
      const want = before[table].map((r) => JSON.parse(remapIds(r, from, to, (id) => copiedId(id, to))));
      const got = (await rowsOf(table, to)).map((x) => JSON.parse(x.r));
      const order = (a: unknown, b: unknown) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
      assert.deepEqual(got.sort(order), want.sort(order), table);
    }
    const newKey = remapIds(attached.key, from, to, (id) => copiedId(id, to));
    assert.deepEqual(await bytes(newKey), photo);
    assert.equal(await orphans(), 0);
    // The employee signs in to the imported workspace with the password they had.
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'emp@life.test', password: 'employee1' } })).status, 200);
  });

  it('a backup archive uploaded through POST api/upload is adopted (moved out of the workspace it went to) and imported; superadmin only', async () => {
    const src = (await t.call(clientRoutes.clientByWorkspace, { params: { ws: 'life' } })).body.result._id as string;
    const exp = await t.call(clientLifecycleRoutes.clientExport, { token: life.superToken, params: { client: src }, body: { name: 'to upload' } });
    assert.equal(exp.status, 200, JSON.stringify(exp.body));
    const archive = Buffer.concat(await (await t.portal.platform.storage.get(exp.body.result.key))!.stream.toArray());
    const host = await t.makeClient('lifehost');
    const up = await upload(host.adminToken, 'life-backup.ndjson.gz', archive, 'file');
    const usedBefore = (await t.call(clientRoutes.clientGet, { token: host.superToken, params: { id: host.client._id } })).body.result.storage.used;
    assert.ok(usedBefore > 0);

    assert.equal((await t.call(clientLifecycleRoutes.archiveAdopt, { token: host.adminToken, body: { file: up.key } })).status, 403);
    assert.equal(
      (await t.call(clientLifecycleRoutes.archiveAdopt, { token: host.superToken, body: { file: `${host.client._id}/file/nothing-here.gz` } })).status,
      404,
    );
    const adopted = await t.call(clientLifecycleRoutes.archiveAdopt, { token: host.superToken, body: { file: up.key } });
    assert.equal(adopted.status, 200, JSON.stringify(adopted.body));
    assert.match(adopted.body.result.url, /^\/api\/files\/.+\?exp=\d+&sig=/);
    // The upload left the workspace it went to, and so did its bytes.
    assert.equal((await t.portal.platform.storage.get(up.key)) ?? null, null);
    assert.ok((await t.call(clientRoutes.clientGet, { token: host.superToken, params: { id: host.client._id } })).body.result.storage.used < usedBefore);

    const imported = await t.call(clientLifecycleRoutes.clientImport, {
      token: life.superToken,
      params: { workspace: 'lifeupload' },
      body: { key: adopted.body.result.key, name: 'Life uploaded' },
    });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    const stat = await t.call(clientLifecycleRoutes.clientStat, { token: life.superToken, params: { id: imported.body.result._id } });
    assert.equal(stat.body.result.posts, 1);
    assert.equal(
      stat.body.result.employees,
      (await t.call(clientLifecycleRoutes.clientStat, { token: life.superToken, params: { id: src } })).body.result.employees,
    );
  });
});
