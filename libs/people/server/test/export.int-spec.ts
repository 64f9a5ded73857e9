import { peopleRoutes } from '@intranet/people-contract';
import { exportHeaders } from '@intranet/people-server';
import ExcelJS from 'exceljs';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;

describe('employee export to Excel (§7 POST api/user/export/{id}, export/all/{id}; §8 Excel export errors)', () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let emp: Awaited<ReturnType<TestPortal['makeEmployee']>>;

  /** Downloads an export's signed URL and reads its first sheet as rows of cell texts. */
  const download = (url: string, token?: string) =>
    t.portal.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  /** The workbook as the exporting administrator downloads it. */
  const sheet = async (url: string) => {
    const file = await download(url, acme.adminToken);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  };

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('exportco');
    other = await t.makeClient('exportother');
    emp = await t.makeEmployee(acme.adminToken, 'emp@exportco.test', { firstName: 'Erika', lastName: 'Export', position: 'Clerk', inn: '1234567890' });
    const gone = await t.makeEmployee(acme.adminToken, 'gone@exportco.test', { lastName: 'Gone' });
    await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: gone.user._id } });
  });
  afterAll(() => t.close());

  it('one employee: address book columns and HR fields in an .xlsx', async () => {
    const ex = await t.call(peopleRoutes.userExport, { token: acme.adminToken, params: { id: emp.user._id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    assert.match(ex.body.result.fileName, /^employee-.*\.xlsx$/);
    const rows = await sheet(ex.body.result.url);
    assert.equal(rows.length, 2);
    const [head, row] = rows;
    // Headers in the caller's language (the client's default here).
    const h = exportHeaders(acme.admin.lang);
    const col = (key: 'lastName' | 'email' | 'position' | 'inn' | 'vacationDays') => row[head.indexOf(h[key])];
    assert.equal(col('lastName'), 'Export');
    assert.equal(col('email'), 'emp@exportco.test');
    assert.equal(col('position'), 'Clerk');
    assert.equal(col('inn'), '1234567890');
    assert.equal(col('vacationDays'), '28');
  });

  it('all employees of the client, deleted ones left out; administrators only; another client gets 404', async () => {
    const ex = await t.call(peopleRoutes.userExportAll, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    const rows = await sheet(ex.body.result.url);
    const emails = rows.slice(1).map((r) => r[rows[0].indexOf(exportHeaders(acme.admin.lang).email)]);
    assert.deepEqual(emails.sort(), ['admin@exportco.test', 'emp@exportco.test']);

    assert.equal((await t.call(peopleRoutes.userExportAll, { token: emp.token, params: { id: acme.client._id } })).status, 403);
    assert.equal((await t.call(peopleRoutes.userExport, { token: emp.token, params: { id: emp.user._id } })).status, 403);
    assert.equal((await t.call(peopleRoutes.userExportAll, { token: other.adminToken, params: { id: acme.client._id } })).status, 404);
    assert.equal((await t.call(peopleRoutes.userExport, { token: other.adminToken, params: { id: emp.user._id } })).status, 404);
  });

  it('an export is personal data: its URL reads nothing alone, nor for an employee or another client; the administrators read it (issue 38 §4)', async () => {
    const ex = await t.call(peopleRoutes.userExportAll, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    const url = ex.body.result.url as string;
    assert.equal((await download(url)).statusCode, 401);
    assert.equal((await download(url, emp.token)).statusCode, 403);
    assert.equal((await download(url, other.adminToken)).statusCode, 403);
    assert.equal((await download(url, acme.adminToken)).statusCode, 200);
  });

  it('typed text a spreadsheet would run as a formula (= + - @) is exported as text with a leading quote (issue 38 §8)', async () => {
    const typed = { position: '=HYPERLINK("https://evil.test","Pay")', department: '@SUM(A1:A2)', city: '-2+3', organisation: '+cmd' };
    const f = await t.makeEmployee(acme.adminToken, 'formula@exportco.test', { lastName: 'Formula', ...typed });
    const ex = await t.call(peopleRoutes.userExport, { token: acme.adminToken, params: { id: f.user._id } });
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    const [head, row] = await sheet(ex.body.result.url);
    const h = exportHeaders(acme.admin.lang);
    for (const [key, value] of Object.entries(typed)) assert.equal(row[head.indexOf(h[key as keyof typeof typed])], `'${value}`, key);
    assert.equal(row[head.indexOf(h.lastName)], 'Formula');
  });
});
