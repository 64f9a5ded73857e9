import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { structureRoutes as r } from '@intranet/people-contract/structure';
import { FEATURE_RIGHTS } from '@intranet/platform-contracts';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

/** YYYY-MM-DD `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The UPDATE statements of a hand-written migration (its FORCE toggles need the owner; the system context bypasses RLS). */
const migrationUpdates = async (path: string) =>
  (await readFile(new URL(path, import.meta.url), 'utf8'))
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter((s) => s.startsWith('UPDATE'));

describe('vacation approval (issue 29 §1: vacations_edit off by default, direct chiefs approve, nobody their own)', () => {
  let t: TestPortal;
  let acme: Made;
  let chief: Emp;
  let eve: Emp;
  let carl: Emp;
  let hr: Emp;
  let orgHead: Emp;
  let orgMember: Emp;

  const request = (e: Emp, start: number, end = start) => t.call(r.vacationCreate, { token: e.token, body: { start: inDays(start), end: inDays(end) } });
  const approve = (token: string, id: string) => t.call(r.vacationUpdate, { token, params: { id }, body: { planned: false } });
  const remove = (token: string, user: string, id: string) => t.call(r.vacationDelete, { token, params: { user, id } });

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('vacacc');
    chief = await t.makeEmployee(acme.adminToken, 'chief@vacacc.test', { firstName: 'Chloe', lastName: 'Chief' });
    eve = await t.makeEmployee(acme.adminToken, 'eve@vacacc.test', { firstName: 'Eve', lastName: 'Report' });
    carl = await t.makeEmployee(acme.adminToken, 'carl@vacacc.test', { firstName: 'Carl', lastName: 'Colleague' });
    hr = await t.makeEmployee(acme.adminToken, 'hr@vacacc.test', { firstName: 'Hanna', lastName: 'Hr' });
    orgHead = await t.makeEmployee(acme.adminToken, 'orghead@vacacc.test', { firstName: 'Olga', lastName: 'Head' });
    orgMember = await t.makeEmployee(acme.adminToken, 'orgmember@vacacc.test', { firstName: 'Oleg', lastName: 'Member' });
    // Administrative structure: Chloe heads "Sales" with Eve in it; Carl is in no department.
    const adm = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'adm', name: 'Vacacc' } })).body.result._id;
    const sales = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'adm', name: 'Sales', parent: adm } })).body.result._id;
    await t.call(r.deptUsersAdd, { token: acme.adminToken, params: { client: acme.client._id, dept: sales }, body: { users: [chief.user._id, eve.user._id] } });
    assert.equal((await t.call(r.deptUsersUpdate, { token: acme.adminToken, body: { dept_id: sales, headUser: chief.user._id } })).status, 200);
    // Organisational structure only: Olga heads "Design" with Oleg in it.
    const org = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Vacacc org' } })).body.result._id;
    const design = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Design', parent: org } })).body.result._id;
    await t.call(r.deptUsersAdd, {
      token: acme.adminToken,
      params: { client: acme.client._id, dept: design },
      body: { users: [orgHead.user._id, orgMember.user._id] },
    });
    assert.equal((await t.call(r.deptUsersUpdate, { token: acme.adminToken, body: { dept_id: design, headUser: orgHead.user._id } })).status, 200);
    assert.equal((await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: hr.user._id, role: 'vacations_edit' } })).status, 200);
    hr = { ...hr, token: (await t.login('hr@vacacc.test', 'employee1')).token };
  });
  afterAll(() => t.close());

  it('a new workspace gives its employees every initial right but vacations_edit', async () => {
    const client = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(client.status, 200);
    assert.equal(client.body.result.settings.initialRights.includes('vacations_edit'), false);
    assert.equal(client.body.result.settings.initialRights.includes('vacations'), true);
    assert.equal(carl.user.roles.includes('vacations_edit'), false);
    assert.equal(carl.user.roles.includes('vacations'), true);
  });

  it('an employee without the right can neither approve nor delete a colleague’s request (403); nothing changes', async () => {
    const v = (await request(eve, 10, 11)).body.result;
    const approved = await approve(carl.token, v._id);
    assert.equal(approved.status, 403);
    assert.equal(approved.body.code, 'no_access');
    assert.equal((await remove(carl.token, eve.user._id, v._id)).status, 403);
    const mine = (await t.call(r.vacationList, { token: eve.token, query: { search: 'Report' } })).body.result.users[0].vacations;
    assert.deepEqual(
      mine.map((x: { _id: string; planned: boolean }) => [x._id, x.planned]),
      [[v._id, true]],
    );
  });

  it('the direct chief approves and deletes their report’s request without vacations_edit (200), but does not move it', async () => {
    const v = (await request(eve, 20, 21)).body.result;
    const moved = await t.call(r.vacationUpdate, { token: chief.token, params: { id: v._id }, body: { start: inDays(22), end: inDays(23) } });
    assert.equal(moved.status, 403);
    const approved = await approve(chief.token, v._id);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.result.planned, false);
    const other = (await request(eve, 30)).body.result;
    assert.equal((await remove(chief.token, eve.user._id, other._id)).status, 200);
    // Not a chief of Carl, who is in none of Chloe's departments.
    const carls = (await request(carl, 30)).body.result;
    assert.equal((await approve(chief.token, carls._id)).status, 403);
  });

  it('a head set only in the organisational structure is the direct chief too', async () => {
    const v = (await request(orgMember, 40)).body.result;
    const approved = await approve(orgHead.token, v._id);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.result.planned, false);
  });

  it('a requester never approves their own request, not even with vacations_edit (403 vacationSelfApprove)', async () => {
    const v = (await request(eve, 50)).body.result;
    const own = await approve(eve.token, v._id);
    assert.equal(own.status, 403);
    assert.equal(own.body.code, 'vacationSelfApprove');
    const created = await t.call(r.vacationCreate, { token: eve.token, body: { start: inDays(60), end: inDays(60), planned: false } });
    assert.equal(created.status, 403);
    assert.equal(created.body.code, 'vacationSelfApprove');
    const hrOwn = (await request(hr, 50)).body.result;
    const hrSelf = await approve(hr.token, hrOwn._id);
    assert.equal(hrSelf.status, 403);
    assert.equal(hrSelf.body.code, 'vacationSelfApprove');
  });

  it('a holder of vacations_edit and an administrator still approve and delete anyone’s (200)', async () => {
    const v = (await request(carl, 70)).body.result;
    assert.equal((await approve(hr.token, v._id)).status, 200);
    assert.equal((await remove(hr.token, carl.user._id, v._id)).status, 200);
    const w = (await request(carl, 80)).body.result;
    assert.equal((await approve(acme.adminToken, w._id)).status, 200);
    assert.equal((await remove(acme.adminToken, carl.user._id, w._id)).status, 200);
  });

  it('the timeline names whom the caller may approve: the chief their report, a colleague nobody, vacations_edit everyone else', async () => {
    const approvable = async (e: Emp) => ((await t.call(r.vacationList, { token: e.token })).body.result.approvable as string[]).sort();
    assert.deepEqual(await approvable(chief), [eve.user._id]);
    assert.deepEqual(await approvable(orgHead), [orgMember.user._id]);
    assert.deepEqual(await approvable(carl), []);
    const everyone = (await t.call(r.vacationList, { token: hr.token })).body.result.users.map((u: { _id: string }) => u._id);
    assert.deepEqual(await approvable(hr), everyone.filter((id: string) => id !== hr.user._id).sort());
  });

  it('upgrading: the migrations take vacations_edit from the old default (every right) and keep a narrowed one', async () => {
    const old = `ARRAY[${FEATURE_RIGHTS.map((x) => `'${x}'`).join(',')}]::text[]`;
    await t.db.exec(`UPDATE people.users SET roles = ${old} || ARRAY['employee'] WHERE id = '${carl.user._id}'`);
    await t.db.exec(`UPDATE people.users SET roles = ARRAY['employee','vacations','vacations_edit'] WHERE id = '${hr.user._id}'`);
    await t.db.exec(`UPDATE clients.clients SET settings = jsonb_set(settings, '{initialRights}', to_jsonb(${old})) WHERE id = '${acme.client._id}'`);
    for (const q of [
      ...(await migrationUpdates('../migrations/0010_vacations_edit_off.sql')),
      ...(await migrationUpdates('../../../clients/server/migrations/0003_vacations_edit_off.sql')),
    ])
      await t.db.exec(q);
    const roles = async (id: string) => (await t.call(peopleRoutes.userGet, { token: acme.adminToken, params: { id } })).body.result.roles as string[];
    assert.deepEqual((await roles(carl.user._id)).includes('vacations_edit'), false);
    assert.deepEqual((await roles(carl.user._id)).includes('lms'), true);
    assert.deepEqual(await roles(hr.user._id), ['employee', 'vacations', 'vacations_edit']);
    const client = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.deepEqual(
      client.body.result.settings.initialRights,
      FEATURE_RIGHTS.filter((x) => x !== 'vacations_edit'),
    );
  });
});
