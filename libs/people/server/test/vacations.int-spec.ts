import { peopleRoutes } from '@intranet/people-contract';
import { structureRoutes as r, vacationEvents } from '@intranet/people-contract/structure';
import { on, type BusEvent } from '@intranet/platform-bus';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { eventually } from '@intranet/platform-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

/** YYYY-MM-DD `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('vacations (§7 Users vacations, §5 Vacation, §6 vacations / vacations_edit, §4)', () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let anna: Emp;
  let boris: Emp;
  let manager: Emp;
  const events: BusEvent[] = [];

  const remainder = async (e: Emp) => (await t.call(peopleRoutes.userGet, { token: e.token, params: { id: e.user._id } })).body.result.vacationDays as number;
  const request = (e: Emp, body: Record<string, unknown>) => t.call(r.vacationCreate, { token: e.token, body });

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('vacco');
    other = await t.makeClient('vacother');
    anna = await t.makeEmployee(acme.adminToken, 'anna@vacco.test', { firstName: 'Anna', lastName: 'Alpha', position: 'Accountant' });
    boris = await t.makeEmployee(acme.adminToken, 'boris@vacco.test', { firstName: 'Boris', lastName: 'Beta' });
    manager = await t.makeEmployee(acme.adminToken, 'mgr@vacco.test', { firstName: 'Mara', lastName: 'Manager' });
    // vacations_edit is not an initial right (issue 29 §1): the manager here is given it.
    assert.equal((await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: manager.user._id, role: 'vacations_edit' } })).status, 200);
    manager = { ...manager, token: (await t.login('mgr@vacco.test', 'employee1')).token };
    for (const def of [vacationEvents.vacationAdded, vacationEvents.vacationDeleted]) await on(t.portal.platform.bus, def, async (e) => void events.push(e));
  });
  afterAll(() => t.close());

  it('a request takes its calendar days from the remainder and writes evt.people.vacation.added', async () => {
    assert.equal(await remainder(anna), 28);
    const res = await request(anna, { start: inDays(10), end: inDays(16) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.days, 7);
    assert.equal(res.body.result.planned, true);
    assert.equal(res.body.result.user, anna.user._id);
    assert.equal(await remainder(anna), 21);
    await eventually(() => events.some((e) => e.subject === 'evt.people.vacation.added' && (e.data as { _id: string })._id === res.body.result._id));
  });

  it('§5: start later than today, no overlap with own vacations, enough balance; nothing changes on refusal', async () => {
    for (const start of [inDays(0), inDays(-3)]) {
      const past = await request(anna, { start, end: inDays(20) });
      assert.equal(past.status, 400);
      assert.equal(past.body.errors[0].field, 'start');
      assert.equal(past.body.errors[0].code, 'vacationPast');
      assert.equal(past.body.errors[0].message, 'The vacation must start later than today');
    }
    const backwards = await request(anna, { start: inDays(30), end: inDays(29) });
    assert.equal(backwards.status, 400);
    assert.equal(backwards.body.errors[0].code, 'vacationEndBeforeStart');
    for (const [s, e] of [
      [16, 18],
      [5, 10],
      [12, 13],
      [1, 40],
    ]) {
      const overlap = await request(anna, { start: inDays(s), end: inDays(e) });
      assert.equal(overlap.status, 400, `${s}..${e}`);
      assert.equal(overlap.body.code, 'vacationOverlap');
      assert.equal(overlap.body.message, 'The vacation overlaps another vacation of this employee');
    }
    const tooLong = await request(anna, { start: inDays(50), end: inDays(71) });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.code, 'vacationBalance');
    assert.deepEqual(tooLong.body.params, { left: 21 });
    assert.equal(tooLong.body.message, 'Not enough vacation days: 21 left');
    // Another employee's dates may overlap Anna's.
    assert.equal((await request(boris, { start: inDays(12), end: inDays(13) })).status, 200);
    assert.equal(await remainder(anna), 21);
    // Exactly the rest is fine.
    const rest = await request(anna, { start: inDays(50), end: inDays(70) });
    assert.equal(rest.status, 200);
    assert.equal(await remainder(anna), 0);
  });

  it('§5: empty or missing dates are "Field is required", not a date-format error (issue 29 §17); nothing is stored', async () => {
    const before = await remainder(boris);
    for (const body of [{ start: '', end: '' }, {}, { start: '  ', end: '  ' }]) {
      const res = await request(boris, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(
        res.body.errors.map((e: { field: string; code: string; message: string }) => [e.field, e.code, e.message]),
        [
          ['start', 'required', 'Field is required'],
          ['end', 'required', 'Field is required'],
        ],
      );
    }
    const v = (await request(boris, { start: inDays(200), end: inDays(200) })).body.result;
    const emptied = await t.call(r.vacationUpdate, { token: boris.token, params: { id: v._id }, body: { start: '' } });
    assert.equal(emptied.status, 400);
    assert.deepEqual(
      emptied.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['start', 'required']],
    );
    assert.equal((await t.call(r.vacationDelete, { token: boris.token, params: { user: boris.user._id, id: v._id } })).status, 200);
    assert.equal(await remainder(boris), before);
  });

  it('concurrent requests of one employee cannot overdraw the remainder', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'race@vacco.test');
    const results = await Promise.all([0, 1, 2, 3].map((i) => request(e, { start: inDays(100 + i * 20), end: inDays(100 + i * 20 + 9) })));
    assert.deepEqual(results.map((x) => x.status).sort(), [200, 200, 400, 400]);
    assert.equal(await remainder(e), 8);
  });

  it('edit: own dates while planned; approval (planned=false) and others only with vacations_edit', async () => {
    const v = (await request(boris, { start: inDays(40), end: inDays(41) })).body.result;
    const moved = await t.call(r.vacationUpdate, { token: boris.token, params: { id: v._id }, body: { start: inDays(42), end: inDays(45) } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.result.days, 4);
    assert.equal(await remainder(boris), 28 - 2 - 4);
    const selfApprove = await t.call(r.vacationUpdate, { token: boris.token, params: { id: v._id }, body: { planned: false } });
    assert.equal(selfApprove.status, 403);
    const onOther = await t.call(r.vacationUpdate, { token: anna.token, params: { id: v._id }, body: { start: inDays(60) } });
    assert.equal(onOther.status, 403);
    const approved = await t.call(r.vacationUpdate, { token: manager.token, params: { id: v._id }, body: { planned: false } });
    assert.equal(approved.status, 200);
    assert.equal(approved.body.result.planned, false);
    const overlapEdit = await t.call(r.vacationUpdate, { token: manager.token, params: { id: v._id }, body: { start: inDays(12), end: inDays(13) } });
    assert.equal(overlapEdit.body.code, 'vacationOverlap');
    // A manager plans for someone else; an employee may not.
    assert.equal((await t.call(r.vacationCreate, { token: anna.token, body: { user: boris.user._id, start: inDays(80), end: inDays(80) } })).status, 403);
    const forBoris = await t.call(r.vacationCreate, {
      token: manager.token,
      body: { user: boris.user._id, start: inDays(80), end: inDays(80), planned: false },
    });
    assert.equal(forBoris.status, 200);
    assert.equal(forBoris.body.result.user, boris.user._id);
    assert.equal(await remainder(boris), 28 - 2 - 4 - 1);
  });

  it('delete restores the days and writes evt.people.vacation.deleted; another employee cannot', async () => {
    const v = (await request(boris, { start: inDays(90), end: inDays(92) })).body.result;
    const before = await remainder(boris);
    assert.equal((await t.call(r.vacationDelete, { token: anna.token, params: { user: boris.user._id, id: v._id } })).status, 403);
    assert.equal((await t.call(r.vacationDelete, { token: boris.token, params: { user: anna.user._id, id: v._id } })).status, 404);
    const del = await t.call(r.vacationDelete, { token: boris.token, params: { user: boris.user._id, id: v._id } });
    assert.equal(del.status, 200);
    assert.equal(await remainder(boris), before + 3);
    await eventually(() => events.some((e) => e.subject === 'evt.people.vacation.deleted' && (e.data as { _id: string })._id === v._id));
  });

  it('the timeline lists employees with their remainder and vacations; by department subtree and by search', async () => {
    const root = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Vac co' } })).body.result._id;
    const dept = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Books', parent: root } })).body.result._id;
    const sub = (await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Books east', parent: dept } })).body.result._id;
    await t.call(r.deptUsersAdd, { token: acme.adminToken, params: { client: acme.client._id, dept: sub }, body: { users: [anna.user._id] } });

    const all = await t.call(r.vacationList, { token: boris.token });
    assert.equal(all.status, 200);
    const a = all.body.result.users.find((u: { _id: string }) => u._id === anna.user._id);
    assert.equal(a.fullName, 'Anna Alpha');
    assert.equal(a.vacationDays, 0);
    assert.equal(a.vacations.length, 2);
    const byDept = await t.call(r.vacationList, { token: boris.token, query: { dept } });
    assert.deepEqual(
      byDept.body.result.users.map((u: { _id: string }) => u._id),
      [anna.user._id],
    );
    const bySearch = await t.call(r.vacationList, { token: boris.token, query: { search: 'beta' } });
    assert.deepEqual(
      bySearch.body.result.users.map((u: { fullName: string }) => u.fullName),
      ['Boris Beta'],
    );
    await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: boris.user._id, role: 'vacations' } });
    const noRight = await t.login('boris@vacco.test', 'employee1');
    assert.equal((await t.call(r.vacationList, { token: noRight.token })).status, 403);
  });

  it('isolation: another client neither sees nor changes these vacations (404)', async () => {
    const v = (await request(manager, { start: inDays(150), end: inDays(151) })).body.result;
    const list = await t.call(r.vacationList, { token: other.adminToken });
    assert.equal(list.status, 200);
    assert.ok(!JSON.stringify(list.body).includes(manager.user._id));
    assert.equal((await t.call(r.vacationUpdate, { token: other.adminToken, params: { id: v._id }, body: { planned: false } })).status, 404);
    assert.equal((await t.call(r.vacationDelete, { token: other.adminToken, params: { user: manager.user._id, id: v._id } })).status, 404);
    assert.equal(
      (await t.call(r.vacationCreate, { token: other.adminToken, body: { user: manager.user._id, start: inDays(170), end: inDays(171) } })).status,
      404,
    );
    assert.equal((await t.call(r.vacationList, { token: other.adminToken, query: { dept: v._id } })).status, 404);
  });
});
