import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { structureEvents, structureRoutes as r } from '@intranet/people-contract/structure';
import { on, type BusEvent } from '@intranet/platform-bus';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { eventually } from '@intranet/platform-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;
type ZupDept = { Ref_Key: string; Description: string; Parent_Key: string; DeletionMark: boolean };

const EMPTY = '00000000-0000-0000-0000-000000000000';
const ref = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

/**
 * A local HTTP server that plays 1C:ZUP's standard OData interface in the recorded shape
 * ({ "odata.metadata", value: [...] }), with Basic auth: Catalog_ПодразделенияОрганизаций, Catalog_Сотрудники,
 * Catalog_ФизическиеЛица (contact information as its tabular part), Catalog_Должности and the periodic register
 * InformationRegister_КадроваяИсторияСотрудников, whole or as `/SliceLast()` (the newest record per employee, as
 * 1C computes it; 404 when `sliceLast.on` is false, as an infobase that does not publish the function).
 */
function fakeZup(catalogs: () => Record<string, unknown[]>, sliceLast = { on: true }) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '');
    seen.push(url);
    if (req.headers.authorization !== `Basic ${Buffer.from('hr:secret').toString('base64')}`) return void res.writeHead(401).end();
    const m = /^\/zup\/odata\/standard\.odata\/([^?/]+)(\/SliceLast\(\))?\?/.exec(url);
    let value = m ? catalogs()[m[1]] : undefined;
    if (m?.[2] && value) {
      if (!sliceLast.on) return void res.writeHead(404).end();
      const newest = new Map<string, Record<string, unknown>>();
      for (const r of value as Record<string, unknown>[]) {
        const k = String(r.Сотрудник_Key);
        if (r.Active !== false && (!newest.has(k) || String(r.Period) >= String(newest.get(k)!.Period))) newest.set(k, r);
      }
      // SliceLast answers the period, dimensions and resources only (no Recorder, LineNumber, Active).
      value = [...newest.values()].map(({ Recorder: _r, LineNumber: _l, Active: _a, ...rest }) => rest);
    }
    if (!value) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ 'odata.metadata': `http://x/zup/odata/standard.odata/$metadata#${m![1]}`, value }));
  });
  return { server, seen };
}

const email = (e: string) => [{ Тип: 'АдресЭлектроннойПочты', Представление: e }];

describe('HR integration with 1C:ZUP (POST api/structure/load_struct, POST api/user/load_hrm; §5 HR integration, §8)', () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let zup: ReturnType<typeof fakeZup>;
  let base = '';
  let data: ZupDept[] = [
    { Ref_Key: ref(1), Description: 'Head office', Parent_Key: EMPTY, DeletionMark: false },
    { Ref_Key: ref(2), Description: 'Accounting', Parent_Key: ref(1), DeletionMark: false },
    { Ref_Key: ref(3), Description: 'Warehouse', Parent_Key: EMPTY, DeletionMark: false },
    { Ref_Key: ref(4), Description: 'Old branch', Parent_Key: EMPTY, DeletionMark: true },
  ];

  let staff: Record<string, unknown>[] = [
    { Ref_Key: ref(101), Code: '0001', Description: 'Ivanov Ivan', ФизическоеЛицо_Key: ref(201), ВАрхиве: false, DeletionMark: false },
    { Ref_Key: ref(102), Code: '0002', Description: 'Petrova Anna', ФизическоеЛицо_Key: ref(202), ВАрхиве: false, DeletionMark: false },
    { Ref_Key: ref(103), Code: '0003', Description: 'Sidorov (no e-mail)', ФизическоеЛицо_Key: ref(203), ВАрхиве: false, DeletionMark: false },
  ];
  let persons: Record<string, unknown>[] = [
    {
      Ref_Key: ref(201),
      Фамилия: 'Ivanov',
      Имя: 'Ivan',
      Отчество: 'Petrovich',
      ИНН: '770123456789',
      ДатаРождения: '1985-04-12T00:00:00',
      Пол: 'Мужской',
      КонтактнаяИнформация: email('ivanov@hrco.test'),
    },
    {
      Ref_Key: ref(202),
      Фамилия: 'Petrova',
      Имя: 'Anna',
      Отчество: '',
      ИНН: '',
      ДатаРождения: '0001-01-01T00:00:00',
      Пол: 'Женский',
      КонтактнаяИнформация: email('petrova@hrco.test'),
    },
    { Ref_Key: ref(203), Фамилия: 'Sidorov', Имя: 'Oleg', ИНН: '', ДатаРождения: '0001-01-01T00:00:00', Пол: 'Мужской', КонтактнаяИнформация: [] },
  ];
  const positions = [
    { Ref_Key: ref(301), Code: '00001', Description: 'Accountant', DeletionMark: false },
    { Ref_Key: ref(302), Code: '00002', Description: 'Storekeeper', DeletionMark: false },
  ];
  const move = (n: number, period: string, emp: number, dept: number, pos: number, kind = 'Перемещение') => ({
    Recorder: ref(900 + n),
    Recorder_Type: 'StandardODATA.Document_КадровыйПеревод',
    LineNumber: '1',
    Active: true,
    Period: period,
    Сотрудник_Key: ref(emp),
    ФизическоеЛицо_Key: ref(emp + 100),
    Подразделение_Key: ref(dept),
    Должность_Key: ref(pos),
    ВидСобытия: kind,
  });
  let history: Record<string, unknown>[] = [
    move(1, '2020-01-10T00:00:00', 101, 3, 302, 'Прием'),
    move(2, '2023-05-01T00:00:00', 101, 2, 301),
    move(3, '2021-03-15T00:00:00', 102, 3, 302, 'Прием'),
  ];
  const sliceLast = { on: true };
  const hrm = () => t.call(peopleRoutes.userLoadHrm, { token: acme.adminToken, body: {} });
  const person = async (mail: string) => {
    const f = await t.call(peopleRoutes.userFilter, {
      token: acme.adminToken,
      params: { workspace: 'hrco' },
      body: { data: { search: mail, deleted: false } },
    });
    const d = await t.call(peopleRoutes.userFilter, { token: acme.adminToken, params: { workspace: 'hrco' }, body: { data: { search: mail, deleted: true } } });
    return [...f.body.result.users, ...d.body.result.users][0];
  };

  const tree = async () =>
    (await t.call(r.structureByClient, { token: acme.adminToken, params: { client: acme.client._id }, query: { kind: 'adm' } })).body.result as {
      name: string;
      depth: number;
    }[];
  const load = () => t.call(r.structureLoadStruct, { token: acme.adminToken, body: { client_id: acme.client._id } });
  const check = () => t.call(r.structureHrCheck, { token: acme.adminToken, body: { client_id: acme.client._id } });
  const setHr = (hr: Record<string, string>) => t.call(clientRoutes.clientUpdate, { token: acme.superToken, params: { id: acme.client._id }, body: { hr } });
  const loaded: BusEvent[] = [];
  /**
   * The evt.people.structure.loaded events since the last call, once this process's outbox has published what is
   * pending and `count` of them have arrived (0: those that arrived; what a rolled-back load never adds).
   */
  const loadEvents = async (count = 0) => {
    await t.portal.platform.outbox.published();
    await eventually(() => loaded.length >= count);
    return loaded.splice(0).map((e) => ({ clientId: e.clientId, ...(e.data as Record<string, unknown>) }));
  };
  const membership: BusEvent[] = [];
  /**
   * The evt.people.dept_users.updated events since the last call, by department id, once the outbox has published
   * what is pending and `count` of them have arrived.
   */
  const membershipEvents = async (count = 0) => {
    await t.portal.platform.outbox.published();
    await eventually(() => membership.length >= count);
    return Object.fromEntries(
      membership.splice(0).map((e) => [(e.data as { _id: string })._id, { clientId: e.clientId, ...(e.data as Record<string, unknown>) }]),
    );
  };

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('hrco');
    other = await t.makeClient('hrother');
    zup = fakeZup(
      () => ({
        Catalog_ПодразделенияОрганизаций: data,
        Catalog_Сотрудники: staff,
        Catalog_ФизическиеЛица: persons,
        Catalog_Должности: positions,
        InformationRegister_КадроваяИсторияСотрудников: history,
      }),
      sliceLast,
    );
    await new Promise<void>((ok) => zup.server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(zup.server.address() as AddressInfo).port}/zup`;
    await on(t.portal.platform.bus, structureEvents.structureLoaded, async (e) => void loaded.push(e));
    await on(t.portal.platform.bus, structureEvents.deptUsersUpdated, async (e) => void membership.push(e));
  });
  afterAll(async () => {
    zup.server.close();
    await t.close();
  });

  it('needs the tax id and a connection (§5 "HR integration needs tax id")', async () => {
    const noTax = await load();
    assert.equal(noTax.status, 400);
    assert.equal(noTax.body.code, 'hrNeedsTaxId');
    assert.equal(noTax.body.message, 'HR integration needs tax id');
    assert.equal((await check()).body.code, 'hrNeedsTaxId');
    assert.equal(
      (await t.call(clientRoutes.clientUpdate, { token: acme.superToken, params: { id: acme.client._id }, body: { taxNumber: '7701234567' } })).status,
      200,
    );
    const noUrl = await load();
    assert.equal(noUrl.body.code, 'hrNotConnected');
    assert.equal((await hrm()).body.code, 'hrNotConnected');
    assert.equal((await check()).body.code, 'hrNotConnected');
    const set = await t.call(clientRoutes.clientUpdate, {
      token: acme.superToken,
      params: { id: acme.client._id },
      body: { hr: { url: base, login: 'hr', password: 'secret' } },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  });

  it('the connection test (POST api/structure/hr_check): departments seen, or why not (password, address); writes nothing', async () => {
    const ok = await check();
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.result, { ok: true, departments: 3, reason: null, status: null });
    assert.ok(zup.seen.at(-1)!.includes('Catalog_ПодразделенияОрганизаций'));
    assert.equal((await setHr({ url: base, login: 'hr', password: 'wrong' })).status, 200);
    assert.deepEqual((await check()).body.result, { ok: false, departments: null, reason: 'unauthorized', status: 401 });
    assert.equal((await setHr({ url: `${base}/nothing-here`, login: 'hr', password: 'secret' })).status, 200);
    assert.deepEqual((await check()).body.result, { ok: false, departments: null, reason: 'not_found', status: 404 });
    assert.equal((await setHr({ url: 'http://127.0.0.1:9', login: 'hr', password: 'secret' })).status, 200);
    assert.deepEqual((await check()).body.result, { ok: false, departments: null, reason: 'unreachable', status: null });
    assert.equal((await setHr({ url: base, login: 'hr', password: 'secret' })).status, 200);
    // Nothing was loaded by the tests.
    assert.deepEqual(
      (await tree()).map((d) => d.name),
      [],
    );
  });

  it('first load creates the tree under the root; a second load changes nothing; one marked deleted is not created', async () => {
    const first = await load();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.result, { created: 3, updated: 0, unchanged: 0, failed: [] });
    assert.ok(zup.seen.some((u) => u.includes('$format=json')));
    assert.deepEqual(
      (await tree()).map((d) => [d.name, d.depth]),
      [
        ['Company hrco', 0],
        ['Head office', 1],
        ['Accounting', 2],
        ['Warehouse', 1],
      ],
    );
    const again = await load();
    assert.deepEqual(again.body.result, { created: 0, updated: 0, unchanged: 3, failed: [] });
    // One summary event for the load that wrote something (by the admin); none for the one that changed nothing.
    assert.deepEqual(await loadEvents(1), [{ clientId: acme.client._id, kind: 'adm', created: 3, updated: 0, unchanged: 0, failed: 0, by: acme.admin._id }]);
  });

  it('a renamed and moved department is updated with its subtree; nothing is deleted', async () => {
    data = [
      { Ref_Key: ref(1), Description: 'Head office', Parent_Key: ref(3), DeletionMark: false },
      { Ref_Key: ref(2), Description: 'Finance', Parent_Key: ref(1), DeletionMark: false },
      { Ref_Key: ref(3), Description: 'Warehouse', Parent_Key: EMPTY, DeletionMark: false },
    ];
    const res = await load();
    assert.deepEqual(res.body.result, { created: 0, updated: 2, unchanged: 1, failed: [] });
    assert.deepEqual(
      (await tree()).map((d) => [d.name, d.depth]),
      [
        ['Company hrco', 0],
        ['Warehouse', 1],
        ['Head office', 2],
        ['Finance', 3],
      ],
    );
  });

  it('employees (load_hrm): first import creates, a row without e-mail fails, a re-import changes nothing', async () => {
    const first = await hrm();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      { ...first.body.result, failed: first.body.result.failed.map((f: { code: string }) => f.code) },
      {
        created: 2,
        updated: 0,
        unchanged: 0,
        fired: 0,
        failed: ['0003'],
      },
    );
    const ivanov = await person('ivanov@hrco.test');
    assert.equal(ivanov.lastName, 'Ivanov');
    assert.equal(ivanov.middleName, 'Petrovich');
    assert.equal(ivanov.inn, '770123456789');
    assert.equal(ivanov.birthDate, '1985-04-12');
    assert.equal(ivanov.gender, 'man');
    const again = await hrm();
    assert.deepEqual(again.body.result, { created: 0, updated: 0, unchanged: 2, fired: 0, failed: again.body.result.failed });
  });

  it('employees: position and department from the newest assignment (SliceLast); a transfer moves them; idempotent', async () => {
    assert.ok(zup.seen.some((u) => u.includes('/InformationRegister_КадроваяИсторияСотрудников/SliceLast()?')));
    assert.ok(zup.seen.some((u) => u.includes('/Catalog_Должности?')));
    const members = async () => {
      const rows = (await t.call(r.structureByClient, { token: acme.adminToken, params: { client: acme.client._id }, query: { kind: 'adm' } })).body.result as {
        name: string;
        employees: string[];
      }[];
      return Object.fromEntries(rows.filter((d) => d.employees.length).map((d) => [d.name, d.employees]));
    };
    let ivanov = await person('ivanov@hrco.test');
    let anna = await person('petrova@hrco.test');
    // Ivanov was hired into the warehouse, then moved to Finance (ref 2) as an accountant: the newest record wins.
    assert.deepEqual([ivanov.position, ivanov.department], ['Accountant', 'Finance']);
    assert.deepEqual([anna.position, anna.department], ['Storekeeper', 'Warehouse']);
    assert.deepEqual(await members(), { Finance: [ivanov._id], Warehouse: [anna._id] });

    // A transfer of Anna to the head office: updated once, her old HR department left; a manual membership stays.
    const root = ((await tree()) as unknown as { _id: string; depth: number }[]).find((d) => d.depth === 0)!;
    const manual = await t.call(r.structureCreate, {
      token: acme.adminToken,
      body: { kind: 'adm', name: 'Committee', parent: root._id, client_id: acme.client._id },
    });
    assert.equal(manual.status, 200, JSON.stringify(manual.body));
    await t.call(r.deptUsersAdd, { token: acme.adminToken, params: { client: acme.client._id, dept: manual.body.result._id }, body: { users: [anna._id] } });
    await membershipEvents(1); // the manual addition's own event
    history = [...history, move(4, '2024-02-01T00:00:00', 102, 1, 301)];
    const moved = await hrm();
    assert.deepEqual(moved.body.result, { created: 0, updated: 1, unchanged: 1, fired: 0, failed: moved.body.result.failed });
    anna = await person('petrova@hrco.test');
    assert.deepEqual([anna.position, anna.department], ['Accountant', 'Head office']);
    assert.deepEqual(await members(), { 'Head office': [anna._id], Finance: [ivanov._id], Committee: [anna._id] });
    // The move tells an open structure chart: one dept_users.updated for the department she left and one for the
    // one she joined (not for Finance, untouched, nor for the manual Committee membership, kept).
    const deptId = Object.fromEntries(((await tree()) as unknown as { _id: string; name: string }[]).map((d) => [d.name, d._id]));
    const common = { clientId: acme.client._id, client_id: acme.client._id, kind: 'adm', headUser: null, previousHead: null, by: acme.admin._id };
    assert.deepEqual(await membershipEvents(2), {
      [deptId.Warehouse]: { ...common, _id: deptId.Warehouse, dept_id: deptId.Warehouse, users: [], added: [], removed: [anna._id] },
      [deptId['Head office']]: { ...common, _id: deptId['Head office'], dept_id: deptId['Head office'], users: [anna._id], added: [anna._id], removed: [] },
    });
    assert.equal((await hrm()).body.result.unchanged, 2);
    assert.deepEqual(await membershipEvents(), {}, 'a load that moves nobody publishes no membership event');

    // An infobase without SliceLast: the whole register is read and the newest record per employee taken.
    sliceLast.on = false;
    const whole = await hrm();
    assert.deepEqual(whole.body.result, { created: 0, updated: 0, unchanged: 2, fired: 0, failed: whole.body.result.failed });
    assert.ok(zup.seen.some((u) => /\/InformationRegister_КадроваяИсторияСотрудников\?/.test(u)));
    sliceLast.on = true;

    // A department HR has but load_struct did not load (marked deleted): the row says so, the membership stays.
    history = [...history, move(5, '2025-01-01T00:00:00', 101, 4, 302)];
    const unknown = await hrm();
    assert.ok(unknown.body.result.failed.some((f: { code: string; reason: string }) => f.code === '0001' && f.reason === 'department not loaded'));
    ivanov = await person('ivanov@hrco.test');
    assert.equal(ivanov.position, 'Storekeeper');
    assert.equal(ivanov.department, 'Finance');
    assert.deepEqual((await members()).Finance, [ivanov._id]);
    history = history.filter((h) => h.Recorder !== ref(905));
    history = [...history, move(6, '2025-01-02T00:00:00', 101, 2, 301)];
    assert.deepEqual((await hrm()).body.result.updated, 1);
  });

  it('employees: a changed surname is updated, one in the archive is fired (marked deleted, not removed)', async () => {
    persons = persons.map((p) => (p.Ref_Key === ref(202) ? { ...p, Фамилия: 'Smirnova' } : p));
    staff = staff.map((e) => (e.Code === '0001' ? { ...e, ВАрхиве: true } : e));
    const res = await hrm();
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.updated, 1);
    assert.equal(res.body.result.fired, 1);
    assert.equal((await person('petrova@hrco.test')).lastName, 'Smirnova');
    const fired = await person('ivanov@hrco.test');
    assert.equal(fired.deletion_mark, true);
    assert.equal(fired.status, 'deleted');
    const repeat = await hrm();
    assert.equal(repeat.body.result.fired, 0);
    assert.equal(repeat.body.result.unchanged, 2);
  });

  it('reset_to_hrm: an employee edited here gets the HR data back', async () => {
    const anna = await person('petrova@hrco.test');
    const edited = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: anna._id }, body: { lastName: 'Changed', gender: 'man' } });
    assert.equal(edited.body.result.lastName, 'Changed');
    const reset = await t.call(peopleRoutes.userResetToHrm, { token: acme.adminToken, body: { user_id: anna._id } });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal(reset.body.result.lastName, 'Smirnova');
    assert.equal(reset.body.result.gender, 'woman');
    const local = await t.makeEmployee(acme.adminToken, 'local@hrco.test');
    const missing = await t.call(peopleRoutes.userResetToHrm, { token: acme.adminToken, body: { user_id: local.user._id } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'hrEmployeeMissing');
    assert.equal((await t.call(peopleRoutes.userResetToHrm, { token: other.adminToken, body: { user_id: anna._id } })).status, 404);
  });

  it('the HR server down: loading_struct_hrm_error and nothing changes', async () => {
    const people = (await t.call(peopleRoutes.userForClient, { token: acme.adminToken, params: { clientId: acme.client._id } })).body.result;
    const before = await tree();
    await new Promise<void>((ok) => zup.server.close(() => ok()));
    await loadEvents(); // the earlier tests' loads
    const down = await load();
    assert.deepEqual((await check()).body.result, { ok: false, departments: null, reason: 'unreachable', status: null });
    assert.equal(down.status, 503);
    assert.equal(down.body.code, 'loading_struct_hrm_error');
    assert.equal(down.body.message, 'Loading the structure from the HR system failed');
    assert.deepEqual(await tree(), before);
    assert.deepEqual(await loadEvents(), []);
    const hrDown = await hrm();
    assert.equal(hrDown.status, 503);
    assert.equal(hrDown.body.code, 'loading_struct_hrm_error');
    assert.deepEqual((await t.call(peopleRoutes.userForClient, { token: acme.adminToken, params: { clientId: acme.client._id } })).body.result, people);
    const resetDown = await t.call(peopleRoutes.userResetToHrm, { token: acme.adminToken, body: { user_id: people[0]._id } });
    assert.equal(resetDown.status, 503);
    assert.equal(resetDown.body.code, 'reseting_hrm_error');
  });

  it('isolation and rights: another client (404), an employee (403)', async () => {
    assert.equal((await t.call(r.structureLoadStruct, { token: other.adminToken, body: { client_id: acme.client._id } })).status, 404);
    assert.equal((await t.call(r.structureHrCheck, { token: other.adminToken, body: { client_id: acme.client._id } })).status, 404);
    const emp = await t.makeEmployee(acme.adminToken, 'e@hrco.test');
    assert.equal((await t.call(r.structureLoadStruct, { token: emp.token, body: { client_id: acme.client._id } })).status, 403);
    assert.equal((await t.call(r.structureHrCheck, { token: emp.token, body: { client_id: acme.client._id } })).status, 403);
    assert.equal((await t.call(peopleRoutes.userLoadHrm, { token: other.adminToken, body: { client_id: acme.client._id } })).status, 404);
    assert.equal((await t.call(peopleRoutes.userLoadHrm, { token: emp.token, body: {} })).status, 403);
  });
});
